/**
 * Where a scenario's graph settings live, by name. The graph section nests them (`graph.limits.maxDepth`),
 * and the flat spelling (`"graph": {"maxDepth": 3}`) is the natural first guess, so an unknown field that is
 * known one level away gets told where it goes instead of only that it is unknown.
 */
const homeOf: Readonly<Record<string, string>> = {
  maxDepth: 'graph.limits',
  maxCost: 'graph.limits',
  maxAliases: 'graph.limits',
  maxTokens: 'graph.limits',
  fieldWeights: 'graph.limits',
  defaultListSize: 'graph.limits',
  maximumAvailable: 'graph.costBudget',
  restoreRate: 'graph.costBudget',
  limits: 'graph',
  persisted: 'graph',
  preloadedQueries: 'graph',
  costBudget: 'graph',
};

/**
 * ` ("maxDepth" belongs under graph.limits: "graph": {"limits": {"maxDepth": …}})` for unknown `keys` found at
 * `where` (a dotted path, `` for the top level) that are at home elsewhere; `` when none is.
 */
export function whereTheyBelong(where: string, keys: readonly string[]): string {
  const byHome = new Map<string, string[]>();
  for (const key of keys) {
    const home = homeOf[key];
    if (home !== undefined && home !== where) byHome.set(home, [...(byHome.get(home) ?? []), key]);
  }
  const hints = [...byHome].map(([home, names]) => `${names.map((n) => `"${n}"`).join(', ')} ${names.length === 1 ? 'belongs' : 'belong'} under ${home}: ${nested(home, names[0]!)}`);
  return hints.length === 0 ? '' : ` (${hints.join('; ')})`;
}

/** `"graph": {"limits": {"maxDepth": …}}`: the key written where it goes. */
function nested(home: string, key: string): string {
  return home.split('.').reduceRight((inner, part) => `"${part}": {${inner}}`, `"${key}": …`);
}
