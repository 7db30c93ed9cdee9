import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScenarioInput } from '../../sim/scenario/spec.js';

const folder = join('reports', 'counterexamples');

/**
 * Writes the scenario a property failed on as a scenario file, and returns the one command that replays it
 * in the simulator with its timeline. A property calls this only when it is about to fail.
 */
export function replayCommand(property: string, scenario: ScenarioInput, seed: number): string {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `${property}.json`);
  writeFileSync(file, `${JSON.stringify({ name: property, ...scenario }, null, 2)}\n`);
  return `npm run sim -- --file ${file} --seed ${seed}`;
}
