import { stringify } from 'csv-stringify/sync';
import { arch, cpus, platform, totalmem } from 'node:os';

/** Where the numbers were measured: rates mean little without the machine beside them. */
export interface Machine {
  readonly node_version: string;
  readonly platform: string;
  readonly arch: string;
  readonly cpu_model: string;
  readonly cpu_count: number;
  readonly total_memory_gib: number;
  /** Node's own flags: `npm run bench` pins the young generation, and a rate measured without that is not comparable. */
  readonly node_flags: string;
  /** The wall clock is fine here: bench/ reports on a run, it is not part of one. */
  readonly run_at: string;
}

export function describeMachine(runAt: Date): Machine {
  const cores = cpus();
  return {
    node_version: process.version,
    platform: platform(),
    arch: arch(),
    cpu_model: cores[0]?.model.trim() ?? 'unknown',
    cpu_count: cores.length,
    total_memory_gib: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node_flags: process.execArgv.join(' '),
    run_at: runAt.toISOString(),
  };
}

export function machineCsv(machine: Machine): string {
  return stringify([machine], { header: true });
}
