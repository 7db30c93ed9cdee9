import type { Caller } from './caller.js';
import { shellQuote } from './curl-command.js';
import type { ServiceShape } from './service-shape.js';
import type { Transport } from './transport.js';

/**
 * The line an in-process run sends over: `stable` as the spec's timing model says; `unstable` loses the
 * first response of each exchange once (the spec's unstable line); `lossy` loses messages at random; `crash`
 * kills apisim's own origin mid-run and restarts it on its storage. On a faulty line the client re-sends,
 * with an Idempotency-Key on every unsafe request.
 */
export const lines = ['stable', 'unstable', 'lossy', 'crash'] as const;
export type Line = (typeof lines)[number];

export interface InProcessOptions {
  /** As given on the command line: the replay command names it the same way. */
  readonly configFile: string;
  readonly seed: number;
  readonly line: Line;
  /** Keep the run's trace, so that each response carries its hops (`WireResponse.sequence`) for `--html`. */
  readonly traceHops?: boolean;
}

/**
 * A target description run in the simulator, ready for the checks: requests go through the simulated
 * shared cache to the app (`transport`), both users are signed in the target's way, and the checks are
 * timed on the virtual clock (`nowMs`). `properties/targets/` opens it: the suite itself knows no simulator.
 */
export interface InProcessTarget {
  readonly transport: Transport;
  readonly user: Caller;
  readonly otherUser: Caller;
  readonly shape: ServiceShape;
  /** For the report: the config, the target's name, seed and line. */
  readonly label: string;
  readonly nowMs: () => number;
  close(): void;
}

export type OpenInProcess = (options: InProcessOptions) => Promise<InProcessTarget>;

/** The config cannot be run (it is not a valid target, the line is not supported for its app, a user cannot sign in): a usage error. */
export class ConfigRefused extends Error {
  override readonly name = 'ConfigRefused';
}

/** The one command that runs a check again in the simulator, with the same seed and line: what a failure prints. */
export function replayCommand(options: InProcessOptions, checkName: string): string {
  const line = options.line === 'stable' ? '' : ` --line ${options.line}`;
  return `npx apisim conformance --config ${shellQuote(options.configFile)} --only ${checkName} --seed ${options.seed}${line}`;
}
