/** What cachegrind counts (`--cache-sim=yes --branch-sim=yes`), by its own event names. */
export interface CachegrindCounts {
  /** Instructions executed. */
  readonly Ir: number;
  /** First-level instruction and data cache misses (reads and writes). */
  readonly I1mr: number;
  readonly D1mr: number;
  readonly D1mw: number;
  /** Last-level cache misses: instructions, data reads, data writes. */
  readonly ILmr: number;
  readonly DLmr: number;
  readonly DLmw: number;
  /** Conditional and indirect branches mispredicted. */
  readonly Bcm: number;
  readonly Bim: number;
}

const names = ['Ir', 'I1mr', 'D1mr', 'D1mw', 'ILmr', 'DLmr', 'DLmw', 'Bcm', 'Bim'] as const;

/** The totals of a cachegrind output file: its `events:` line names the columns of its `summary:` line. */
export function parseCachegrindOut(text: string): CachegrindCounts {
  const events = /^events:\s*(.+)$/m.exec(text)?.[1]?.trim().split(/\s+/);
  const summary = /^summary:\s*(.+)$/m.exec(text)?.[1]?.trim().split(/\s+/).map(Number);
  if (events === undefined || summary === undefined) throw new Error('not a cachegrind output file: no events: or summary: line');
  const counts: Record<string, number> = {};
  for (const name of names) {
    const column = events.indexOf(name);
    if (column < 0) throw new Error(`cachegrind counted no ${name}: run it with --cache-sim=yes --branch-sim=yes`);
    counts[name] = summary[column]!;
  }
  return counts as unknown as CachegrindCounts;
}

/** What `more` runs counted beyond `fewer` runs, per one of `units` (round trips, events): startup cancels out. */
export function countsPer(fewer: CachegrindCounts, more: CachegrindCounts, units: number): CachegrindCounts {
  const per: Record<string, number> = {};
  for (const name of names) per[name] = (more[name] - fewer[name]) / units;
  return per as unknown as CachegrindCounts;
}

/**
 * A rough cycle estimate, to rank changes whose counts move apart: instructions at 3 a cycle, 10 cycles a
 * first-level miss, 100 a last-level miss, 15 a mispredicted branch. Cachegrind models no out-of-order core;
 * the counts themselves are the evidence, this only weighs them.
 */
export function modelCycles(c: CachegrindCounts): number {
  return c.Ir / 3 + 10 * (c.I1mr + c.D1mr + c.D1mw) + 100 * (c.ILmr + c.DLmr + c.DLmw) + 15 * (c.Bcm + c.Bim);
}
