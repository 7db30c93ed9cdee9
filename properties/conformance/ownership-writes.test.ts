import { describe, expect, it } from 'vitest';
import { noOpAttempts } from './ownership-writes.js';

const order = { id: '7', owner: 'alice', item: 'rain boots', quantity: 1 };

describe('noOpAttempts: writes that would change nothing if they got through', () => {
  it('PATCH: an empty merge patch, the same as JSON, then a member the client sets with the value it has, in both forms', () => {
    expect(noOpAttempts('PATCH', order, 'owner', ['item', 'quantity'])).toEqual([
      { method: 'PATCH', json: {}, contentType: 'application/merge-patch+json' },
      { method: 'PATCH', json: {}, contentType: 'application/json' },
      { method: 'PATCH', json: { item: 'rain boots' }, contentType: 'application/merge-patch+json' },
      { method: 'PATCH', json: { item: 'rain boots' }, contentType: 'application/json' },
    ]);
  });

  it('PATCH without settable members: the first string member that does not name the owner', () => {
    expect(noOpAttempts('PATCH', order, 'owner').at(-1)).toEqual({ method: 'PATCH', json: { item: 'rain boots' }, contentType: 'application/json' });
    // With no owner member known, the owner's own value is still a no-op; the settable list keeps it from coming first.
    expect(noOpAttempts('PATCH', order, undefined, ['item']).at(-1)).toEqual({ method: 'PATCH', json: { item: 'rain boots' }, contentType: 'application/json' });
  });

  it('PUT: the record as it is, without its id; none when the record was not read', () => {
    expect(noOpAttempts('PUT', order, 'owner')).toEqual([{ method: 'PUT', json: { owner: 'alice', item: 'rain boots', quantity: 1 }, contentType: 'application/json' }]);
    expect(noOpAttempts('PUT', undefined, 'owner')).toEqual([]);
  });

  it('DELETE: no body', () => {
    expect(noOpAttempts('DELETE', order, 'owner')).toEqual([{ method: 'DELETE' }]);
  });
});
