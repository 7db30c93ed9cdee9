import { join } from 'node:path';
import type { JsonReport } from '../conformance/json-report.js';
import { allPrinciples } from '../index.js';
import { runPrinciple } from '../runner.js';
import { prepareJob, SweepJobError } from '../sweep/seed-run.js';
import { loadTarget } from '../targets/load-target.js';
import { PreparedTarget } from '../targets/target-session.js';
import { conformance, root } from '../targets/test-kit/conformance-run.js';

/**
 * The ways to run a principle on a target description, each brought to one verdict per principle: as a
 * shrinking property (`runPrinciple`, what the vitest helper runs), seed by seed in a sweep (`apisim sweep
 * <principle> --config`), and as the conformance checks that name it (`apisim conformance --config`, in the
 * simulator, or with `--base-url` over sockets). `properties/three-ways.test.ts` holds them to one another on
 * every target the repository describes; `properties/catalogue.test.ts` holds them to what each flawed app
 * of the catalogue breaks.
 */
export type Verdict = 'holds' | 'broken' | 'not applicable' | 'not judged' | `error: ${string}`;

/** A way's verdict and the first thing it said for it: the evidence, the problem, or why it could not judge. */
export interface Judged {
  readonly verdict: Verdict;
  readonly said: string;
}

/** Small and fixed, so that the verdicts are the same on every machine: every broken principle here is found within them. */
export const propertyRuns = 10;
export const sweepSeeds = 5;

/** Each principle's verdict, by name; a way that has nothing naming a principle leaves it out. */
export type Verdicts = Readonly<Record<string, Judged>>;

/** (a) The property: fast-check's runs, from one fixed seed. `config` is a path from the repository's root. */
export async function asProperty(config: string, folder: string): Promise<Verdicts> {
  const prepared = await PreparedTarget.prepare(await loadTarget(join(root, config)));
  const verdicts: Record<string, Judged> = {};
  for (const principle of allPrinciples) {
    const why = principle.notApplicable(prepared.target);
    if (why !== undefined) {
      verdicts[principle.name] = { verdict: 'not applicable', said: why };
      continue;
    }
    const result = await runPrinciple(prepared, principle, { runs: propertyRuns, fcSeed: 1, folder });
    const verdict = ({ pass: 'holds', fail: 'broken', unrun: 'not judged' } as const)[result.outcome];
    verdicts[principle.name] = { verdict, said: (result.outcome === 'pass' ? result.evidence : result.outcome === 'fail' ? result.problems : result.unrunReasons)[0] ?? '' };
  }
  return verdicts;
}

/** (b) The sweep: its job for each principle on the config, one seed after another, up to the first that fails. */
export async function asSweep(config: string, folder: string): Promise<Verdicts> {
  const verdicts: Record<string, Judged> = {};
  for (const principle of allPrinciples) verdicts[principle.name] = await sweepVerdict(config, principle.name, folder);
  return verdicts;
}

async function sweepVerdict(config: string, principle: string, folder: string): Promise<Judged> {
  let job;
  try {
    job = await prepareJob({ kind: 'principle', principle, config: join(root, config), own: {} });
  } catch (error) {
    // What `apisim sweep` says once, before any seed, of a principle that does not apply.
    if (error instanceof SweepJobError) return { verdict: 'not applicable', said: error.message };
    throw error;
  }
  let judged: string | undefined;
  let unjudged = '';
  for (let seed = 1; seed <= sweepSeeds; seed++) {
    const { outcome } = await job.run(seed, { counterexampleFolder: folder, simCommand: 'npx apisim sim' });
    if (outcome.verdict === 'fail') return { verdict: 'broken', said: `seed ${seed}: ${outcome.findings[0] ?? ''}` };
    if (outcome.verdict === 'pass') judged ??= `seed ${seed} held`;
    else if (outcome.verdict === 'unrun') unjudged ||= `seed ${seed}: ${outcome.findings[0] ?? ''}`;
    else return { verdict: `error: seed ${seed}: ${outcome.findings[0] ?? outcome.verdict}`, said: outcome.findings[0] ?? '' };
  }
  // A seed that could not run passed nothing: the sweep holds only when some seed judged.
  return judged === undefined ? { verdict: 'not judged', said: unjudged } : { verdict: 'holds', said: judged };
}

/**
 * (c) The conformance checks, as `apisim conformance --config --json` reports them, per principle: the
 * checks that name it. `args` add to the command line (`--base-url` for a run over sockets).
 */
export async function asConformance(config: string, ...args: string[]): Promise<Verdicts> {
  const ran = await conformance('--config', config, '--json', ...args);
  if (ran.stdout === '') throw new Error(`no report (exit ${ran.code}): ${ran.stderr}`);
  const checks = (JSON.parse(ran.stdout) as JsonReport<string>).checks;
  // Without the name in the report, no check would name a principle and this way would never be compared.
  const unnamed = checks.find((c) => !Object.hasOwn(c, 'principle'));
  if (unnamed !== undefined) throw new Error(`the report does not say which principle ${unnamed.name} probes`);
  const verdicts: Record<string, Judged> = {};
  for (const principle of allPrinciples) {
    const named = checks.filter((c) => c.principle === principle.name);
    if (named.length > 0) verdicts[principle.name] = checksVerdict(named);
  }
  return verdicts;
}

/** A failure breaks the principle; else a pass (or a warning, a finding apart) holds it; checks that all skip say it does not apply. */
function checksVerdict(checks: JsonReport<string>['checks']): Judged {
  const said = (c: JsonReport<string>['checks'][number]) => `${c.name}: ${c.outcome === 'fail' ? c.findings[0]?.what ?? c.reason : c.reason}`;
  const failed = checks.find((c) => c.outcome === 'fail');
  if (failed !== undefined) return { verdict: 'broken', said: said(failed) };
  const error = checks.find((c) => c.outcome === 'error');
  if (error !== undefined) return { verdict: `error: ${error.name}: ${error.reason}`, said: said(error) };
  const passed = checks.find((c) => c.outcome === 'pass' || c.outcome === 'warn');
  if (passed !== undefined) return { verdict: 'holds', said: said(passed) };
  // Could not run: a premise failed (nothing could be made to work on), so the principle was not judged.
  const unrun = checks.find((c) => c.outcome === 'unrun');
  return unrun === undefined ? { verdict: 'not applicable', said: checks.map(said).join('; ') } : { verdict: 'not judged', said: said(unrun) };
}
