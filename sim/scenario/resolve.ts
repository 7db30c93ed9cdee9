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

/** A built-in by name: its steps may depend on the seed, through the workload stream only. */
export function builtin(name: string, seed: number): ResolvedScenario {
  const found = findBuiltin(name);
  if (found === undefined) throw new ScenarioError(`unknown scenario "${name}"${didYouMean(name)}; \`npm run sim -- --list\` shows them all`);
  return { name, spec: parseScenario(found.build(new RngStreams(seed).stream('workload')), name) };
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
