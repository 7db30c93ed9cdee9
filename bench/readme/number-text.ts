/**
 * Numbers as the README prints them: thousands separated, a fixed number of decimals. The locale is named,
 * not taken from the machine, so the same numbers give the same text everywhere.
 */
export function numberText(value: number, decimals = 0): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** Virtual milliseconds carry whole microseconds: three decimals, as the CLI prints them. */
export function msText(value: number | null): string {
  return value === null ? '—' : numberText(value, 3);
}

/**
 * One exchange's latency in a variant: the value when every step took the same, else `mean 137.0 / max 137.2`;
 * `—` without an answer. The span is a column of its own: it includes the idle time between steps.
 */
export function exchangeLatencyText(row: { readonly exchange_latency_mean_ms: number | null; readonly exchange_latency_max_ms: number | null }): string {
  const { exchange_latency_mean_ms: mean, exchange_latency_max_ms: max } = row;
  if (mean === null || max === null) return '—';
  return mean === max ? msText(mean) : `mean ${msText(mean)} / max ${msText(max)}`;
}

export function ratioText(value: number): string {
  return `${value.toFixed(3)}×`;
}

/** `×12.3` for a growth factor; `—` when the start is zero and there is no factor. */
export function growthText(from: number, to: number): string {
  return from === 0 ? '—' : `×${numberText(to / from, to / from >= 10 ? 0 : 1)}`;
}
