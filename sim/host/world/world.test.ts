import { randomBytes, randomFillSync, randomInt, randomUUID, getRandomValues as nodeGetRandomValues } from 'node:crypto';
import { setTimeout as timersSetTimeout } from 'node:timers';
import { setImmediate as immediatePromise, setInterval as intervalPromise, setTimeout as sleep } from 'node:timers/promises';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { RngStreams } from '../../rng.js';
import { Simulation } from '../../simulation.js';
import { virtualEpochMs } from './epoch.js';
import { addonPackage, NotVirtualError } from './refusals.js';
import { lentWorld, real, realWorldIsBack } from './test-kit.js';
import { TimerCallbackError } from './virtual-timers.js';
import { World, type WorldOptions } from './world.js';

let lent: World | undefined;
/** A world for one test, given back after it whatever happens. */
function lend(seed = 1, options: WorldOptions = {}) {
  const made = lentWorld(seed, options);
  lent = made.world;
  return made;
}
afterEach(() => {
  lent?.restore();
  lent = undefined;
});

describe('the virtual world: timers', { timeout: 10_000 }, () => {
  it('makes a timer an event at its virtual time, and the wall clock reads that time', async () => {
    const { sim, run } = lend();
    const seen: [number, number][] = [];
    sim.schedule(2_000, () => {
      setTimeout(() => seen.push([sim.nowUs, Date.now()]), 15);
    });
    await run();
    expect(seen).toEqual([[17_000, virtualEpochMs + 17]]);
  });

  it('reads a delay as Node does: none, 0 or less than 1 ms is 1 ms, fractions to the microsecond', async () => {
    const { sim, run } = lend();
    const seen: string[] = [];
    setTimeout(() => seen.push(`none@${sim.nowUs}`));
    setTimeout(() => seen.push(`zero@${sim.nowUs}`), 0);
    setTimeout(() => seen.push(`fraction@${sim.nowUs}`), 2.5);
    setTimeout(() => seen.push(`text@${sim.nowUs}`), '3' as unknown as number);
    await run();
    expect(seen).toEqual(['none@1000', 'zero@1000', 'fraction@2500', 'text@3000']);
  });

  it('repeats an interval every delay until clearInterval, also from its own callback', async () => {
    const { sim, world, run } = lend();
    const ticks: number[] = [];
    const others: number[] = [];
    const interval = setInterval(() => {
      ticks.push(sim.nowUs);
      if (ticks.length === 3) clearInterval(interval);
    }, 10);
    const other = setInterval(() => others.push(sim.nowUs), 4);
    sim.schedule(9_000, () => clearInterval(other));
    await run();
    expect(ticks).toEqual([10_000, 20_000, 30_000]);
    expect(others).toEqual([4_000, 8_000]);
    expect(sim.nowUs).toBe(30_000);
    expect(world.timers.pending).toBe(0);
  });

  it('runs setImmediate at the same virtual instant, after the events already queued there, and clears it', async () => {
    const { sim, run } = lend();
    const seen: string[] = [];
    sim.schedule(5_000, () => {
      sim.schedule(0, () => void seen.push(`queued@${sim.nowUs}`));
      setImmediate(() => seen.push(`immediate@${sim.nowUs}`));
      clearImmediate(setImmediate(() => seen.push('cleared')));
      setTimeout(() => seen.push(`timeout 0@${sim.nowUs}`), 0);
    });
    await run();
    expect(seen).toEqual(['queued@5000', 'immediate@5000', 'timeout 0@6000']);
  });

  it('runs nested timers each at its own time, and a cleared one never', async () => {
    const { sim, run } = lend();
    const seen: number[] = [];
    setTimeout(() => {
      seen.push(sim.nowUs);
      const never = setTimeout(() => seen.push(-1), 5);
      setTimeout(() => {
        seen.push(sim.nowUs);
        clearTimeout(never);
        setTimeout(() => seen.push(sim.nowUs), 1);
      }, 1.5);
    }, 10);
    await run();
    expect(seen).toEqual([10_000, 11_500, 12_500]);
  });

  it('gives handles as Node does: a number to clear by, refresh from now, unref', async () => {
    const { sim, run } = lend();
    const seen: number[] = [];
    const byNumber = setTimeout(() => seen.push(-1), 5);
    clearTimeout(Number(byNumber));
    const refreshed = setTimeout(() => seen.push(sim.nowUs), 10);
    sim.schedule(8_000, () => void refreshed.refresh());
    expect(refreshed.unref().hasRef()).toBe(false);
    await run();
    expect(seen).toEqual([18_000]);
  });

  it('clears a real timer, set before the world was lent, through the virtual clear', async () => {
    let fired = false;
    const realTimer = real.setTimeout(() => {
      fired = true;
    }, 5);
    lend();
    clearTimeout(realTimer);
    lent?.restore();
    await new Promise((resolve) => real.setTimeout(resolve, 20));
    expect(fired).toBe(false);
  });

  it('reaches named imports of node:timers, node:timers/promises and util.promisify', async () => {
    const { sim, run } = lend();
    const seen: string[] = [];
    // Not returned to the loop: an app's chain runs on its own, the loop only lets it settle.
    const app = async (): Promise<void> => {
      timersSetTimeout(() => seen.push(`node:timers@${sim.nowUs}`), 1);
      await sleep(20);
      seen.push(`timers/promises@${sim.nowUs}`);
      await promisify(setTimeout)(5);
      seen.push(`promisify@${sim.nowUs}`);
      await immediatePromise();
      seen.push(`immediate@${sim.nowUs}`);
      let n = 0;
      for await (const tick of intervalPromise(3, 'tick')) if (tick === 'tick' && ++n === 2) break;
      seen.push(`interval x2@${sim.nowUs}`);
    };
    sim.schedule(1_000, () => void app());
    await run();
    expect(seen).toEqual(['node:timers@2000', 'timers/promises@21000', 'promisify@26000', 'immediate@26000', 'interval x2@32000']);
  });

  it('fails the run when a callback of the app throws, naming when it was set and when it threw', async () => {
    const { sim, run } = lend();
    sim.schedule(3_000, () => {
      setTimeout(() => {
        throw new Error('boom');
      }, 7);
    });
    const failure = run();
    await expect(failure).rejects.toThrow(TimerCallbackError);
    await expect(failure).rejects.toThrow("the app's setTimeout of 7.000 ms callback, set at 3.000 ms, threw at 10.000 ms (virtual): boom");
  });
});

describe('the virtual world: clocks', () => {
  it('reads Date, performance.now, process.hrtime and uptime from virtual time, to the microsecond', async () => {
    const { sim, run } = lend();
    let read: unknown[] = [];
    sim.schedule(1_234_567, () => {
      read = [
        new Date().toISOString(), Date.now(), Date(), performance.now(), performance.timeOrigin, process.hrtime(), process.hrtime([1, 200_000_000]),
        process.hrtime.bigint(), process.uptime(), new Date(0).toISOString(), new Date() instanceof real.Date,
      ];
    });
    await run();
    expect(read).toEqual([
      '2026-01-01T00:00:01.234Z', virtualEpochMs + 1_234, 'Thu Jan 01 2026 00:00:01 GMT+0000 (Coordinated Universal Time)', 1_234.567, virtualEpochMs,
      [1, 234_567_000], [0, 34_567_000], 1_234_567_000n, 1.234567, '1970-01-01T00:00:00.000Z', true,
    ]);
  });

  it('lets promise chains, nextTicks and real immediates run to the end before the next event', async () => {
    const { sim, run } = lend();
    const seen: string[] = [];
    sim.schedule(10, () => {
      void Promise.resolve()
        .then(() => Promise.resolve())
        .then(() => seen.push('promise chain'));
      process.nextTick(() => seen.push('nextTick'));
      real.setImmediate(() => real.setImmediate(() => seen.push('real immediate, twice')));
    });
    sim.schedule(10, () => void seen.push('next event'));
    await run();
    // Between the first three, Node's own order (here, inside a promise job, promises before ticks).
    expect(seen.slice(0, 3).sort()).toEqual(['nextTick', 'promise chain', 'real immediate, twice']);
    expect(seen[3]).toBe('next event');
  });

});

describe('the virtual world: randomness', () => {
  const draws = (seed: number) => {
    const { world } = lend(seed);
    try {
      const values = new Uint32Array(3);
      crypto.getRandomValues(values);
      return [Math.random(), crypto.randomUUID(), randomUUID(), [...values], [...nodeGetRandomValues(new Uint8Array(5))], randomBytes(6).toString('hex')];
    } finally {
      world.restore();
    }
  };

  it('draws Math.random, randomUUID, getRandomValues and randomBytes from the seed: the same twice, other for another seed', () => {
    const first = draws(7);
    expect(draws(7)).toEqual(first);
    const other = draws(8);
    for (let i = 0; i < first.length; i++) expect(other[i]).not.toEqual(first[i]);
    expect(first[1]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('draws from the guest stream, so no other stream of the run moves', () => {
    const { world } = lend(3);
    const a = Math.random();
    world.restore();
    expect(a).toBe(new RngStreams(3).stream('guest').float());
  });

  it('refuses what the real getRandomValues refuses', () => {
    lend();
    expect(() => crypto.getRandomValues(new Float64Array(2) as unknown as Uint8Array<ArrayBuffer>)).toThrow(expect.objectContaining({ name: 'TypeMismatchError' }));
    expect(() => crypto.getRandomValues(new Uint8Array(65_537))).toThrow(expect.objectContaining({ name: 'QuotaExceededError' }));
  });

  it('hands randomBytes with a callback over on the next tick', async () => {
    lend(2);
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      randomBytes(4, (error, buf) => (error === null ? resolve(buf) : reject(error)));
    });
    const expected = new Uint8Array(4);
    new RngStreams(2).stream('guest').fill(expected);
    expect([...bytes]).toEqual([...expected]);
  });
});

describe('the virtual world: what it leaves real, and watches', () => {
  it('names the sources it does not seed that the app called, with how often, and hands over their real values', async () => {
    const { world } = lend();
    expect(world.notVirtual()).toEqual([]);
    const drawn = [randomInt(10), randomInt(10), randomFillSync(new Uint8Array(2)).length];
    performance.mark('start');
    await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    // Waited for, not watched: its result does not depend on when it finishes.
    await crypto.subtle.digest('SHA-256', new Uint8Array(1));
    expect(drawn[0]).toBeLessThan(10);
    expect(world.notVirtual()).toEqual([
      "node:crypto's randomInt, called 2 times: random values the virtual world does not seed",
      "node:crypto's randomFillSync, called 1 time: random values the virtual world does not seed",
      'performance.mark, called 1 time: reads the real clock below the lent performance.now',
      'crypto.subtle.generateKey (Web Crypto), called 1 time: random values the virtual world does not seed',
    ]);
    world.restore();
    expect(await realWorldIsBack()).toBe(true);
    expect(Object.hasOwn(crypto.subtle, 'generateKey') || Object.hasOwn(performance, 'mark')).toBe(false);
  });
});

describe('the virtual world: lending and giving back', () => {
  it('gives every real one back, also twice, and lends one world at a time', async () => {
    const { world } = lend();
    expect([globalThis.Date, Math.random, timersSetTimeout]).not.toContain(real.Date);
    expect(() => World.lend(new Simulation(), new RngStreams(1).stream('guest'))).toThrow(/already lent/);
    world.restore();
    world.restore();
    expect(await realWorldIsBack()).toBe(true);
    expect(timersSetTimeout).toBe(real.setTimeout); // the named import is the real one again
    const again = World.lend(new Simulation(), new RngStreams(1).stream('guest'));
    again.restore();
  });

  it('refuses worker threads and native addons, which run outside the virtual world', () => {
    lend();
    expect(() => new Worker('0', { eval: true })).toThrow(NotVirtualError);
    expect(() => process.dlopen({ exports: {} }, '/x/addon.node')).toThrow(/native addon \(\/x\/addon.node\)/);
  });

  it('lets the module loader start its worker: tsx compiling a file the app imports lazily, with esbuild\'s transformSync', async () => {
    // A stand-in for tsx's own file, found by where it lies, as the world tells the loader's code from the app's.
    const folder = join(mkdtempSync(join(tmpdir(), 'apisim-loader-')), 'node_modules', 'tsx');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'transform.mjs'), "import { Worker } from 'node:worker_threads';\nexport const startService = () => new Worker('0', { eval: true });\n");
    // eslint-disable-next-line apisim/layering -- a module written by this test, standing for tsx's own file
    const loader = (await import(pathToFileURL(join(folder, 'transform.mjs')).href)) as { startService(): Worker };
    lend();
    const worker = loader.startService();
    expect(worker.threadId).toBeGreaterThan(0);
    await worker.terminate();
    expect(() => new Worker('0', { eval: true })).toThrow(NotVirtualError);
  });

  it('loads the native addon of a package the app allows by name, and refuses any other, naming how to allow it', () => {
    lend(1, { allowNativeAddons: ['better-sqlite3'] });
    // Handed to the real dlopen, which finds no file there: its own error, not the world's refusal.
    const allowed = (): void => process.dlopen({ exports: {} }, '/x/node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    expect(allowed).toThrow(Error);
    expect(allowed).not.toThrow(NotVirtualError);
    const other = (): void => process.dlopen({ exports: {} }, '/x/node_modules/better-sqlite3/node_modules/@x/sqlite-async/addon.node');
    expect(other).toThrow(NotVirtualError);
    expect(other).toThrow('"allowNativeAddons": ["@x/sqlite-async"]');
  });

  it('tells the package of an addon by the last node_modules folder of its path', () => {
    expect(addonPackage('/app/node_modules/better-sqlite3/build/Release/better_sqlite3.node')).toBe('better-sqlite3');
    expect(addonPackage('C:\\app\\node_modules\\@scope\\db\\build\\db.node')).toBe('@scope/db');
    expect(addonPackage('/a/node_modules/x/node_modules/y/y.node')).toBe('y');
    expect(addonPackage('/usr/lib/addon.node')).toBeUndefined();
  });
});
