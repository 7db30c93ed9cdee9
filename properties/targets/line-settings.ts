import type { Line } from '../conformance/in-process.js';
import type { RunSettingsInput } from '../../sim/scenario/spec.js';

/** On a faulty line the client re-sends every request, each unsafe one with an Idempotency-Key: as a careful client would. */
const keyed = { policy: 'keyed' } as const;

/** Each message lost with this probability on every client's line: often enough that a run of the suite meets several losses. */
const lossProbability = 0.1;

/**
 * The origin dies in its 25th request (past both sign-ins and into the checks) after that request took
 * effect and before it answered, the hardest place for a re-send, and comes back 200 ms later.
 */
const crash = { request: 25, point: 'after-effect', downUs: 200_000 } as const;

/** The run settings of `--line`: what `npx apisim conformance --config … --line <line>` sends over. */
export function lineSettings(line: Line): RunSettingsInput {
  switch (line) {
    case 'stable':
      return {};
    case 'unstable':
      return { modes: { line: 'unstable', client: keyed } };
    case 'lossy':
      return { topology: { wan: { faults: [{ rule: 'loss', probability: lossProbability }] } }, modes: { client: keyed } };
    case 'crash':
      return { crashes: [crash], modes: { client: keyed } };
  }
}
