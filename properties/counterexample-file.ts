import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { planRun } from '../sim/host/run-plan.js';
import { parseScenario, type ScenarioInput } from '../sim/scenario/spec.js';

/**
 * Where counterexamples go unless told otherwise: beside the properties' own
 * (`properties/white-box/counterexample.ts`).
 */
export const defaultCounterexampleFolder = join('reports', 'counterexamples');

/** A counterexample session written as a scenario file, and whether running the file gives the session again. */
export interface WrittenScenario {
  /** As the replay command names it: relative to the working directory when it is below it. */
  readonly file: string;
  readonly command: string;
  /** Undefined when the file replays the session exactly; else what differed. */
  readonly differs: string | undefined;
}

/**
 * Writes the scenario and runs it as `npx apisim sim --file` would, before anyone is told to: the command a
 * report prints is only worth printing if it shows the run that broke the principle, status for status and
 * event for event (the same trace hash).
 */
export async function writeScenario(scenario: ScenarioInput, folder: string, seed: number, session: { readonly traceHash: string; readonly statuses: readonly (number | null)[] }): Promise<WrittenScenario> {
  const absolute = resolve(folder);
  mkdirSync(absolute, { recursive: true });
  const path = join(absolute, `${scenario.name ?? 'counterexample'}.json`);
  writeFileSync(path, `${JSON.stringify(scenario, null, 2)}\n`);
  const fromHere = relative(process.cwd(), path);
  const file = fromHere.startsWith('..') ? path : fromHere.split(sep).join('/');
  const spec = parseScenario(scenario, path);
  const replay = await (await planRun({ name: spec.name ?? 'counterexample', spec }, path)).run(seed);
  const statuses = replay.summary.map((s) => s.status);
  const differs = replay.traceHash === session.traceHash && JSON.stringify(statuses) === JSON.stringify(session.statuses)
    ? undefined
    : `the file's run answered ${statuses.join(', ')} (trace ${replay.traceHash.slice(0, 12)}), the session ${session.statuses.join(', ')} (trace ${session.traceHash.slice(0, 12)})`;
  return { file, command: `npx apisim sim --file ${file} --seed ${seed}`, differs };
}
