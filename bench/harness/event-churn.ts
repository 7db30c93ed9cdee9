import { Simulation } from '../../sim/simulation.js';
import { ReferenceLoop } from './reference-loop.js';

/**
 * The queue benchmark's load: `pendingEvents` events are scheduled up front and each one, when it runs,
 * schedules another at a pseudo-random offset, until `eventsPerRun` have been scheduled in all. The queue
 * holds about `pendingEvents` throughout, which is what a busy multi-client scenario looks like.
 */
export interface ChurnShape {
  readonly eventsPerRun: number;
  readonly pendingEvents: number;
}

export const benchmarkChurnShape: ChurnShape = { eventsPerRun: 100_000, pendingEvents: 1_000 };

export interface ChurnRun {
  readonly eventsRun: number;
  readonly endUs: number;
}

const offsetCount = 4_096; // a power of two, so an index is masked rather than divided
const maxOffsetUs = 2_000;

/**
 * Offsets in [0, 2000) µs from xorshift32 with a fixed seed, drawn once so that neither runner pays for
 * random draws. Zero is among them, so ties (broken by insertion order) happen too.
 */
export function churnOffsetsUs(): readonly number[] {
  const offsets: number[] = [];
  let x = 0x9e3779b9;
  for (let i = 0; i < offsetCount; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    offsets.push((x >>> 0) % maxOffsetUs);
  }
  return offsets;
}

export async function runHarnessChurn(shape: ChurnShape, offsetsUs: readonly number[]): Promise<ChurnRun> {
  const sim = new Simulation();
  const mask = offsetsUs.length - 1;
  let scheduled = 0;
  const tick = (): void => {
    if (scheduled < shape.eventsPerRun) sim.schedule(offsetsUs[scheduled++ & mask]!, tick);
  };
  for (let i = 0; i < shape.pendingEvents; i++) tick();
  await sim.run();
  return { eventsRun: sim.eventsRun, endUs: sim.nowUs };
}

export function runReferenceChurn(shape: ChurnShape, offsetsUs: readonly number[]): ChurnRun {
  const loop = new ReferenceLoop();
  const mask = offsetsUs.length - 1;
  let scheduled = 0;
  const tick = (): void => {
    if (scheduled < shape.eventsPerRun) loop.at(loop.nowUs + offsetsUs[scheduled++ & mask]!, tick);
  };
  for (let i = 0; i < shape.pendingEvents; i++) tick();
  loop.run();
  return { eventsRun: loop.eventsRun, endUs: loop.nowUs };
}
