/** Virtual time for people: milliseconds with three decimals (exact, since time is whole microseconds). */
export function formatMs(us: number): string {
  const sign = us < 0 ? '-' : '';
  const abs = Math.abs(us);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
}
