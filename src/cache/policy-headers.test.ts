import { describe, expect, it } from 'vitest';
import { fromPolicyHeaders } from './policy-headers.js';

describe("the library's header fields in our shape", () => {
  it('joins a list with ", " and leaves out a field with no value', () => {
    expect(fromPolicyHeaders({ etag: '"v1"', 'set-cookie': ['a=1', 'b=2'], warning: undefined })).toStrictEqual({
      etag: '"v1"',
      'set-cookie': 'a=1, b=2',
    });
  });
});
