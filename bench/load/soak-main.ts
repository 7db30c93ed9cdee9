import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { parseCommandLine } from '../../sim/command-line/command-line.js';
import { UsageError } from '../../sim/command-line/usage-error.js';
import { p99ByMinute } from './hit-probe.js';
import { runSoak } from './soak-run.js';
import { type SoakSample, soakVerdict } from './soak-verdict.js';

/** The hardening issue's figure: under socket and login floods a cache hit still answers within this. */
const hitP99LimitMs = 50;

const usage = `Usage: npm run soak [-- --minutes 10] [--sample-seconds 10] [--warm-up-minutes 2] [--connections 10] [--login-flood 8] [--floods on|off] [--out reports/load-soak.csv]

Starts npm start's server (--front --rate-limit off, data in a temporary folder) and sends it hostile traffic
through its shared cache: a new session, a new cache variant, a URL never seen, a new Idempotency-Key, wrong
passwords and a logout, in every cycle of every connection. Beside it, two floods: bob and carol each keep 8
graph sockets sending pings at their message budget, and --login-flood loops log sam in with the right
password, one login after another (--floods off: neither, for a control run). A probe reads a note through the cache every 100 ms and times its hits.
Reads the server's RSS every --sample-seconds and writes the curve to --out. Prints a cache hit's p99 for each
minute. Exits 1 unless RSS is flat after the warm-up (the mean of the last third of the readings within 10 %
of the mean of the first third), no answer is a 5xx other than the memory budget's 503, and every minute's
p99 is under ${hitP99LimitMs} ms.`;

function options(argv: readonly string[]) {
  const { values } = parseCommandLine(argv, {
    minutes: { type: 'number', range: 'positive', unit: 'minutes', example: '10' },
    'sample-seconds': { type: 'number', range: 'positive', unit: 'seconds', example: '10' },
    'warm-up-minutes': { type: 'number', range: 'non-negative', unit: 'minutes', example: '2' },
    connections: { type: 'integer', range: 'positive', example: '10' },
    'login-flood': { type: 'integer', range: 'positive', example: '8' },
    floods: { type: 'choice', choices: ['on', 'off'] },
    out: { type: 'string', example: 'reports/load-soak.csv' },
    help: { type: 'boolean', short: 'h' },
  });
  const minutes = values.minutes ?? 10;
  const parsed = {
    help: values.help === true,
    durationSeconds: Math.round(minutes * 60),
    sampleSeconds: values['sample-seconds'] ?? 10,
    warmUpSeconds: (values['warm-up-minutes'] ?? minutes / 5) * 60,
    connections: values.connections ?? 10,
    loginFloodConnections: values['login-flood'] ?? 8,
    floods: values.floods !== 'off',
    out: values.out ?? 'reports/load-soak.csv',
  };
  // The run counts whole seconds: less than half of one rounds to none.
  if (parsed.durationSeconds === 0) throw new UsageError(`--minutes must come to at least one second, got "${String(values.minutes)}"`);
  if (parsed.warmUpSeconds >= parsed.durationSeconds) throw new UsageError('--warm-up-minutes must be less than --minutes');
  // Each login takes one of the name's 10 tries before its check and gives it back after: more loops than
  // that are answered 429 unchecked, which is not the flood meant.
  if (parsed.loginFloodConnections > 10) throw new UsageError(`--login-flood must be at most 10, the tries a name has at once; got ${parsed.loginFloodConnections}`);
  return parsed;
}

function soakCsv(samples: readonly SoakSample[], warmUpSeconds: number): string {
  const header = ['elapsed_s', 'phase', 'rss_mb', 'answers_2xx', 'answers_3xx', 'answers_4xx', 'answers_5xx', 'memory_budget_503', 'no_answer'];
  const rows = samples.map((s) => [s.elapsedSeconds.toFixed(1), s.elapsedSeconds <= warmUpSeconds ? 'warm-up' : 'measured', s.rssMb.toFixed(1), s.answers['2xx'], s.answers['3xx'], s.answers['4xx'], s.answers['5xx'], s.shed, s.errors]);
  return stringify([header, ...rows], { record_delimiter: '\n' });
}

let opts;
try {
  opts = options(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`npm run soak: ${error.message}\n\n${usage}`);
  process.exit(2);
}
if (opts.help) console.log(usage);
else {
  try {
    console.log(`Soak: ${opts.durationSeconds} s of hostile traffic, ${opts.connections} connections, RSS every ${opts.sampleSeconds} s, the first ${opts.warmUpSeconds} s a warm-up.`);
    const { samples, hits, probeOthers, floods } = await runSoak(opts, (line) => console.log(line));
    const out = resolve(opts.out);
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, soakCsv(samples, opts.warmUpSeconds));
    const verdict = soakVerdict(samples, opts.warmUpSeconds);
    const last = samples.at(-1)!;
    const failures = last.answers['5xx'] - last.shed;
    const minutes = p99ByMinute(hits);
    const slow = minutes.filter((m) => m.p99Ms >= hitP99LimitMs);
    console.log(`\n${verdict.text}`);
    console.log(`Answers: ${last.answers['2xx']} 2xx, ${last.answers['4xx']} 4xx, ${last.answers['5xx']} 5xx (${last.shed} of them the memory budget's 503, ${failures} other), ${last.errors} without an answer.`);
    console.log(`A cache hit's p99 by minute (${hits.length} hits timed, ${probeOthers} reads not hits): ${minutes.map((m) => `${m.minute}: ${m.p99Ms} ms`).join(', ')}; ${slow.length === 0 ? `every minute under ${hitP99LimitMs} ms` : `${slow.length} at ${hitP99LimitMs} ms or more`}.`);
    for (const [name, tally] of Object.entries(floods)) {
      console.log(`${name}: ${tally.answered} answered, ${tally.refused} not${tally.refused === 0 ? '' : ` (${Object.entries(tally.reasons).map(([why, n]) => `${why} ×${n}`).join(', ')})`}.`);
    }
    console.log(`Wrote ${out}.`);
    if (!verdict.flat || failures > 0 || slow.length > 0 || minutes.length === 0) process.exit(1);
  } catch (error) {
    console.error(`npm run soak failed: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  }
}
