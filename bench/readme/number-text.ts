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

export function ratioText(value: number): string {
  return `${value.toFixed(3)}×`;
}

/** `×12.3` for a growth factor; `—` when the start is zero and there is no factor. */
export function growthText(from: number, to: number): string {
  return from === 0 ? '—' : `×${numberText(to / from, to / from >= 10 ? 0 : 1)}`;
}
