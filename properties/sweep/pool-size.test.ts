import { describe, expect, it } from 'vitest';
import { coresFreeOver, cpuQuotaOf, fewerThreadsReason, machineTicksOf, poolSize, type PoolSizing, seedsPerThread } from './pool-size.js';

/** A quiet 2-core machine, a long sweep, nothing asked for. */
const quiet: PoolSizing = { requested: undefined, cores: 2, cpuQuota: undefined, seedRuns: 100_000, coresFree: 2 };

describe('the pool size', () => {
  it('takes --workers as it is, whatever the machine', () => {
    expect(poolSize({ ...quiet, requested: 3, cores: 1, cpuQuota: 0.5, seedRuns: 2, coresFree: 0 })).toBe(3);
  });

  it('is one thread per core the process may run on, on a quiet machine', () => {
    expect(poolSize(quiet)).toBe(2);
    expect(poolSize({ ...quiet, cores: 8, coresFree: 8 })).toBe(8);
    expect(poolSize({ ...quiet, cores: 8, coresFree: undefined })).toBe(8);
  });

  it('is no more threads than cores free while the sweep got ready: one on a busy machine', () => {
    expect(poolSize({ ...quiet, coresFree: 0.3 })).toBe(1);
    expect(poolSize({ ...quiet, coresFree: 1.4 })).toBe(1);
    expect(poolSize({ ...quiet, coresFree: 1.6 })).toBe(2);
    expect(poolSize({ ...quiet, cores: 8, coresFree: 3.2 })).toBe(3);
  });

  it('is no more threads than cores of CPU quota: a thread on half a core is slower than none', () => {
    expect(poolSize({ ...quiet, cores: 8, coresFree: 8, cpuQuota: 2 })).toBe(2);
    expect(poolSize({ ...quiet, cpuQuota: 1.5 })).toBe(1);
    expect(poolSize({ ...quiet, cpuQuota: 4 })).toBe(2);
  });

  it('starts no thread that has too few seeds to pay for its start', () => {
    expect(poolSize({ ...quiet, cores: 8, coresFree: 8, seedRuns: 3 * seedsPerThread })).toBe(3);
    expect(poolSize({ ...quiet, cores: 8, coresFree: 8, seedRuns: 3 * seedsPerThread - 1 })).toBe(2);
  });

  it('is at least one thread', () => {
    expect(poolSize({ ...quiet, cpuQuota: 0.2 })).toBe(1);
    expect(poolSize({ ...quiet, seedRuns: 1 })).toBe(1);
  });
});

describe('the cores free', () => {
  it('reads the idle and the whole of /proc/stat, iowait as idle, guest time not twice', () => {
    expect(machineTicksOf('cpu  100 1 20 300 5 0 3 2 40 0\ncpu0 50 0 10 150 2 0 1 1 20 0\n')).toEqual({ idle: 305, total: 431 });
    expect(machineTicksOf('intr 1 2 3\n')).toBeUndefined();
  });

  it('is the idle share of the machine plus what the process used itself', () => {
    // Over one second of 2 cores: a quarter idle (half a core), and the process used 0.8 of a core.
    expect(coresFreeOver({ idle: 1000, total: 4000 }, { idle: 1050, total: 4200 }, 2, 800_000, 1_000_000)).toBeCloseTo(1.3);
    expect(coresFreeOver({ idle: 1000, total: 4000 }, { idle: 1000, total: 4000 }, 2, 0, 1_000_000)).toBeUndefined();
  });
});

describe('a cgroup CPU quota', () => {
  it('reads cgroup v2 cpu.max as cores, and "max" as none', () => {
    expect(cpuQuotaOf('150000 100000\n')).toBe(1.5);
    expect(cpuQuotaOf('max 100000\n')).toBeUndefined();
  });

  it('reads cgroup v1 quota and period, and -1 as none', () => {
    expect(cpuQuotaOf('200000\n', '100000\n')).toBe(2);
    expect(cpuQuotaOf('-1\n', '100000\n')).toBeUndefined();
  });
});

describe('why the pool is smaller than the cores', () => {
  it('names each limit that held it back, and how to choose', () => {
    const busy = { ...quiet, cpuQuota: 1.5, coresFree: 0.26, seedRuns: 80 };
    expect(fewerThreadsReason(busy, poolSize(busy))).toBe('a CPU quota of 1.5 cores; 0.3 cores free of 2 as it started; 80 seeds, 50 a thread at least: --workers N to choose');
    expect(fewerThreadsReason({ ...quiet, coresFree: 1.04 }, 1)).toBe('1 core free of 2 as it started: --workers N to choose');
    expect(fewerThreadsReason({ ...quiet, coresFree: 1.7, seedRuns: 60 }, 1)).toBe('60 seeds, 50 a thread at least: --workers N to choose');
  });

  it('says nothing when the pool has a thread per core, or its size was asked for', () => {
    expect(fewerThreadsReason(quiet, poolSize(quiet))).toBeUndefined();
    expect(fewerThreadsReason({ ...quiet, requested: 1, coresFree: 0 }, 1)).toBeUndefined();
  });
});
