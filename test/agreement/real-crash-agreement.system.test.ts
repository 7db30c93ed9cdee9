import { describe, expect, it } from 'vitest';
import { crashPoints } from '../../sim/faults/origin-crash.js';
import { builtin } from '../../sim/scenario/resolve.js';
import { runScenario } from '../../sim/scenario/run.js';
import { realCrashPoints } from '../../server/crash-switch.js';
import { comparable } from './comparable.js';
import { runWithRealCrash } from './real-crash-run.js';

const seed = 1;

async function simulate(point: (typeof crashPoints)[number]) {
  const { name, spec } = builtin(`notes-crash-${point}`, seed);
  return { spec, simulated: await runScenario(name, spec, { seed, trace: 'off' }) };
}

/**
 * Durability on real crashes: the simulator's crash scenarios (`notes-crash-<point>`) and the same steps
 * against `npm start`'s process, which kills itself with SIGKILL at that point, end alike: the same answer to
 * each step, and the same notes in the data folder as in the simulated origin's storage. One note every time.
 */
describe('real crashes agree with the simulated ones', () => {
  it('the real server knows the same crash points as the simulator', () => {
    expect(realCrashPoints).toEqual(crashPoints);
  });

  it.each(crashPoints)('crash %s: one note, the same answers, the same storage', async (point) => {
    const { spec, simulated } = await simulate(point);
    const real = await runWithRealCrash(spec, simulated, point, 'data');
    expect(real.kills).toBe(1);
    expect(real.responses.map(comparable)).toEqual(simulated.exchanges.map((x) => comparable(x.response!)));
    expect(real.notesOnDisk).toEqual(simulated.finalState.notes);
    expect(real.notesOnDisk).toHaveLength(1);
  });

  // Teeth: the same crash against storage in memory loses what was acknowledged (`after-response`) or what
  // the re-send should have replayed (`after-effect`), and the comparison above must see it.
  it.each(['after-effect', 'after-response'] as const)('with --memory, crash %s disagrees with the simulator', async (point) => {
    const { spec, simulated } = await simulate(point);
    const real = await runWithRealCrash(spec, simulated, point, 'memory');
    expect(real.kills).toBe(1);
    expect(real.responses.map(comparable)).not.toEqual(simulated.exchanges.map((x) => comparable(x.response!)));
  });
});
