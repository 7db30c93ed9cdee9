import { fileURLToPath } from 'node:url';

/**
 * Where `npm run bench` writes. `reports/` is committed and holds only what is the same bytes on every
 * machine (the virtual clock); wall-clock measurements and the machine go to `reports/local/`, git-ignored,
 * so a routine run (quick or whole) leaves `git status` clean. Resolved from this file rather than the
 * working directory, so `npm run bench` from anywhere writes here.
 */
export const committedReportsDir = fileURLToPath(new URL('../reports/', import.meta.url));

/** Per machine and per run: never committed. */
export const localReportsDir = fileURLToPath(new URL('../reports/local/', import.meta.url));

/** `--filter` runs: a subset, so neither beside the whole run's files nor committed. */
export const filteredReportsDir = fileURLToPath(new URL('../reports/local/filtered/', import.meta.url));

/** The files a whole run writes into `reports/local/`, relative to it (`soak.csv` only with `--soak`). */
export const localReportFiles = ['README.md', 'harness.csv', 'scale.csv', 'machine.csv', 'soak.csv'] as const;

/** Charts drawn from wall-clock rows (relative to the reports folder): they go to `reports/local/` too. */
export const wallClockCharts: ReadonlySet<string> = new Set(['charts/harness.svg']);

/**
 * One machine's wall-clock results, committed on purpose as a snapshot (`npm run bench -- --snapshot`, a whole
 * run): what the reports compare (the adapters' and a target's property runs against apisim's own origin) is
 * worth reading without running it. Routine runs never write them; the committed README says they are one
 * machine's, and when.
 */
export const snapshotFiles = ['harness.csv', 'scale.csv', 'machine.csv', 'charts/harness.svg'] as const;

/**
 * The soak's row, copied beside them by `--snapshot` only when the same run had `--soak` (minutes more than a
 * whole run): a snapshot without a soak leaves the committed one, from an earlier snapshot, as it was.
 */
export const soakSnapshotFile = 'soak.csv';
