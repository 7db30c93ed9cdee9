import { write, writeSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../src/http/message.js';
import { parseScenario } from '../../scenario/spec.js';
import { runGuestScenario } from '../run-guest-scenario.js';
import { appOutputLineLimit, hostOutput } from './app-output.js';
import { type App, processOf } from './test-kit.js';

const twoGets = parseScenario({ steps: [{ method: 'GET', path: '/a' }, { atUs: 1_000_000, method: 'GET', path: '/b' }] });
const run = (app: App) => runGuestScenario('output', twoGets, { seed: 1, app: () => processOf(app) });

/** What reached the process's own streams while a test ran: the world lends over these and must give them back. */
let reached: string[];
const consoleBefore = globalThis.console;

beforeEach(() => {
  reached = [];
  for (const stream of ['stdout', 'stderr'] as const) {
    Object.defineProperty(process[stream], 'write', {
      value: (chunk: unknown) => {
        reached.push(`${stream}: ${String(chunk)}`);
        return true;
      },
      configurable: true,
      writable: true,
    });
  }
});

afterEach(() => {
  // Their own `write` was the prototype's: taking the stand-in away gives it back.
  Reflect.deleteProperty(process.stdout, 'write');
  Reflect.deleteProperty(process.stderr, 'write');
});

describe('what an app writes while the world is lent', () => {
  it('goes to the run\'s log, line by line at the virtual time each began, and none of it to the process', async () => {
    const app: App = async (req) => {
      console.log('handling', req.path);
      console.error({ path: req.path });
      process.stdout.write(`partial ${req.path}`);
      await Promise.resolve();
      process.stdout.write(' done\n');
      writeSync(1, `fd 1 ${req.path}\n`);
      const written = await new Promise((resolve) => write(2, `fd 2 ${req.path}\n`, (_error, bytes) => resolve(bytes)));
      if (written !== 8) throw new Error(`fs.write answered ${String(written)} bytes written`);
      if (req.path === '/b') process.stderr.write('no newline at the end');
      return jsonResponse(200, {});
    };
    const result = await run(app);
    expect(reached).toEqual([]);
    expect(result.appOutput.omitted).toBe(0);
    const lines = result.appOutput.lines.map((line) => [line.atUs, line.stream, line.text]);
    expect(lines).toEqual([
      [75_000, 'stdout', 'handling /a'],
      [75_000, 'stderr', "{ path: '/a' }"],
      [75_000, 'stdout', 'partial /a done'],
      [75_000, 'stdout', 'fd 1 /a'],
      [75_000, 'stderr', 'fd 2 /a'],
      [1_075_000, 'stdout', 'handling /b'],
      [1_075_000, 'stderr', "{ path: '/b' }"],
      [1_075_000, 'stdout', 'partial /b done'],
      [1_075_000, 'stdout', 'fd 1 /b'],
      [1_075_000, 'stderr', 'fd 2 /b'],
      // Text after the last newline is a line of its own at the end.
      [1_075_000, 'stderr', 'no newline at the end'],
    ]);
  });

  it('gives the console and the streams back, and apisim\'s own output always reaches the process', async () => {
    const app: App = () => {
      hostOutput.stderr('apisim: a note\n');
      console.log('the app');
      return Promise.resolve(jsonResponse(200, {}));
    };
    const result = await run(app);
    expect(reached).toEqual(['stderr: apisim: a note\n', 'stderr: apisim: a note\n']);
    expect(result.appOutput.lines.map((line) => line.text)).toEqual(['the app', 'the app']);
    expect(globalThis.console).toBe(consoleBefore);
    process.stdout.write('after the run');
    expect(reached.at(-1)).toBe('stdout: after the run');
  });

  it('keeps a bounded number of lines, and counts the rest', async () => {
    const app: App = () => {
      for (let i = 0; i < appOutputLineLimit; i++) console.log(i);
      return Promise.resolve(jsonResponse(200, {}));
    };
    const { appOutput } = await run(app);
    expect(appOutput.lines).toHaveLength(appOutputLineLimit);
    expect(appOutput.omitted).toBe(appOutputLineLimit);
    expect(appOutput.lines.at(-1)!.text).toBe(String(appOutputLineLimit - 1));
  });
});
