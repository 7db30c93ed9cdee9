import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { closestNames } from '../command-line/closest-names.js';
import { RngStreams } from '../rng.js';
import { builtinScenarios, findBuiltin } from './catalog.js';
import { parseScenario, parseScenarioText, ScenarioError, type ScenarioSpec } from './spec.js';

export interface ResolvedScenario {
  readonly name: string;
  readonly spec: ScenarioSpec;
}

/**
 * The last built-in parsed, by what it was built as (the same input parses to the same spec, whichever built-in
 * built it). Most built-ins build the same scenario for every seed, and parsing it (zod) was 7% of a sweep's
 * seed and a sixth of what it allocates: a sweep parses it once. The spec is frozen, since every run shares it.
 */
let lastParsed: { readonly built: string; readonly spec: ScenarioSpec } | undefined;

/** A built-in by name: its steps may depend on the seed, through the workload stream only. */
export function builtin(name: string, seed: number): ResolvedScenario {
  const found = findBuiltin(name);
  if (found === undefined) throw new ScenarioError(`unknown scenario "${name}"${didYouMean(name)}; \`npm run sim -- --list\` shows them all`);
  const input = found.build(new RngStreams(seed).stream('workload'));
  const built = JSON.stringify(input);
  if (lastParsed?.built !== built) lastParsed = { built, spec: deepFrozen(parseScenario(input, name)) };
  return { name, spec: lastParsed.spec };
}

function deepFrozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFrozen(member);
  }
  return value;
}

function didYouMean(name: string): string {
  const near = closestNames(name, builtinScenarios.map((s) => s.name));
  return near.length === 0 ? '' : ` (did you mean ${near.join(', or ')}?)`;
}

export async function fromFile(path: string): Promise<ResolvedScenario> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ScenarioError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const spec = parseScenarioText(text, path);
  return { name: spec.name ?? basename(path).replace(/\.json$/, ''), spec };
}
