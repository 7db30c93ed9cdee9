import { z } from 'zod';
import { scenarioSpec } from './spec.js';

/** The scenario format as JSON Schema (draft 2020-12), for editors; generated from the validator itself. */
export function scenarioJsonSchema(): string {
  const schema = z.toJSONSchema(scenarioSpec, { io: 'input', unrepresentable: 'any' });
  return `${JSON.stringify({ ...schema, title: 'apisim scenario', $id: 'scenario.schema.json' }, null, 2)}\n`;
}
