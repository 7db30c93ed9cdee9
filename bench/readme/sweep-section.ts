import { basename } from 'node:path';
import { failed } from '../../properties/sweep/seed-outcome.js';
import { latencySweepTarget, lossText } from './charts/latency-cdf-chart.js';
import type { SweepInput, SweepOutcomeRow } from './input.js';
import { markdownTable } from './markdown-table.js';
import { msText, numberText } from './number-text.js';

/**
 * Why a scenario's seeds fail, where the project knows (docs/decisions/linearizability.md). The counts,
 * the seeds and the shrunk files come from the sweep; only the reason is written here, by scenario.
 */
const knownReasons: Readonly<Record<string, string>> = {
  'notes-lossy-mixed':
    'Its clients are the default `safe` ones, which put an Idempotency-Key on nothing. A PUT or DELETE they re-send ' +
    'after a lost response can land *late*, after another client\'s write to the same note, and a POST the line ' +
    'duplicates creates a second note: the answers then fit no order of the operations, which is what ' +
    '`linearizable` checks. The `keyed` client keys every unsafe request and the origin replays a late copy ' +
    `instead of applying it; \`${latencySweepTarget}\` runs that client.`,
};

/** The (scenario, faults) pairs in the order the sweep ran them. */
function jobsOf(outcomes: readonly SweepOutcomeRow[]): { readonly target: string; readonly faults: string; readonly rows: SweepOutcomeRow[] }[] {
  const jobs = new Map<string, { target: string; faults: string; rows: SweepOutcomeRow[] }>();
  for (const o of outcomes) {
    const key = `${o.target}\u0000${o.faults}`;
    let job = jobs.get(key);
    if (job === undefined) jobs.set(key, (job = { target: o.target, faults: o.faults, rows: [] }));
    job.rows.push(o);
  }
  return [...jobs.values()];
}

function seedsText(rows: readonly SweepOutcomeRow[]): string {
  const seeds = rows.map((r) => r.seed);
  const first = Math.min(...seeds);
  const last = Math.max(...seeds);
  return last - first + 1 === seeds.length ? `${numberText(first)}–${numberText(last)}` : `${numberText(seeds.length)} seeds`;
}

function percentText(part: number, whole: number): string {
  return `${numberText((100 * part) / whole, 1)}%`;
}

function verdictTable(input: SweepInput): string {
  return markdownTable(
    ['scenario', 'faults on the WAN', 'seeds', 'passed', 'failed', 'exchanges', 'no answer'],
    jobsOf(input.outcomes).map(({ target, faults, rows }) => [
      `\`${target}\``,
      faults === 'as-written' ? 'its own' : `\`${faults}\``,
      seedsText(rows),
      numberText(rows.filter((r) => !failed(r)).length),
      numberText(rows.filter(failed).length),
      numberText(rows.reduce((n, r) => n + r.exchanges, 0)),
      numberText(rows.reduce((n, r) => n + r.noResponse, 0)),
    ]),
    ['left', 'left', 'right', 'right', 'right', 'right', 'right'],
  );
}

/** Per scenario that failed: how many seeds and why, each failing seed with its shrunk file, and one command that replays it. */
function failureSection(input: SweepInput): string[] {
  const failing = input.outcomes.filter(failed);
  if (failing.length === 0) return ['No seed failed.'];
  const out: string[] = [];
  for (const { target, faults, rows } of jobsOf(input.outcomes)) {
    const failedSeeds = rows.filter(failed);
    if (failedSeeds.length === 0) continue;
    const expectations = new Map<string, number>();
    for (const finding of failedSeeds.flatMap((r) => r.findings)) {
      const expectation = finding.split(':')[0]!;
      expectations.set(expectation, (expectations.get(expectation) ?? 0) + 1);
    }
    const every = expectations.size === 1 && [...expectations.values()][0] === failedSeeds.length;
    const what = every ? `every one on \`${[...expectations.keys()][0]!}\`` : [...expectations].map(([name, count]) => `\`${name}\` on ${numberText(count)}`).join(', ');
    out.push(
      `### What failed: \`${target}\`${faults === 'as-written' ? '' : ` under \`${faults}\``}`,
      '',
      `${numberText(failedSeeds.length)} of ${numberText(rows.length)} seeds (${percentText(failedSeeds.length, rows.length)}) failed, ${what}.`,
      '',
      knownReasons[target] ?? '_No reason is recorded for this scenario: read the findings and replay a seed._',
      '',
      'Each failing seed was shrunk (steps removed while the same seed still fails the same check) to a scenario file that replays it:',
      '',
      markdownTable(
        ['seed', 'what did not hold', 'steps left', 'counterexample'],
        failedSeeds.map((r) => {
          const file = basename(r.counterexample);
          const steps = input.counterexampleSteps.get(file);
          return [numberText(r.seed), r.findings.join('; '), steps === undefined ? '—' : `${steps} of ${stepsBefore(r)}`, r.counterexample === '' ? '—' : `[\`${file}\`](counterexamples/sweep/${file})`];
        }),
        ['right', 'left', 'right', 'left'],
      ),
    );
    const replay = failedSeeds.find((r) => r.replay !== '')?.replay;
    if (replay !== undefined) out.push('', 'Replay one, from the repo root (the command is the `replay` column of `sweep.csv`):', '', '```sh', replay, '```');
    out.push('');
  }
  return out;
}

/** A run's exchanges are its steps: one exchange per step, re-sends included in it. */
function stepsBefore(row: SweepOutcomeRow): string {
  return numberText(row.exchanges);
}

/** p50 to max per request kind and loss level, from the HDR histograms: the numbers under the CDF chart. */
function latencyTable(input: SweepInput): string {
  const rows = input.latencies.filter((r) => r.target === latencySweepTarget);
  if (rows.length === 0) return `_No latency rows for \`${latencySweepTarget}\` in the sweep._`;
  const requests = [...new Set(rows.map((r) => r.request))];
  const ordered = requests.flatMap((request) => rows.filter((r) => r.request === request));
  return markdownTable(
    ['request', 'loss', 'answered', 'no answer', 'p50 ms', 'p90 ms', 'p99 ms', 'p99.9 ms', 'max ms'],
    ordered.map((r) => {
      const s = r.histogram.summary();
      return [`\`${r.request}\``, lossText(r.faults), numberText(s.count), numberText(r.noResponse), msText(s.p50Ms), msText(s.p90Ms), msText(s.p99Ms), msText(s.p999Ms), msText(s.maxMs)];
    }),
    ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
  );
}

/**
 * The README's account of the bench's seed sweep: what ran and how it was judged, what failed and why, one
 * replay command, and the latency percentiles by loss level. Every number is read from the sweep's files.
 */
export function sweepSection(input: SweepInput | undefined): string {
  if (input === undefined || input.outcomes.length === 0) return '_No sweep yet: a whole `npm run bench` writes `sweep.csv` and `latency-distribution.csv`._';
  const swept = jobsOf(input.outcomes).filter((j) => j.target === latencySweepTarget);
  return [
    `\`npm run bench\` sweeps built-in scenarios seed by seed as \`npm run sweep\` does, on worker threads (the report is the same on any number of them). Every seed is judged by its scenario's \`expect\` block (here: no 5xx, a linearizable note history, a keyed POST applied at most once). \`${latencySweepTarget}\` (three clients, three rounds each of a PUT, a keyed POST and the nested graph query, all through the \`keyed\` client) runs under ${swept.map((j) => `\`${j.faults}\``).join(', ')} in place of its own faults; \`sweep.csv\` has a row per seed, \`latency-distribution.csv\` a histogram per request kind and loss level.`,
    '',
    verdictTable(input),
    '',
    ...failureSection(input),
    `### Latency under loss: \`${latencySweepTarget}\``,
    '',
    'Answered exchanges over every seed of each loss level, first send to whole response, re-sends included (virtual ms, HDR histogram to 3 significant digits); `no answer` is an exchange the client gave up on. Drawn as CDFs in `charts/latency-cdf.svg` (below).',
    '',
    latencyTable(input),
  ].join('\n');
}
