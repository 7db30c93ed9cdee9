import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { planRun } from '../sim/host/run-plan.js';
import { type CounterexampleOf, parseScenario, type ScenarioInput } from '../sim/scenario/spec.js';
import { UserError } from '../sim/user-error.js';
import { parseTarget } from './targets/define-target.js';
import { loadTarget } from './targets/load-target.js';
import { PreparedTarget, type TargetSession } from './targets/target-session.js';
import { allPrinciples } from './all-principles.js';
import { broken as brokenBy, type Principle, type RunVerdict } from './principle.js';

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
  /** Undefined when replaying the file re-judges the run by its principle, as shown before anyone is told; else why it does not. */
  readonly unjudged: string | undefined;
}

/** The run that broke a principle, as the file records what it is a counterexample of. */
export interface BrokenRun<Plan> {
  readonly prepared: PreparedTarget;
  readonly principle: Principle<Plan>;
  readonly plan: Plan;
  readonly problems: readonly string[];
}

/**
 * Writes the scenario and runs it as `npx apisim sim --file` would, before anyone is told to: the command a
 * report prints is only worth printing if it shows the run that broke the principle, status for status and
 * event for event (the same trace hash). With the broken run, the file also records what it is a
 * counterexample of (`counterexampleOf`), and is re-judged from the file to show that its replay tells.
 */
export async function writeScenario<Plan>(scenario: ScenarioInput, folder: string, seed: number, session: { readonly traceHash: string; readonly statuses: readonly (number | null)[] }, broken: BrokenRun<Plan>): Promise<WrittenScenario> {
  const absolute = resolve(folder);
  mkdirSync(absolute, { recursive: true });
  const path = join(absolute, `${scenario.name ?? 'counterexample'}.json`);
  const recorded = counterexampleOf(broken, seed, absolute);
  const written = typeof recorded === 'string' ? scenario : { ...scenario, counterexampleOf: recorded };
  writeFileSync(path, `${JSON.stringify(written, null, 2)}\n`);
  const fromHere = relative(process.cwd(), path);
  const file = fromHere.startsWith('..') ? path : fromHere.split(sep).join('/');
  const spec = parseScenario(written, path);
  const replay = await (await planRun({ name: spec.name ?? 'counterexample', spec }, path)).run(seed);
  const statuses = replay.summary.map((s) => s.status);
  const differs = replay.traceHash === session.traceHash && JSON.stringify(statuses) === JSON.stringify(session.statuses)
    ? undefined
    : `the file's run answered ${statuses.join(', ')} (trace ${replay.traceHash.slice(0, 12)}), the session ${session.statuses.join(', ')} (trace ${session.traceHash.slice(0, 12)})`;
  const unjudged = typeof recorded === 'string' ? recorded : await judgedAlike(recorded, path, broken.problems);
  // A record that does not judge the run as it broke would give a verdict of its own: the file goes without it.
  if (unjudged !== undefined && written !== scenario) writeFileSync(path, `${JSON.stringify(scenario, null, 2)}\n`);
  return { file, command: `npx apisim sim --file ${file} --seed ${seed}`, differs, unjudged };
}

/**
 * What the file is a counterexample of, or why it cannot say: the principle must be one of apisim's (a replay
 * finds it by name), its plan plain JSON data, and the target a config file (named relative to the folder) or
 * a description that is plain data itself (its app named relative to the folder, as the scenario's origin is).
 */
function counterexampleOf<Plan>(broken: BrokenRun<Plan>, seed: number, folder: string): CounterexampleOf | string {
  const { prepared, principle, plan } = broken;
  if (allPrinciples.find((p) => p.name === principle.name) !== principle) return `${principle.name} is not one of apisim's principles, which a replay finds by name`;
  if (!isJsonData(plan)) return 'its plan is not plain JSON data';
  if (existsSync(prepared.file)) return { principle: principle.name, target: { config: relative(folder, prepared.file).split(sep).join('/') }, seed, plan };
  const description: unknown = { ...prepared.target, app: prepared.originFor(folder) ?? prepared.target.app };
  if (!isJsonData(description) || typeof description !== 'object' || description === null || Array.isArray(description)) return 'its target has no config file, and its description is not plain JSON data (a function in it, say)';
  return { principle: principle.name, target: { description }, seed, plan };
}

/** Re-judged from the file, the run breaks the principle in the same words: undefined; else what happened. */
async function judgedAlike(record: CounterexampleOf, path: string, problems: readonly string[]): Promise<string | undefined> {
  try {
    const { verdict } = await rejudge(record, path);
    if (verdict.outcome === 'broken' && JSON.stringify(verdict.problems) === JSON.stringify(problems)) return undefined;
    return `re-judged from the file, the run ${verdict.outcome === 'broken' ? `broke it otherwise: ${verdict.problems[0]}` : verdict.outcome === 'held' ? 'held' : `could not run: ${verdict.reason}`}`;
  } catch (error) {
    return `re-judging it from the file failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

type Json = CounterexampleOf['plan'];

/** Data that comes back from JSON as it went in: no `undefined`, function, symbol, bigint, -0, NaN or infinity. */
export function isJsonData(value: unknown): value is Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(isJsonData);
  return typeof value === 'object' && Object.getOwnPropertySymbols(value).length === 0 && Object.values(value).every(isJsonData);
}

/** A counterexample file that cannot be re-judged as written: the user's to fix (exit 2). */
export class CounterexampleError extends UserError {}

/** A counterexample file's run, judged again by its principle. */
export interface Rejudged {
  readonly principle: string;
  readonly statement: string;
  readonly target: string;
  readonly seed: number;
  /** Broken while it still fails; held once it no longer does; or could not run, which is no pass. */
  readonly verdict: RunVerdict;
}

/**
 * Judges a counterexample file's plan again, by the same principle (its own `check`, the one the property
 * runs: the principle is stated once), at the same seed, against the target as it is now: the config file it
 * names, so a fixed app no longer fails it. An error the check throws breaks it, as it did the property.
 * `file` is the scenario file, which the target's paths are relative to.
 */
export async function rejudge(record: CounterexampleOf, file: string): Promise<Rejudged> {
  const principle = allPrinciples.find((p) => p.name === record.principle);
  if (principle === undefined) throw new CounterexampleError(`${file}: counterexampleOf.principle: no principle is named "${record.principle}"; apisim's are ${allPrinciples.map((p) => p.name).join(', ')}`);
  const loaded = 'config' in record.target
    ? await loadTarget(resolve(dirname(file), record.target.config))
    : { target: parseTarget(record.target.description, file), file: resolve(file) };
  const prepared = await PreparedTarget.prepare(loaded);
  const why = principle.notApplicable(prepared.target);
  if (why !== undefined) throw new CounterexampleError(`${file}: cannot re-judge ${principle.name} on ${prepared.name} as it is now: ${why}`);
  let verdict: RunVerdict;
  let run: TargetSession | undefined;
  try {
    run = await prepared.open({ seed: record.seed, settings: principle.settings(record.plan) });
    verdict = await principle.check(run, record.plan);
  } catch (error) {
    verdict = brokenBy(error instanceof Error ? error.message : String(error));
  } finally {
    run?.close();
  }
  return { principle: principle.name, statement: principle.statement, target: prepared.name, seed: record.seed, verdict };
}
