import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonReport } from './conformance/json-report.js';
import { allPrinciples } from './index.js';
import { runPrinciple } from './runner.js';
import { prepareJob, SweepJobError } from './sweep/seed-run.js';
import { loadTarget } from './targets/load-target.js';
import { PreparedTarget } from './targets/target-session.js';
import { conformance, root } from './targets/test-kit/conformance-run.js';
import { scratchFolder } from './test-kit/scratch-folder.js';

/**
 * A principle runs three ways: as a shrinking property (`runPrinciple`), seed by seed in a sweep
 * (`apisim sweep <principle> --config`), and as the conformance checks that name it, in the simulator
 * (`apisim conformance --config`, the same checks as over sockets). On every target this repository
 * describes, the three must say the same of each principle: it holds, it is broken, it does not apply, or it
 * could not be judged there (nothing to count with, no refusal about the caller): never a pass then.
 */
type Verdict = 'holds' | 'broken' | 'not applicable' | 'not judged' | `error: ${string}`;

interface Ways {
  readonly property: Verdict;
  readonly sweep: Verdict;
  /** Undefined when no check names the principle. */
  readonly conformance: Verdict | undefined;
}

/** Small and fixed, so that the verdicts are the same on every machine: every broken principle here is found within them. */
const propertyRuns = 10;
const sweepSeeds = 5;

/** Every target description here: the examples' (correct and flawed), the test kit's stand-ins, apisim's own origin in its behaviours. */
const configs = [
  ...readdirSync(join(root, 'examples'), { recursive: true, encoding: 'utf8' }).filter((f) => /(^|\/)apisim(-flawed)?\.config\.ts$/.test(f)).map((f) => `examples/${f}`),
  ...readdirSync(join(root, 'properties/targets/test-kit'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.config.ts')).map((f) => `properties/targets/test-kit/${f}`),
].sort();

const folder = scratchFolder('three-ways');

/** (a) The property: fast-check's runs, from one fixed seed. */
async function asProperty(config: string): Promise<Record<string, Verdict>> {
  const prepared = await PreparedTarget.prepare(await loadTarget(join(root, config)));
  const verdicts: Record<string, Verdict> = {};
  for (const principle of allPrinciples) {
    if (principle.notApplicable(prepared.target) !== undefined) verdicts[principle.name] = 'not applicable';
    else verdicts[principle.name] = ({ pass: 'holds', fail: 'broken', unrun: 'not judged' } as const)[(await runPrinciple(prepared, principle, { runs: propertyRuns, fcSeed: 1, folder })).outcome];
  }
  return verdicts;
}

/** (b) The sweep: its job for the principle on the config, one seed after another, up to the first that fails. */
async function asSweep(config: string): Promise<Record<string, Verdict>> {
  const verdicts: Record<string, Verdict> = {};
  for (const principle of allPrinciples) {
    verdicts[principle.name] = await sweepVerdict(config, principle.name);
  }
  return verdicts;
}

async function sweepVerdict(config: string, principle: string): Promise<Verdict> {
  let job;
  try {
    job = await prepareJob({ kind: 'principle', principle, config: join(root, config), own: {} });
  } catch (error) {
    // What `apisim sweep` says once, before any seed, of a principle that does not apply.
    if (error instanceof SweepJobError) return 'not applicable';
    throw error;
  }
  let judged = false;
  for (let seed = 1; seed <= sweepSeeds; seed++) {
    const { outcome } = await job.run(seed, { counterexampleFolder: folder, simCommand: 'npx apisim sim' });
    if (outcome.verdict === 'fail') return 'broken';
    if (outcome.verdict === 'pass') judged = true;
    else if (outcome.verdict !== 'unrun') return `error: seed ${seed}: ${outcome.findings[0] ?? outcome.verdict}`;
  }
  // A seed that could not run passed nothing: the sweep holds only when some seed judged.
  return judged ? 'holds' : 'not judged';
}

/** (c) The conformance checks, as `apisim conformance --config --json` reports them: per principle, the checks that name it. */
async function asConformance(config: string): Promise<Record<string, Verdict | undefined>> {
  const ran = await conformance('--config', config, '--json');
  if (ran.stdout === '') throw new Error(`no report (exit ${ran.code}): ${ran.stderr}`);
  const checks = (JSON.parse(ran.stdout) as JsonReport<'replay'>).checks;
  // Without the name in the report, no check would name a principle and this way would never be compared.
  const unnamed = checks.find((c) => !Object.hasOwn(c, 'principle'));
  if (unnamed !== undefined) throw new Error(`the report does not say which principle ${unnamed.name} probes`);
  return Object.fromEntries(allPrinciples.map((p) => [p.name, checksVerdict(checks.filter((c) => c.principle === p.name))]));
}

/** A failure breaks the principle; else a pass (or a warning, a finding apart) holds it; checks that all skip say it does not apply. */
function checksVerdict(checks: JsonReport<'replay'>['checks']): Verdict | undefined {
  if (checks.length === 0) return undefined;
  if (checks.some((c) => c.outcome === 'fail')) return 'broken';
  const error = checks.find((c) => c.outcome === 'error');
  if (error !== undefined) return `error: ${error.name}: ${error.reason}`;
  if (checks.some((c) => c.outcome === 'pass' || c.outcome === 'warn')) return 'holds';
  // Could not run: a premise failed (nothing could be made to work on), so the principle was not judged.
  return checks.some((c) => c.outcome === 'unrun') ? 'not judged' : 'not applicable';
}

/** Each target's three ways, run once however many tests read them. */
const waysOf = new Map<string, Promise<Record<string, Ways>>>();
function threeWays(config: string): Promise<Record<string, Ways>> {
  let ways = waysOf.get(config);
  if (ways === undefined) {
    ways = (async () => {
      const [property, sweep, checks] = [await asProperty(config), await asSweep(config), await asConformance(config)];
      return Object.fromEntries(allPrinciples.map((p) => [p.name, { property: property[p.name]!, sweep: sweep[p.name]!, conformance: checks[p.name] }]));
    })();
    waysOf.set(config, ways);
  }
  return ways;
}

/** The three agree when the sweep and the checks (where some name the principle) say what the property says. */
function agreeing(ways: Ways): Ways {
  return { property: ways.property, sweep: ways.property, conformance: ways.conformance === undefined ? undefined : ways.property };
}

describe('the three ways to run a principle never disagree', { timeout: 120_000 }, () => {
  it('finds every target description, and each flawed example breaks a principle all three ways', async () => {
    expect(configs.length).toBeGreaterThanOrEqual(17);
    for (const config of configs.filter((c) => c.endsWith('apisim-flawed.config.ts'))) {
      const ways = Object.values(await threeWays(config));
      expect(ways.some((w) => w.property === 'broken' && w.sweep === 'broken' && w.conformance !== 'holds'), config).toBe(true);
    }
  });

  for (const config of configs) {
    describe(config, () => {
      for (const principle of allPrinciples) {
        it(principle.name, async () => {
          const ways = (await threeWays(config))[principle.name]!;
          expect(ways, `the property says ${ways.property}, the sweep ${ways.sweep}, the checks ${ways.conformance ?? '(none names it)'}`).toEqual(agreeing(ways));
        });
      }
    });
  }
});
