import { describe, expect, it } from 'vitest';
import { linearizabilityBenchmarks } from './linearizability.js';

describe('the linearizability benchmark', () => {
  it('checks 10,000 operations at 5 clients per note, the reference, at 10 and 20, and as one note at 20; each variant does all its work', () => {
    const definitions = linearizabilityBenchmarks();
    expect(definitions.map((d) => [d.variant, d.isReference, d.unitsPerIteration])).toEqual([
      ['5 clients per note', true, 10_000], ['10 clients per note', false, 10_000], ['20 clients per note', false, 10_000], ['20 clients, one note of 10,000', false, 10_000],
    ]);
    for (const definition of definitions) {
      definition.run();
      definition.run();
    }
  });
});
