import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The README shows commands and what they print; these run them as a reader would (through npm, from the
 * repo's folder), so that the page cannot drift from the tool again.
 */
const exec = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const docs = readdirSync(new URL('../../docs/', import.meta.url)).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);

/** The fenced blocks of a Markdown text, with the info string after the fence (`sh`, or '' for plain). */
function fencedBlocks(text: string): { readonly info: string; readonly lines: string[] }[] {
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ info: m[1]!, lines: m[2]!.replace(/\n$/, '').split('\n') }));
}

/** `npm run -s <script> -- <args>` as the README writes it, split at spaces (the lines it checks have no quotes). */
async function npmRun(line: string): Promise<{ readonly code: number; readonly stdout: string }> {
  const args = line.replace(/\s+#.*$/, '').trim().split(/\s+/).slice(2);
  try {
    const { stdout } = await exec('npm', ['run', ...args], { cwd: repo, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}

describe('README.md agrees with the tool', () => {
  it('the demonstration prints every line the README shows, in order', async () => {
    const blocks = fencedBlocks(readme);
    const at = blocks.findIndex((b) => b.info === 'sh' && b.lines.includes('npm run sim -- notes-unstable-post --seed 1'));
    expect(at).toBeGreaterThanOrEqual(0);
    const shown = blocks[at + 1]!; // the output block right after the commands
    expect(shown.info).toBe('');
    const { code, stdout } = await npmRun('npm run -s sim -- notes-unstable-post --seed 1');
    expect(code).toBe(0);
    const printed = stdout.split('\n').map((line) => line.trimEnd());
    let from = 0;
    for (const line of shown.lines.map((l) => l.trimEnd()).filter((l) => l.trim() !== '...')) {
      const found = printed.indexOf(line, from);
      expect(found, `the README shows a line the tool does not print (after line ${from}):\n${line}`).toBeGreaterThanOrEqual(0);
      from = found + 1;
    }
  });

  it("every --json command line the README shows prints one JSON document on stdout", async () => {
    const lines = fencedBlocks(readme)
      .filter((b) => b.info === 'sh')
      .flatMap((b) => b.lines)
      .filter((line) => /^npm run -s \S+ -- .*--json/.test(line));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const { code, stdout } = await npmRun(line);
      expect(code, line).toBe(0);
      expect(() => JSON.parse(stdout) as unknown, line).not.toThrow();
    }
  });

  it("the pipe a script would write works: npm run -s sim … --json straight into JSON.parse", async () => {
    const pipe = `npm run -s sim -- notes-unstable-post --seed 1 --json | node -e 'JSON.parse(require("fs").readFileSync(0))'`;
    await expect(exec('sh', ['-c', pipe], { cwd: repo })).resolves.toBeDefined();
  });

  it('no page shows `npm run … --json` without -s, whose banner would land on stdout before the JSON', () => {
    const offenders = ['README.md', ...docs].flatMap((file) => {
      const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
      return [...text.matchAll(/npm run (?!-s )\S+ -- [^`\n]*--json/g)].map((m) => `${file}: ${m[0]}`);
    });
    expect(offenders).toEqual([]);
  });
});
