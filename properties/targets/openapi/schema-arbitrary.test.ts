import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Schema, type SchemaDialect, schemaProblems } from '../../conformance/schema-check.js';
import { schemaArbitrary } from './schema-arbitrary.js';

describe('schemaArbitrary', () => {
  const schemas: readonly [string, SchemaDialect, Schema][] = [
    ['strings within their lengths, optional members or not', '2020-12', { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 3, maxLength: 5 }, done: { type: 'boolean' }, id: { type: 'string', readOnly: true } } }],
    ['numbers within exclusive bounds, both dialects', '2020-12', { type: 'object', required: ['n', 'x'], properties: { n: { type: 'integer', exclusiveMinimum: 0, maximum: 9 }, x: { type: 'number', minimum: -1, exclusiveMaximum: 1 } } }],
    ['3.0 bounds as flags', 'openapi-3.0', { type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 3 } } }],
    ['arrays within their counts', '2020-12', { type: 'array', minItems: 2, maxItems: 3, items: { type: 'string', enum: ['a', 'b'] } }],
    ['allOf merged, a choice, a format and a nullable type', '2020-12', { allOf: [{ type: 'object', required: ['a'], properties: { a: { type: ['string', 'null'] } } }, { type: 'object', required: ['b', 'c'], properties: { b: { oneOf: [{ type: 'integer' }, { type: 'boolean' }] }, c: { type: 'string', format: 'email' } } }] }],
  ];
  for (const [what, dialect, schema] of schemas) {
    it(`draws only values the schema accepts: ${what}`, () => {
      fc.assert(fc.property(schemaArbitrary(schema), (value) => {
        expect(schemaProblems(schema, value, dialect).problems).toEqual([]);
      }), { numRuns: 200, seed: 1 });
    });
  }

  it('leaves out what the server writes (readOnly) and draws the optional members both ways', () => {
    const drawn = fc.sample(schemaArbitrary(schemas[0]![2]), { numRuns: 100, seed: 1 }) as Record<string, unknown>[];
    expect(drawn.some((v) => 'id' in v)).toBe(false);
    expect(drawn.some((v) => 'done' in v) && drawn.some((v) => !('done' in v))).toBe(true);
  });
});
