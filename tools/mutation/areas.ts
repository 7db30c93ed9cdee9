/**
 * The code whose tests the mutation score judges, one area per principle it carries. A path
 * ending in `/` is a folder, every `.ts` under it; any other path is one file. The areas do not overlap.
 */
export const mutationAreas = [
  { name: 'policy', paths: ['src/policy/'] },
  { name: 'cache', paths: ['src/cache/'] },
  { name: 'client', paths: ['src/client/'] },
  // The header name is the one line the client and the origin must agree on for keys to work at all.
  { name: 'idempotency', paths: ['src/idempotency/', 'src/http/idempotency-key.ts'] },
  { name: 'graph-limits', paths: ['src/graph/limits/', 'src/graph/cost-budget.ts'] },
] as const;

export type AreaName = (typeof mutationAreas)[number]['name'];
export const areaNames: readonly AreaName[] = mutationAreas.map((area) => area.name);

/** Where `--all` puts a file of `src/` that no area claims. */
export const otherArea = 'other';

/** Tests, and the fixtures only tests import: mutating them would measure nothing about the product. */
export const neverMutated = ['src/**/*.test.ts', 'src/testing-kit.ts'] as const;

function globOf(path: string): string {
  return path.endsWith('/') ? `${path}**/*.ts` : path;
}

/** Stryker's `mutate` patterns for these areas, or for the whole of `src/` (`--all`). */
export function mutatePatterns(areas: readonly AreaName[] | 'all'): string[] {
  const included = areas === 'all' ? ['src/**/*.ts'] : mutationAreas.filter((area) => areas.includes(area.name)).flatMap((area) => area.paths.map(globOf));
  return [...included, ...neverMutated.map((pattern) => `!${pattern}`)];
}

/** The area a mutated file belongs to (its path relative to the project root, with `/`). */
export function areaOf(file: string): AreaName | typeof otherArea {
  const area = mutationAreas.find((a) => a.paths.some((path) => (path.endsWith('/') ? file.startsWith(path) : file === path)));
  return area?.name ?? otherArea;
}
