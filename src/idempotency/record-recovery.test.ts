import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../http/message.js';
import { IdempotencyStore } from './record-store.js';
import type { InFlightRecord } from './record.js';

/** What a restart keeps of the store: completed records, not the dead process's claims. */

const created = jsonResponse(201, { id: 1 });

function claimed(store: IdempotencyStore, key: string): InFlightRecord {
  const claim = store.claim('alice', key, 'f');
  if (claim.outcome !== 'claimed') throw new Error(`expected a fresh claim, got ${claim.outcome}`);
  return claim.record;
}

describe('recovering the record store after a restart', () => {
  it('keeps completed records and forgets in-flight ones, so a re-send of an unfinished request runs afresh', () => {
    const store = new IdempotencyStore(() => 0);
    const done = store.complete(claimed(store, 'finished'), created);
    claimed(store, 'unfinished');
    expect(store.recover()).toBe(1);
    expect(store.get('alice', 'finished')).toBe(done);
    expect(store.get('alice', 'unfinished')).toBeUndefined();
    expect(store.claim('alice', 'unfinished', 'f').outcome).toBe('claimed');
  });

  it('with the record committed with the effect, a crash right after the effect still replays the re-send', () => {
    const store = new IdempotencyStore(() => 0, { commit: 'with-effect' });
    store.complete(claimed(store, 'k'), created);
    store.recover();
    expect(store.claim('alice', 'k', 'f').outcome).toBe('completed');
  });

  it('write-behind: the record lands at the next use of the store, and a crash before that loses it', () => {
    const store = new IdempotencyStore(() => 0, { commit: 'write-behind' });
    store.complete(claimed(store, 'written'), created);
    expect(store.claim('alice', 'written', 'f').outcome).toBe('completed');

    store.complete(claimed(store, 'lost'), created);
    store.recover();
    expect(store.claim('alice', 'lost', 'f').outcome).toBe('claimed');
  });

  it('commits with the effect unless told otherwise', () => {
    expect(new IdempotencyStore(() => 0).commit).toBe('with-effect');
  });
});
