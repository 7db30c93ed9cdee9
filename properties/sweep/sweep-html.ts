import { resolve } from 'node:path';
import type { CdfChart, FailureSection, HtmlReport, SequenceDiagram, Tone, VerdictRow } from '../../api/cli/render/html/report-model.js';
import { htmlReport } from '../../api/cli/render/html/report-page.js';
import { runSequence } from '../../api/cli/render/run-sequence.js';
import { planRun } from '../../sim/host/run-plan.js';
import { fromFile } from '../../sim/scenario/resolve.js';
import { ninesLabels, ninesOf } from '../../sim/stats/latency-histogram.js';
import { failed, type SeedOutcome, type SeedVerdict } from './seed-outcome.js';
import type { LatencyRow } from './sweep.js';

/** Failing seeds listed, and of those drawn (each is run once more, with its whole trace): a report stays readable. */
export const listedFailures = 100;
export const drawnFailures = 5;

const verdicts: Readonly<Record<SeedVerdict, { readonly word: string; readonly count: string; readonly tone: Tone }>> = {
  pass: { word: 'pass', count: 'passed', tone: 'pass' },
  fail: { word: 'FAIL', count: 'failed', tone: 'fail' },
  unrun: { word: 'could not run', count: 'could not run', tone: 'skip' },
  undecided: { word: 'undecided', count: 'undecided', tone: 'warn' },
  error: { word: 'ERROR', count: 'ended in an error', tone: 'error' },
};
/** The counts on top in the order the text report says them; a job's row reads as the worst of its seeds. */
const countOrder: readonly SeedVerdict[] = ['pass', 'fail', 'unrun', 'undecided', 'error'];
const worstFirst: readonly SeedVerdict[] = ['error', 'fail', 'undecided', 'unrun', 'pass'];

export interface SweepHtmlInput {
  readonly outcomes: readonly SeedOutcome[];
  readonly latencies: readonly LatencyRow[];
  /** What was swept, in one line: the sweep's header. */
  readonly heading: string;
  readonly command: string;
  /** How many failing seeds to draw (default `drawnFailures`). */
  readonly drawn?: number;
}

/**
 * `sweep --html`: a row per target and fault mix with its seeds' verdicts, the latency CDF of each (a curve
 * per request kind), and the failing seeds with the command that replays each; the first few shrunk
 * counterexamples are run once more with their whole trace and drawn as sequence diagrams.
 */
export async function sweepHtml(input: SweepHtmlInput): Promise<string> {
  const failing = input.outcomes.filter(failed);
  const id = (o: SeedOutcome) => `seed-${o.seed}-${o.target}-${o.faults}`.replace(/[^a-z0-9-]/gi, '-');
  const failures: FailureSection[] = [];
  for (const [i, o] of failing.slice(0, listedFailures).entries()) failures.push(await failureOf(o, id(o), i < (input.drawn ?? drawnFailures)));
  const left = failing.length - failures.length;
  const report: HtmlReport = {
    title: 'apisim sweep',
    subtitle: input.heading,
    command: input.command,
    counts: countOrder.map((v) => ({ label: verdicts[v].count, count: input.outcomes.filter((o) => o.verdict === v).length, tone: verdicts[v].tone })),
    verdicts: jobRows(input.outcomes, id),
    charts: charts(input.latencies),
    failures,
    failuresLeftOut: left > 0 ? `… and ${left.toLocaleString('en-US')} more failing seeds: sweep.csv has every one, with its replay command.` : undefined,
  };
  return htmlReport(report);
}

function jobRows(outcomes: readonly SeedOutcome[], id: (o: SeedOutcome) => string): VerdictRow[] {
  const jobs = new Map<string, SeedOutcome[]>();
  for (const o of outcomes) {
    const key = `${o.target}\u0000${o.faults}`;
    jobs.set(key, [...(jobs.get(key) ?? []), o]);
  }
  return [...jobs.values()].map((seeds) => {
    const count = (v: SeedVerdict) => seeds.filter((o) => o.verdict === v).length;
    const worst = worstFirst.find((v) => count(v) > 0)!;
    const firstFailing = seeds.find(failed);
    const n = (x: number) => x.toLocaleString('en-US');
    return {
      outcome: verdicts[worst].word, tone: verdicts[worst].tone, failure: firstFailing === undefined ? undefined : id(firstFailing), name: seeds[0]!.target,
      details: [`faults ${seeds[0]!.faults}`, `${n(seeds.length)} seed${seeds.length === 1 ? '' : 's'}`, ...countOrder.flatMap((v) => (count(v) === 0 ? [] : [`${n(count(v))} ${verdicts[v].count}`]))],
    };
  });
}

/** One chart per target and fault mix, a curve per request kind, on the nines axis the bench's README charts use. */
function charts(rows: readonly LatencyRow[]): CdfChart[] {
  const jobs = new Map<string, LatencyRow[]>();
  for (const row of rows) {
    const key = `${row.target}\u0000${row.faults}`;
    jobs.set(key, [...(jobs.get(key) ?? []), row]);
  }
  return [...jobs.values()].map((kinds) => ({
    title: `${kinds[0]!.target}, faults ${kinds[0]!.faults}`,
    subtitle: 'every seed of the sweep, answered exchanges only; y stretched towards 100 %, each gridline one more nine',
    yLabels: ninesLabels,
    series: kinds.map((row) => ({
      label: row.request,
      points: row.histogram.cdf().map((p) => ({ ms: p.latencyUs / 1000, y: ninesOf(p.share) })),
      answered: row.histogram.count,
      noAnswer: row.noResponse,
    })),
  }));
}

async function failureOf(o: SeedOutcome, id: string, draw: boolean): Promise<FailureSection> {
  const drawn = draw ? await counterexampleSequence(o) : 'Only the first failing seeds are drawn: the replay command shows this one.';
  return {
    id, title: `seed ${o.seed} · ${o.target}`, outcome: verdicts[o.verdict].word, tone: verdicts[o.verdict].tone,
    statement: `faults ${o.faults} · ${o.exchanges} exchanges, ${o.noResponse} unanswered · the run ended at ${o.virtualMs.toFixed(3)} virtual ms${o.traceHash === '' ? '' : ` · trace ${o.traceHash.slice(0, 16)}`}`,
    findings: o.findings.map((what) => ({ what, facts: [] })),
    replay: o.replay === '' ? [] : [{ label: counterexampleSeed(o) === undefined ? 'replay the seed' : 'replay the shrunk run', command: o.replay }],
    sequence: typeof drawn === 'string' ? undefined : drawn,
    sequenceNote: typeof drawn === 'string' ? drawn : `The shrunk counterexample (${o.counterexample}), run once more as its replay command runs it; times in virtual ms.`,
  };
}

/** The seed the replay command runs the shrunk counterexample on, when that is what it runs (`--file <it> --seed <n>`). */
function counterexampleSeed(o: SeedOutcome): number | undefined {
  const seed = /--seed (\d+)$/.exec(o.replay)?.[1];
  return o.counterexample === '' || seed === undefined || !o.replay.includes(`--file ${o.counterexample} `) ? undefined : Number(seed);
}

/** The shrunk counterexample, run as its replay command runs it, with its whole trace. */
async function counterexampleSequence(o: SeedOutcome): Promise<SequenceDiagram | string> {
  const seed = counterexampleSeed(o);
  if (seed === undefined) return 'No shrunk counterexample replays this seed (see its findings): the command replays the seed itself.';
  try {
    const file = resolve(o.counterexample);
    const run = await (await planRun(await fromFile(file), file)).run(seed, { trace: 'full' });
    return runSequence(run.trace.events, run.exchanges, { omittedEvents: run.trace.omittedEvents });
  } catch (error) {
    return `The counterexample ${o.counterexample} could not be run again to draw it: ${error instanceof Error ? error.message : String(error)}`;
  }
}
