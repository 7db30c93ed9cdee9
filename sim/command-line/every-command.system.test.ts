import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const exec = promisify(execFile);

/**
 * Every command as its user starts it, each with the prefix its messages carry. They all read their line
 * with `parseCommandLine`, so a mistake anywhere is answered the same way, and a new command belongs here.
 */
const commands = [
  { prefix: 'sim', start: ['--conditions=apisim-source', '--import', 'tsx', 'api/cli/apisim.ts', 'sim', 'notes-stable-put'] },
  { prefix: 'sim graph', start: ['--conditions=apisim-source', '--import', 'tsx', 'api/cli/apisim.ts', 'sim', 'graph'] },
  { prefix: 'sweep', start: ['--conditions=apisim-source', '--import', 'tsx', 'api/cli/apisim.ts', 'sweep', 'notes-lossy-mixed'] },
  { prefix: 'conformance', start: ['--conditions=apisim-source', '--import', 'tsx', 'api/cli/apisim.ts', 'conformance'] },
  { prefix: 'describe', start: ['--conditions=apisim-source', '--import', 'tsx', 'api/cli/apisim.ts', 'describe'] },
  { prefix: 'npm start', start: ['--import', 'tsx', 'server/main.ts'] },
  { prefix: 'npm run load', start: ['--import', 'tsx', 'bench/load/main.ts'] },
  { prefix: 'npm run soak', start: ['--import', 'tsx', 'bench/load/soak-main.ts'] },
] as const;

type Prefix = (typeof commands)[number]['prefix'];

/** For each command, an option mistyped and one left without its value, with what each must be answered with. */
const mistakes: readonly (readonly [Prefix, readonly string[], string])[] = [
  ['sim', ['--sed', '1'], 'unknown option "--sed"; did you mean --seed?'],
  ['sim', ['--trace-out'], '--trace-out needs a value, e.g. --trace-out run.json'],
  ['sim graph', ['--qeury', 'q'], 'unknown option "--qeury"; did you mean --query?'],
  ['sim graph', ['--query'], "--query needs a value, e.g. --query '{ user(id: 1) { name } }'"],
  ['sweep', ['--seed', '1-3'], 'unknown option "--seed"; did you mean --seeds?'],
  ['sweep', ['--workers'], '--workers needs a value, e.g. --workers 2'],
  ['conformance', ['--base-ur', 'http://127.0.0.1:9'], 'unknown option "--base-ur"; did you mean --base-url?'],
  ['conformance', ['--base-url'], '--base-url needs a value, e.g. --base-url http://127.0.0.1:3000'],
  ['describe', ['--confg', 'apisim.config.ts'], 'unknown option "--confg"; did you mean --config?'],
  ['describe', ['--config'], '--config needs a value, e.g. --config apisim.config.ts'],
  ['npm start', ['--memroy'], 'unknown option "--memroy"; did you mean --memory?'],
  ['npm start', ['--data'], '--data needs a value, e.g. --data apisim-data'],
  ['npm run load', ['--duraton', '1'], 'unknown option "--duraton"; did you mean --duration?'],
  ['npm run load', ['--rounds'], '--rounds needs a value, e.g. --rounds 3'],
  ['npm run soak', ['--minuts', '1'], 'unknown option "--minuts"; did you mean --minutes?'],
  ['npm run soak', ['--out'], '--out needs a value, e.g. --out reports/load-soak.csv'],
];

async function run(prefix: Prefix, args: readonly string[]): Promise<{ readonly code: number; readonly stdout: string; readonly stderr: string }> {
  const command = commands.find((c) => c.prefix === prefix)!;
  try {
    const { stdout, stderr } = await exec(process.execPath, [...command.start, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('every command line', () => {
  it('has its two mistakes here', () => {
    expect(new Set(mistakes.map(([prefix]) => prefix))).toEqual(new Set(commands.map((c) => c.prefix)));
  });

  it.concurrent.each(mistakes)('%s %j: exit 2, the mistake in one line, then where the options are', async (prefix, args, message) => {
    const ran = await run(prefix, args);
    expect([ran.code, ran.stdout]).toEqual([2, '']);
    const [first, ...rest] = ran.stderr.split('\n');
    expect(first).toBe(`${prefix}: ${message}`);
    expect(rest.join('\n')).toMatch(/Usage:|--help/);
  });
});
