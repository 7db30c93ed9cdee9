import { afterAll, beforeAll } from 'vitest';

/**
 * `npm test` runs one test file after another in the same worker, modules kept (`isolate: false`,
 * vitest.config.ts), so whatever a file leaves changed reaches the files after it: an `APISIM_RUNS` left at 7
 * would quietly cut every later property's runs, a global a guest's world lent and never gave back would run
 * later tests on a virtual clock. Registered for every file (`setupFiles`), this fails the file that leaves
 * one of them changed, and names what.
 */
export interface Surroundings {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Each global a world or a fake timer lends, by name, as it is now. */
  readonly globals: Readonly<Record<string, unknown>>;
}

/** What sim/host/world/world.ts and vi.useFakeTimers lend, and the console and streams an app's output is taken from. */
const lendable: readonly (readonly [name: string, owner: object, key: string])[] = [
  ...['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'console'].map((key) => [key, globalThis, key] as const),
  ['Math.random', Math, 'random'],
  ['performance.now', performance, 'now'],
  ['crypto.randomUUID', crypto, 'randomUUID'],
  ['crypto.getRandomValues', crypto, 'getRandomValues'],
  ['process.hrtime', process, 'hrtime'],
  ['process.uptime', process, 'uptime'],
  ['process.stdout.write', process.stdout, 'write'],
  ['process.stderr.write', process.stderr, 'write'],
];

export function surroundings(): Surroundings {
  return {
    cwd: process.cwd(),
    env: { ...process.env },
    globals: Object.fromEntries(lendable.map(([name, owner, key]) => [name, Reflect.get(owner, key)])),
  };
}

/** What differs between two looks, one line each; empty when everything was given back. */
export function leftovers(before: Surroundings, after: Surroundings): string[] {
  const found: string[] = [];
  if (after.cwd !== before.cwd) found.push(`the working directory is ${after.cwd}, not ${before.cwd}`);
  for (const name of new Set([...Object.keys(before.env), ...Object.keys(after.env)])) {
    if (after.env[name] !== before.env[name]) found.push(`${name} is ${JSON.stringify(after.env[name])} in the environment, not ${JSON.stringify(before.env[name])}`);
  }
  for (const name of Object.keys(before.globals)) {
    if (after.globals[name] !== before.globals[name]) found.push(`${name} is not the one the file started with`);
  }
  return found;
}

let before: Surroundings | undefined;
beforeAll(() => {
  before = surroundings();
});
afterAll(() => {
  const found = before === undefined ? [] : leftovers(before, surroundings());
  if (found.length > 0) throw new Error(`this test file left behind what the next file in its worker would inherit:\n  ${found.join('\n  ')}`);
});
