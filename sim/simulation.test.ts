import { describe, expect, it } from 'vitest';
import { formatMs } from './format.js';
import type { Guest } from './guest.js';
import { Simulation } from './simulation.js';

describe('Simulation', () => {
  it('advances the virtual clock to each event and runs ties in insertion order', async () => {
    const sim = new Simulation();
    const seen: string[] = [];
    sim.schedule(10, () => void seen.push(`b@${sim.nowUs}`));
    sim.schedule(5, () => {
      seen.push(`a@${sim.nowUs}`);
      sim.schedule(5, () => void seen.push(`c@${sim.nowUs}`)); // also at 10, scheduled later than b
    });
    await sim.run();
    expect(seen).toEqual(['a@5', 'b@10', 'c@10']);
    expect(sim.nowUs).toBe(10);
  });

  it('waits for a handler that returns a promise before it runs the next event', async () => {
    const sim = new Simulation();
    const seen: string[] = [];
    sim.schedule(1, async () => {
      await Promise.resolve();
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      seen.push('async handler finished');
    });
    sim.schedule(1, () => void seen.push('next event'));
    await sim.run();
    expect(seen).toEqual(['async handler finished', 'next event']);
  });

  it('takes no promise detour between synchronous handlers', async () => {
    const sim = new Simulation();
    const seen: string[] = [];
    sim.schedule(1, () => {
      void Promise.resolve().then(() => seen.push('microtask'));
      seen.push('first');
    });
    sim.schedule(2, () => void seen.push('second'));
    await sim.run();
    // Had the loop awaited after the first handler, the microtask would have run before 'second'.
    expect(seen).toEqual(['first', 'second', 'microtask']);
  });

  it('skips a cancelled event without moving the clock to it', async () => {
    const sim = new Simulation();
    const timer = sim.schedule(1_000, () => {
      throw new Error('cancelled events must not run');
    });
    sim.schedule(10, () => {
      sim.cancel(timer);
    });
    await sim.run();
    expect(sim.nowUs).toBe(10);
    expect(sim.eventsRun).toBe(1);
  });

  it('refuses negative or fractional delays and stops a run that never settles', async () => {
    const sim = new Simulation();
    expect(() => sim.schedule(-1, () => undefined)).toThrow(RangeError);
    expect(() => sim.schedule(1.5, () => undefined)).toThrow(RangeError);
    const forever = (): void => void sim.schedule(1, forever);
    sim.schedule(0, forever);
    await expect(sim.run({ maxEvents: 1_000 })).rejects.toThrow(/exceeded 1000 events/);
  });

  it('stops at untilUs and can continue later', async () => {
    const sim = new Simulation();
    const seen: number[] = [];
    for (const t of [5, 10, 15]) sim.schedule(t, () => void seen.push(t));
    await sim.run({ untilUs: 10 });
    expect(seen).toEqual([5, 10]);
    await sim.run();
    expect(seen).toEqual([5, 10, 15]);
  });

  it('orders a background event among the others by time, then by insertion', async () => {
    const sim = new Simulation();
    const seen: string[] = [];
    sim.schedule(10, () => void seen.push('a'));
    sim.scheduleBackground(10, () => void seen.push('timer'));
    sim.schedule(10, () => void seen.push('b'));
    sim.scheduleBackground(5, () => void seen.push('early timer'));
    await sim.run();
    expect(seen).toEqual(['early timer', 'a', 'timer', 'b']);
  });

  it('ends without a guest when only background events are left, and cancels them like any event', async () => {
    const sim = new Simulation();
    const seen: string[] = [];
    const cancelled = sim.scheduleBackground(5, () => void seen.push('cancelled'));
    sim.schedule(10, () => void seen.push('own'));
    sim.scheduleBackground(20, () => void seen.push('left over'));
    sim.cancel(cancelled);
    await sim.run();
    expect(seen).toEqual(['own']);
    expect(sim.nowUs).toBe(10);
  });

  it('settles a guest after every event and asks it whether to go on once only its timers are left', async () => {
    const sim = new Simulation();
    const seen: string[] = [];
    const asked: (number | undefined)[] = [];
    const guest: Guest = {
      settle: () => {
        seen.push(`settle@${sim.nowUs}`);
        return Promise.resolve();
      },
      goOn: (nextTimerUs) => {
        asked.push(nextTimerUs);
        return nextTimerUs !== undefined && nextTimerUs < 30;
      },
    };
    sim.schedule(1, () => void seen.push('own'));
    sim.scheduleBackground(20, () => void seen.push('timer'));
    sim.scheduleBackground(40, () => void seen.push('too late'));
    await sim.run({}, guest);
    expect(seen).toEqual(['own', 'settle@1', 'timer', 'settle@20']);
    expect(asked).toEqual([20, 40]);
  });

  it('fails the run when the guest says it cannot end well, also with no timer left', async () => {
    const sim = new Simulation();
    sim.schedule(1, () => undefined);
    const guest: Guest = {
      settle: () => Promise.resolve(),
      goOn: (nextTimerUs) => {
        throw new Error(`owed an answer, next timer ${String(nextTimerUs)}`);
      },
    };
    await expect(sim.run({}, guest)).rejects.toThrow('owed an answer, next timer undefined');
  });

  it('prints microseconds as milliseconds with three decimals', () => {
    expect(formatMs(135_480)).toBe('135.480');
    expect(formatMs(0)).toBe('0.000');
    expect(formatMs(7)).toBe('0.007');
    expect(formatMs(-1_500)).toBe('-1.500');
  });
});
