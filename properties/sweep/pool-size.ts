import { readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';

/** What the number of worker threads is decided from. */
export interface PoolSizing {
  /** `--workers N`: taken as it is. */
  readonly requested: number | undefined;
  /** The cores the process may run on (`os.availableParallelism()`: its CPU affinity). */
  readonly cores: number;
  /** The CPU time the process may use, in cores' worth (a container's cgroup quota); undefined when unlimited. */
  readonly cpuQuota: number | undefined;
  /** Seeds to run, over every job. */
  readonly seedRuns: number;
  /**
   * The cores the process could have had while the sweep got ready (`CpuProbe`): those idle, and what it used
   * itself; undefined when the machine does not say (no `/proc/stat`).
   */
  readonly coresFree: number | undefined;
}

/**
 * A thread's start costs about what 50 to 100 warm seeds do (0.8 s of CPU to load the built worker, and the
 * first hundred seeds at twice the warm cost while V8 compiles them): a thread with fewer seeds than this to
 * run spends more on starting than it saves.
 */
export const seedsPerThread = 50;

/**
 * How many worker threads a sweep starts: as many as asked for; else one per core the process gets, and no
 * more than there are seeds to pay for their start; at least one. The cores it gets: its affinity, no more than
 * its CPU quota allows, and no more than were free while it got ready; of a quota or of the cores free, a core
 * counts when more than half of it is there (a thread on half a core is slower than none). Threads beyond the cores the process gets only take turns on them, each
 * paying its start and its own JIT warm-up: on a busy 2-core machine, 2 workers swept slower than one.
 */
export function poolSize(sizing: PoolSizing): number {
  if (sizing.requested !== undefined) return sizing.requested;
  const limit = (cores: number | undefined) => (cores === undefined ? Number.POSITIVE_INFINITY : Math.ceil(cores - 0.5));
  const cores = Math.min(sizing.cores, limit(sizing.cpuQuota), limit(sizing.coresFree));
  return Math.max(1, Math.min(cores, Math.floor(sizing.seedRuns / seedsPerThread)));
}

/**
 * Why the pool has fewer threads than the process has cores, in words for the sweep's header; undefined when
 * it has as many, or the number was asked for.
 */
export function fewerThreadsReason(sizing: PoolSizing, size: number): string | undefined {
  if (sizing.requested !== undefined || size >= sizing.cores) return undefined;
  const cores = (n: number) => ((shown) => `${shown} core${shown === 1 ? '' : 's'}`)(Number(n.toFixed(1)));
  const reasons = [
    ...(sizing.cpuQuota !== undefined && sizing.cpuQuota < sizing.cores ? [`a CPU quota of ${cores(sizing.cpuQuota)}`] : []),
    ...(sizing.coresFree !== undefined && sizing.coresFree < sizing.cores - 0.5 ? [`${cores(sizing.coresFree)} free of ${sizing.cores} as it started`] : []),
    ...(sizing.seedRuns < sizing.cores * seedsPerThread ? [`${sizing.seedRuns} seed${sizing.seedRuns === 1 ? '' : 's'}, ${seedsPerThread} a thread at least`] : []),
  ];
  return `${reasons.join('; ')}: --workers N to choose`;
}

/**
 * The CPU quota of a cgroup, in cores' worth, from cgroup v2's `cpu.max` ("max 100000", "150000 100000") or
 * v1's quota and period in microseconds (a quota of -1 is none); undefined when there is none.
 */
export function cpuQuotaOf(quotaUs: string, periodUs?: string): number | undefined {
  const [quota, period] = periodUs === undefined ? quotaUs.trim().split(/\s+/) : [quotaUs.trim(), periodUs.trim()];
  const q = Number(quota);
  const p = Number(period);
  return Number.isFinite(q) && q > 0 && Number.isFinite(p) && p > 0 ? q / p : undefined;
}

/** The process's own cgroup quota (Linux, v2 then v1); undefined elsewhere or when there is none. */
function cpuQuota(): number | undefined {
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  };
  const v2 = read('/sys/fs/cgroup/cpu.max');
  if (v2 !== undefined) return cpuQuotaOf(v2);
  const quota = read('/sys/fs/cgroup/cpu/cpu.cfs_quota_us');
  const period = read('/sys/fs/cgroup/cpu/cpu.cfs_period_us');
  return quota === undefined || period === undefined ? undefined : cpuQuotaOf(quota, period);
}

/** The machine's CPU time so far, from the first line of `/proc/stat`, in its ticks: idle (iowait included) and all. */
export interface MachineTicks {
  readonly idle: number;
  readonly total: number;
}

export function machineTicksOf(procStat: string): MachineTicks | undefined {
  const fields = /^cpu\s+(.*)$/m.exec(procStat)?.[1]?.trim().split(/\s+/).map(Number);
  if (fields === undefined || fields.length < 5 || fields.some((n) => !Number.isFinite(n))) return undefined;
  // user nice system idle iowait irq softirq steal; guest and guest_nice are already counted in user and nice.
  const [user, nice, system, idle, iowait, irq = 0, softirq = 0, steal = 0] = fields as [number, number, number, number, number, number?, number?, number?];
  return { idle: idle + iowait, total: user + nice + system + idle + iowait + irq + softirq + steal };
}

/**
 * The cores free to the process over a stretch of time: the machine's idle share of its `machineCores`, plus
 * the cores' worth the process used itself (what it used, it could have given a worker).
 */
export function coresFreeOver(before: MachineTicks, after: MachineTicks, machineCores: number, ownCpuUs: number, wallUs: number): number | undefined {
  const total = after.total - before.total;
  if (total <= 0 || wallUs <= 0) return undefined;
  return ((after.idle - before.idle) / total) * machineCores + ownCpuUs / wallUs;
}

/** Watches the machine from its start (a sweep's parsing and loading) to `coresFree()`. */
export interface CpuProbe {
  /** The cores free since the probe started, over at least `minWindowMs` (waiting out the rest). */
  coresFree(): Promise<number | undefined>;
}

/** Short enough not to be noticed, long enough to span many of the scheduler's time slices. */
const minWindowMs = 250;

export function cpuProbe(): CpuProbe {
  const ticks = () => {
    try {
      return machineTicksOf(readFileSync('/proc/stat', 'utf8'));
    } catch {
      return undefined;
    }
  };
  const before = ticks();
  const startedMs = performance.now();
  const ownBefore = process.cpuUsage();
  return {
    async coresFree() {
      if (before === undefined) return undefined;
      const waitMs = minWindowMs - (performance.now() - startedMs);
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
      const after = ticks();
      const own = process.cpuUsage(ownBefore);
      return after === undefined ? undefined : coresFreeOver(before, after, cpus().length, own.user + own.system, (performance.now() - startedMs) * 1000);
    },
  };
}

/**
 * The pool size on this machine, for this process, and why it is smaller than the cores, if it is: `probe`
 * is asked only when the size is not given.
 */
export async function poolSizeHere(requested: number | undefined, seedRuns: number, probe: CpuProbe): Promise<{ readonly workers: number; readonly fewer: string | undefined }> {
  if (requested !== undefined) return { workers: requested, fewer: undefined };
  const sizing: PoolSizing = { requested, cores: availableParallelism(), cpuQuota: cpuQuota(), seedRuns, coresFree: await probe.coresFree() };
  const workers = poolSize(sizing);
  return { workers, fewer: fewerThreadsReason(sizing, workers) };
}
