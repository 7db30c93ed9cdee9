import { findHarnessRow, type HarnessRow } from './input.js';
import { numberText } from './number-text.js';

/** Microseconds one round trip takes at a variant's rate. */
const usPerRoundTrip = (row: HarnessRow): number => 1_000_000 / row.ops_per_second;

/**
 * The simulator's own cost in microseconds a round trip, beside the service's, from the `round trips` rows.
 * The ratios to the reference loop fall whenever the service gets faster (the reference loop runs the same
 * service code), with nothing in the simulator changed; these differences do not. Undefined when a row is
 * missing.
 */
export function simulatorCostLine(rows: readonly HarnessRow[]): string | undefined {
  const reference = findHarnessRow(rows, 'round trips', 'reference loop');
  const off = findHarnessRow(rows, 'round trips', 'harness trace off');
  const hash = findHarnessRow(rows, 'round trips', 'harness trace hash');
  if (reference === undefined || off === undefined || hash === undefined) return undefined;
  const serviceUs = usPerRoundTrip(reference);
  const ownUs = usPerRoundTrip(off) - serviceUs;
  const hashUs = usPerRoundTrip(hash) - usPerRoundTrip(off);
  return (
    `What one round trip costs on this machine: the service ${numberText(serviceUs, 2)} µs (the reference loop), ` +
    `the simulator's own work ${numberText(ownUs, 2)} µs more (trace off), the trace hash ${numberText(hashUs, 2)} µs more (trace hash). ` +
    'Unlike the ratios, these do not fall when only the service gets faster.'
  );
}
