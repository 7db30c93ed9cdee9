import { parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { deepened, depthOf, recurringStretch, typedQuery } from './graph-deep-query.js';

describe('graph-deep-query', () => {
  it('grows a declared query along the type that recurs in it', () => {
    const declared = parse('{ person(id: "1") { id name friends { name } } }');
    const found = recurringStretch(typedQuery(declared), { person: { apisimTypeProbe: 'Person', friends: [{ apisimTypeProbe: 'Person' }] } });
    expect(found).toEqual({ upper: [0], stretch: [2] });
    const grown = deepened(declared, found!, 2);
    expect(print(grown).replace(/\s+/g, ' ')).toBe('{ person(id: "1") { id name friends { id name friends { id name friends { name } } } } }');
    expect(depthOf(grown)).toBe(5);
  });

  it('finds nothing to grow when no type comes back below itself', () => {
    const declared = parse('{ person(id: "1") { name } }');
    expect(recurringStretch(typedQuery(declared), { person: { apisimTypeProbe: 'Person', name: 'Alice' } })).toBeUndefined();
  });
});
