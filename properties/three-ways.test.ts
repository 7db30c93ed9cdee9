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
 * describes, the three must say the same of each principle: it holds, it is broken, or it does not apply.
 */
type Verdict = 'holds' | 'broken' | 'not applicable' | `not judged: ${string}` | `error: ${string}`;

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

/**
 * The pairs on which the ways disagree today, each with how. `it.fails` runs them, so that the day one
 * comes to agree, its line here has to go.
 */
const knownDisagreements: Readonly<Record<string, string>> = {
  // The stand-in's PATCH checks login only. Its description declares no methods (GET, the default): the
  // check reads the order's Allow and sends the other user's PATCH; the principle sends only what is declared.
  'properties/targets/test-kit/stand-ins/express-patch-login-only.config.ts owner-isolation': 'holds, holds, broken',
  // The same with PUT, on orders whose owner is `userId`.
  'properties/targets/test-kit/stand-ins/express-owner-userid.config.ts owner-isolation': 'holds, holds, broken',
  // POST /notes answers 503, so nothing is made to work on: the checks say they could not run, while the
  // principles find nothing changed by the writes they could send, and hold.
  'properties/targets/test-kit/stand-ins/express-notes-post-broken.config.ts idempotent-methods': 'holds, holds, not judged',
  'properties/targets/test-kit/stand-ins/express-notes-post-broken.config.ts cache-coherence': 'holds, holds, not judged',
  // No depth limit is claimed (no graph.maxDepth): the check looks for the one the spec asks for by deepening
  // the spec's own query, while the principle judges only a declared limit, so it does not apply.
  'properties/targets/test-kit/graph-stand-ins/csrf-protected-get.config.ts graph-rejected-before-execution': 'not applicable, not applicable, holds',
  'properties/targets/test-kit/graph-stand-ins/int-ids.config.ts graph-rejected-before-execution': 'not applicable, not applicable, holds',
  'properties/targets/test-kit/graph-stand-ins/limit-cap-no-cost.config.ts graph-rejected-before-execution': 'not applicable, not applicable, holds',
  'properties/targets/test-kit/graph-stand-ins/no-depth-limit-behind-cost.config.ts graph-rejected-before-execution': 'not applicable, not applicable, not judged',
  'properties/targets/test-kit/graph-stand-ins/no-graph.config.ts graph-rejected-before-execution': 'not applicable, not applicable, broken',
};

const folder = scratchFolder('three-ways');

/** (a) The property: fast-check's runs, from one fixed seed. */
async function asProperty(config: string): Promise<Record<string, Verdict>> {
  const prepared = await PreparedTarget.prepare(await loadTarget(join(root, config)));
  const verdicts: Record<string, Verdict> = {};
  for (const principle of allPrinciples) {
    if (principle.notApplicable(prepared.target) !== undefined) verdicts[principle.name] = 'not applicable';
    else verdicts[principle.name] = (await runPrinciple(prepared, principle, { runs: propertyRuns, fcSeed: 1, folder })).failed ? 'broken' : 'holds';
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
  for (let seed = 1; seed <= sweepSeeds; seed++) {
    const { outcome } = await job.run(seed, { counterexampleFolder: folder, simCommand: 'npx apisim sim' });
    if (outcome.verdict === 'fail') return 'broken';
    if (outcome.verdict !== 'pass') return `error: seed ${seed}: ${outcome.findings[0] ?? outcome.verdict}`;
  }
  return 'holds';
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
  const unrun = checks.find((c) => c.outcome === 'unrun');
  return unrun === undefined ? 'not applicable' : `not judged: ${unrun.name}`;
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
        const known = knownDisagreements[`${config} ${principle.name}`];
        const test = known === undefined ? it : it.fails;
        test(`${principle.name}${known === undefined ? '' : ` (known: ${known})`}`, async () => {
          const ways = (await threeWays(config))[principle.name]!;
          expect(ways, `the property says ${ways.property}, the sweep ${ways.sweep}, the checks ${ways.conformance ?? '(none names it)'}`).toEqual(agreeing(ways));
        });
      }
    });
  }
});
