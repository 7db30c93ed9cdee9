import { planRun } from '../../sim/host/run-plan.js';
import { realIoPending } from '../../sim/host/world/real-work.js';
import { problemsOf, runPrinciple } from '../runner.js';
import { allPrinciples } from '../index.js';
import type { Principle } from '../principle.js';
import type { Exchange } from '../../sim/exchange.js';
import type { SessionRecord } from '../../sim/session/session.js';
import type { ExpectSpec } from '../../sim/scenario/expect-spec.js';
import { judge, type Verdict } from '../../sim/scenario/expectations.js';
import { builtin, fromFile, type ResolvedScenario } from '../../sim/scenario/resolve.js';
import type { GuestRunResult } from '../../sim/scenario/result.js';
import type { RunResult } from '../../sim/scenario/run.js';
import type { ScenarioSpec } from '../../sim/scenario/spec.js';
import { loadTarget } from '../targets/load-target.js';
import { parseTarget } from '../targets/define-target.js';
import { ownOriginTarget } from '../targets/own-origin-target.js';
import { PreparedTarget } from '../targets/target-session.js';
import type { FaultMix } from './fault-mix.js';
import { requestKind } from './request-kind.js';
import { shrinkScenario } from './scenario-shrink.js';
import type { SeedOutcome, SeedVerdict } from './seed-outcome.js';
import { jobFaults, type SweepJob } from './sweep-job.js';
import { UserError } from '../../sim/user-error.js';

/** How a batch is to be run and reported: where counterexamples go, and the commands a replay line names. */
export interface SeedRunSettings {
  readonly counterexampleFolder: string;
  /** `npm run sim --` in the repo, `npx apisim sim` installed. */
  readonly simCommand: string;
  /** The folder a counterexample's path is shown from in the reports and replay commands (default: the working directory). */
  readonly pathsFrom?: string;
}

/** One seed's outcome and its exchanges, for the latency distributions. */
export interface SeedRun {
  readonly outcome: SeedOutcome;
  readonly exchanges: readonly Exchange[];
}

/** A job made ready once per thread: its app or target loaded, and what its report calls it. */
export interface PreparedJob {
  readonly target: string;
  /** What each seed is judged by, in words, for the sweep's header. */
  readonly checks: string;
  run(seed: number, settings: SeedRunSettings): Promise<SeedRun>;
}

/**
 * What a scenario without an `expect` block is judged by on every seed: what must hold on any seed of any
 * scenario on a correct service (no 5xx, a linearizable note history, a keyed POST applied at most once).
 */
export function invariantChecks(onGuest: boolean): ExpectSpec {
  return onGuest ? { noServerErrors: true, linearizable: true } : { noServerErrors: true, linearizable: true, atMostOneEffectPerKey: true };
}

export function prepareJob(job: SweepJob): Promise<PreparedJob> {
  return job.kind === 'principle' ? preparePrinciple(job) : prepareScenario(job);
}

async function prepareScenario(job: Extract<SweepJob, { kind: 'scenario' | 'file' }>): Promise<PreparedJob> {
  const file = job.kind === 'file' ? { ...(await fromFile(job.path)), path: job.path } : undefined;
  const resolve = (seed: number): ResolvedScenario => file ?? builtin(job.kind === 'scenario' ? job.name : '', seed);
  const first = resolve(0);
  // A built-in's steps depend on the seed, never its origin: the plan of seed 0 runs every seed's spec.
  const plan = await planRun(first, file?.path);
  const expectOf = (spec: ScenarioSpec): ExpectSpec => spec.expect ?? invariantChecks(plan.app !== undefined);
  const declared = first.spec.expect !== undefined;
  return {
    target: first.name,
    checks: `${declared ? 'its expect block' : 'no expect block, so what holds on any seed'}: ${Object.keys(expectOf(first.spec)).join(', ')}`,
    async run(seed, settings) {
      const { name, spec: written } = resolve(seed);
      const spec = withFaults(written, job.faults);
      const execute = (s: ScenarioSpec): Promise<RunResult | GuestRunResult> => plan.run(seed, { trace: 'hash', spec: s });
      const base = { seed, target: name, faults: job.faults.label };
      let result: RunResult | GuestRunResult;
      const ioBefore = realIoPending();
      try {
        result = await execute(spec);
      } catch (error) {
        // Real I/O an app started (the usual reason a run stops) may still be pending, and would hide the next
        // seed's from the world's check, which counts what is pending beyond the start of its run.
        await realIoDone(ioBefore);
        return { outcome: errored(base, error, `${settings.simCommand} ${replayOf(job, name)} --seed ${seed}`), exchanges: [] };
      }
      const expect = expectOf(spec);
      const verdicts = judge(expect, result);
      const verdict = verdictOf(verdicts);
      const measures = measuresOf(result, result.exchanges);
      const seedReplay = job.faults.rules === undefined ? `${settings.simCommand} ${replayOf(job, name)} --seed ${seed}` : '';
      if (verdict === 'pass') return { outcome: { ...base, ...measures, verdict, findings: [], counterexample: '', replay: seedReplay }, exchanges: result.exchanges };
      const shrunk = await shrinkScenario({ name, seed, spec: { ...spec, expect }, sourceFile: job.kind === 'file' ? job.path : undefined, run: result, failing: verdicts, execute, ...settings });
      return {
        outcome: { ...base, ...measures, verdict, findings: findingsOf(verdicts), counterexample: shrunk.file, replay: shrunk.differs === undefined ? shrunk.command : seedReplay },
        exchanges: result.exchanges,
      };
    },
  };
}

async function preparePrinciple(job: Extract<SweepJob, { kind: 'principle' }>): Promise<PreparedJob> {
  const principle = principleNamed(job.principle);
  const prepared = await PreparedTarget.prepare(job.config === undefined ? ownTarget(job.own) : await loadTarget(job.config));
  const why = principle.notApplicable(prepared.target);
  if (why !== undefined) throw new SweepJobError(`${principle.name} cannot be checked on ${prepared.name}: ${why}`);
  const target = `${principle.name}@${prepared.name}`;
  return {
    target,
    checks: `the principle: ${principle.statement}`,
    async run(seed, settings) {
      const base = { seed, target, faults: jobFaults(job) };
      let first: { readonly record: SessionRecord; readonly problems: readonly string[] } | undefined;
      try {
        const result = await runPrinciple(prepared, principle, {
          runs: 1, fcSeed: seed, trace: 'hash', folder: settings.counterexampleFolder, counterexampleName: `${prepared.name}-${principle.name}-seed-${seed}`,
          onRun: (record, verdict) => (first ??= { record, problems: problemsOf(verdict) }),
        });
        // A check that threw never handed its run over: fast-check counts the throw as the failure it is.
        const exchanges = first?.record.exchanges ?? [];
        const measures = first === undefined ? unmeasured : measuresOf(first.record, exchanges);
        if (result.outcome === 'pass') return { outcome: { ...base, ...measures, verdict: 'pass', findings: [], counterexample: '', replay: '' }, exchanges };
        // The seed's run could not judge: nothing was checked, so it is neither a pass nor a failure.
        if (result.outcome === 'unrun') return { outcome: { ...base, ...measures, verdict: 'unrun', findings: result.unrunReasons.map(firstLine), counterexample: '', replay: '' }, exchanges };
        const scenario = result.scenario!;
        const replay = scenario.differs === undefined ? scenario.command.replace(/^npx apisim sim/, settings.simCommand) : '';
        const findings = (first?.problems ?? result.problems).map(firstLine);
        return { outcome: { ...base, ...measures, verdict: 'fail', findings, counterexample: scenario.file, replay }, exchanges };
      } catch (error) {
        return { outcome: errored(base, error, ''), exchanges: [] };
      }
    },
  };
}

/** Waits (real time, a second at most) until no more real I/O is pending than before the run. */
async function realIoDone(before: number): Promise<void> {
  for (let waitedMs = 0; realIoPending() > before && waitedMs < 1_000; waitedMs += 5) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** A job that cannot run at all (an unknown principle, one that does not apply): said once, before any seed. */
export class SweepJobError extends UserError {}

export function principleNamed(name: string): Principle<unknown> {
  const principle = allPrinciples.find((p) => p.name === name);
  if (principle === undefined) throw new SweepJobError(`unknown principle "${name}"; the principles are ${allPrinciples.map((p) => p.name).join(', ')}`);
  return principle;
}

function ownTarget(own: Parameters<typeof ownOriginTarget>[0]) {
  // No file: an own-origin target names no module, so where it would stand does not matter.
  const file = 'apisim.config.ts';
  return { target: parseTarget(ownOriginTarget(own), file), file };
}

/** The scenario with the sweep's faults on its WAN in place of its own; as written when the mix says so. */
function withFaults(spec: ScenarioSpec, faults: FaultMix): ScenarioSpec {
  if (faults.rules === undefined) return spec;
  return { ...spec, topology: { ...spec.topology, wan: { ...spec.topology.wan, faults: [...faults.rules] } } };
}

function replayOf(job: Extract<SweepJob, { kind: 'scenario' | 'file' }>, name: string): string {
  return job.kind === 'file' ? `--file ${job.path}` : name;
}

function verdictOf(verdicts: readonly Verdict[]): SeedVerdict {
  if (verdicts.every((v) => v.held)) return 'pass';
  // Undecided only when nothing else failed: a failure is the stronger news.
  return verdicts.every((v) => v.held || v.actual === null && v.expectation === 'linearizable') ? 'undecided' : 'fail';
}

function findingsOf(verdicts: readonly Verdict[]): string[] {
  return verdicts.filter((v) => !v.held).map((v) => `${v.expectation}: ${firstLine(v.detail)}`);
}

function errored(base: Pick<SeedOutcome, 'seed' | 'target' | 'faults'>, error: unknown, replay: string): SeedOutcome {
  return { ...base, ...unmeasured, verdict: 'error', findings: [`the run failed: ${firstLine(error instanceof Error ? error.message : String(error))}`], counterexample: '', replay };
}

function firstLine(text: string): string {
  return text.split('\n')[0]!;
}

type Measures = Pick<SeedOutcome, 'traceHash' | 'events' | 'virtualMs' | 'exchanges' | 'noResponse' | 'latencyP50Ms' | 'latencyP99Ms' | 'latencyMaxMs'>;

/** A run that ended before it could be measured. */
const unmeasured: Measures = { traceHash: '', events: 0, virtualMs: 0, exchanges: 0, noResponse: 0, latencyP50Ms: null, latencyP99Ms: null, latencyMaxMs: null };

function measuresOf(run: { readonly traceHash: string; readonly eventsRun: number; readonly endUs: number }, exchanges: readonly Exchange[]): Measures {
  const latencies = exchanges.flatMap((x) => (x.latencyUs === undefined ? [] : [x.latencyUs])).sort((a, b) => a - b);
  const rank = (percent: number) => (latencies.length === 0 ? null : latencies[Math.ceil((percent / 100) * latencies.length) - 1]! / 1000);
  return {
    traceHash: run.traceHash, events: run.eventsRun, virtualMs: run.endUs / 1000, exchanges: exchanges.length,
    noResponse: exchanges.filter((x) => x.outcome !== 'response').length, latencyP50Ms: rank(50), latencyP99Ms: rank(99), latencyMaxMs: rank(100),
  };
}

/** One seed's answered latencies by request kind (`request-kind.ts`), and how many of each got no answer. */
export interface KindLatency {
  readonly kind: string;
  readonly latenciesUs: number[];
  readonly noResponse: number;
}

export function latenciesByKind(exchanges: readonly Exchange[]): KindLatency[] {
  const kinds = new Map<string, { latenciesUs: number[]; noResponse: number }>();
  for (const exchange of exchanges) {
    const kind = requestKind(exchange.request);
    let entry = kinds.get(kind);
    if (entry === undefined) kinds.set(kind, (entry = { latenciesUs: [], noResponse: 0 }));
    if (exchange.latencyUs === undefined) entry.noResponse++;
    else entry.latenciesUs.push(exchange.latencyUs);
  }
  return [...kinds].map(([kind, entry]) => ({ kind, ...entry }));
}
