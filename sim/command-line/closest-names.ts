/**
 * The names a mistyped one most likely meant, for "did you mean …" hints (a scenario name, a command-line
 * option). Edit distance counts a swap of two neighbouring letters as one edit (optimal string alignment),
 * since a swap is the commonest slip; a candidate further away than about a third of the typed name is no
 * longer a likely typo, so none is offered rather than a guess; and one clearly nearer than the rest is
 * offered alone.
 */
export function closestNames(typed: string, candidates: readonly string[], limit = 3): string[] {
  const within = Math.max(2, Math.floor(typed.length / 3));
  const near = candidates
    .map((name, order) => ({ name, order, distance: editDistance(typed.toLowerCase(), name.toLowerCase()) }))
    .filter((c) => c.distance <= within)
    .sort((a, b) => a.distance - b.distance || a.order - b.order); // ties keep the candidates' own order
  const best = near[0]?.distance ?? 0;
  return near.filter((c) => c.distance <= best + 1).slice(0, limit).map((c) => c.name);
}

/**
 * "; did you mean a, or b?" naming the nearest candidates as `shown` writes them; failing any near one, those
 * the typed text begins (`login` for `login-only`, `--hide` for `--hide-existence`); or nothing.
 */
export function didYouMean(typed: string, candidates: readonly string[], shown = (name: string) => name): string {
  const near = closestNames(typed, candidates);
  const meant = near.length > 0 || typed.length < 2 ? near : candidates.filter((name) => name.startsWith(typed)).slice(0, 3);
  return meant.length === 0 ? '' : `; did you mean ${meant.map(shown).join(', or ')}?`;
}

/** Insertions, deletions, substitutions and swaps of neighbours, each one edit. */
export function editDistance(a: string, b: string): number {
  // Three rows of the usual table are enough: a swap looks two rows back.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}
