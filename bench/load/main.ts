import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { loadCsv } from './csv.js';
import { parseLoadCli, usage } from './load-options.js';
import { runLoad } from './load-run.js';
import { rssByRound } from './rss-rounds.js';

/** Exit statuses as `npm start`'s: 2 for a command line we cannot use, 1 when the run fails. */
const usageExit = 2;
const runExit = 1;

const parsed = parseLoadCli(process.argv.slice(2));
if (parsed.kind === 'help') console.log(usage);
else if (parsed.kind === 'usage-error') {
  console.error(`npm run load: ${parsed.message}\n\n${usage}`);
  process.exit(usageExit);
} else {
  try {
    const rows = await runLoad(parsed.options, (line) => console.log(line));
    const out = resolve(parsed.options.out);
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, loadCsv(rows));
    console.log(`\n${rssByRound(rows)}\nWrote ${out}.`);
  } catch (error) {
    console.error(`npm run load failed: ${(error as Error).stack ?? String(error)}`);
    process.exit(runExit);
  }
}
