import { AsyncResource } from 'node:async_hooks';
import { createServer } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RealWorkTimeoutError } from './drain.js';
import { lentWorld, loadNativeImport, realWorkOf } from './test-kit.js';
import type { World, WorldOptions } from './world.js';

let lent: World | undefined;
/** A world for one test, given back after it whatever happens. */
function lend(options: WorldOptions = {}) {
  const made = lentWorld(1, options);
  lent = made.world;
  return made;
}
beforeAll(loadNativeImport);
afterEach(() => {
  lent?.restore();
  lent = undefined;
});

type Kind = keyof typeof realWorkOf;
const kinds = Object.keys(realWorkOf) as Kind[];

describe('real work while the clock stands still', { timeout: 20_000 }, () => {
  it.each(kinds)('waits for %s started in an event, in the same instant, before the next event', async (kind) => {
    const { sim, run } = lend();
    const seen: string[] = [];
    sim.schedule(5_000, () => {
      void realWorkOf[kind]().then(() => seen.push(`${kind} done@${sim.nowUs}`));
    });
    // The very next event, at the same virtual time: still after the real work and what it set off.
    sim.schedule(5_000, () => void seen.push(`next event@${sim.nowUs}`));
    await run();
    expect(seen).toEqual([`${kind} done@5000`, 'next event@5000']);
  });

  it('names the kinds of real work the app started in an instant, sorted and without counts', async () => {
    const { sim, world } = lend();
    sim.schedule(0, () => undefined);
    const named: string[][] = [];
    const settleAfter = async (work: () => void) => {
      work();
      named.push(await world.settle());
    };
    await settleAfter(() => void Promise.all([realWorkOf.file(), realWorkOf.digest(), realWorkOf.file()]));
    await settleAfter(() => void realWorkOf.gzip());
    await settleAfter(() => undefined);
    expect(named).toEqual([['a crypto job (Web Crypto, async node:crypto)', 'a file operation'], ['async zlib'], []]);
  });

  it('does not take an AsyncResource the app names for a crypto job: on-finished names its own after the function it wraps (morgan\'s logRequest)', async () => {
    const { sim, run } = lend({ realWorkLimitMs: 50 });
    const seen: string[] = [];
    // Made when a request comes, run when its response has gone: a later event.
    let resource: AsyncResource | undefined;
    sim.schedule(1_000, () => void (resource = new AsyncResource('logRequest')));
    sim.schedule(2_000, () => void resource?.runInAsyncScope(() => seen.push(`logged@${sim.nowUs}`)));
    await run();
    expect(seen).toEqual(['logged@2000']);
  });

  it('does not name what the module loader does for an import(): a module loads once a process, so only a first run would', async () => {
    const { world } = lend();
    void realWorkOf.lazyImport();
    expect(await world.settle()).toEqual([]);
  });

  it('gives two requests that each wait on real work the same order on every run: one instant finishes before the next is taken', async () => {
    const orderOfOneRun = async (): Promise<string[]> => {
      const { sim, run } = lend();
      const seen: string[] = [];
      // Both arrive at once; the first does more real work, which would finish last if both were in flight.
      sim.schedule(1_000, () => {
        void Promise.all([realWorkOf.file(), realWorkOf.gzip(), realWorkOf.digest(), realWorkOf.lazyImport()]).then(() => seen.push(`slow@${sim.nowUs}`));
      });
      sim.schedule(1_000, () => {
        void realWorkOf.digest().then(() => seen.push(`quick@${sim.nowUs}`));
      });
      await run();
      lent?.restore();
      return seen;
    };
    const orders = new Set<string>();
    for (let i = 0; i < 10; i++) orders.add((await orderOfOneRun()).join(' '));
    expect([...orders]).toEqual(['slow@1000 quick@1000']);
  });

  it('fails, naming it, when real work the app started does not finish within the bound: a server it keeps listening', async () => {
    const { sim, run } = lend({ realWorkLimitMs: 50 });
    const server = createServer();
    sim.schedule(2_000, () => void server.listen(0, '127.0.0.1'));
    try {
      const failure = run();
      await expect(failure).rejects.toThrow(RealWorkTimeoutError);
      await expect(failure).rejects.toThrow(/did not finish within 0\.05 s of real time, at 2\.000 ms \(virtual\): TCPServerWrap \(a real socket\)/);
    } finally {
      server.close();
    }
  });
});
