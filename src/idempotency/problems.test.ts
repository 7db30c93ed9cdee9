import { describe, expect, it } from 'vitest';
import type { HttpResponse } from '../http/message.js';
import { keyInFlight, keyMalformed, keyMissing, keyReused } from './problems.js';
import { defaultRetentionUs } from './record-store.js';

/**
 * The draft's error answers are read by people correcting a client: every member of the problem details is
 * user-visible, and `detail` must state the rule on its own, so these pin the exact text.
 */

function body(res: HttpResponse): unknown {
  expect(res.headers['content-type']).toBe('application/problem+json');
  return JSON.parse(res.body ?? 'null');
}

const rules24h = 'a unique key of 1 to 255 visible ASCII characters, bare or as a quoted string, ' +
  'sent again unchanged with every re-send. A key is kept for 24 h after its response.';

describe('the idempotency problem details', () => {
  it('400 missing: names the request and states the key format and the retention', () => {
    const res = keyMissing('POST', '/notes', defaultRetentionUs);
    expect(res.status).toBe(400);
    expect(body(res)).toEqual({
      type: '/problems/idempotency-key-missing',
      title: 'Idempotency-Key is missing',
      status: 400,
      detail: `POST /notes requires an Idempotency-Key header: ${rules24h}`,
    });
  });

  it('400 malformed: says what is wrong with the key, then states the rules as a sentence', () => {
    const res = keyMalformed('the key is empty', defaultRetentionUs);
    expect(res.status).toBe(400);
    expect(body(res)).toEqual({
      type: '/problems/idempotency-key-malformed',
      title: 'Idempotency-Key is malformed',
      status: 400,
      detail: `The Idempotency-Key header is not valid: the key is empty. A${rules24h.slice(1)}`,
    });
  });

  it('422 reused: says the key went with another request, and what to do', () => {
    const res = keyReused();
    expect(res.status).toBe(422);
    expect(body(res)).toEqual({
      type: '/problems/idempotency-key-reused',
      title: 'Idempotency-Key is already used',
      status: 422,
      detail: 'This Idempotency-Key was already used with a different request (method, path or body). ' +
        'A key must not be reused across different payloads; send a new key for a new request.',
    });
  });

  it('409 in flight: says the first request is still running, and that the same re-send will get its answer', () => {
    const res = keyInFlight();
    expect(res.status).toBe(409);
    expect(body(res)).toEqual({
      type: '/problems/idempotency-key-in-flight',
      title: 'A request is outstanding for this Idempotency-Key',
      status: 409,
      detail: 'A request with the same Idempotency-Key is still being processed. Retry later with the same key and body ' +
        'to receive its response.',
    });
  });
});

describe('the retention as the problem details state it', () => {
  const stated = (retentionUs: number) =>
    /kept for (.+) after its response/.exec((body(keyMissing('POST', '/notes', retentionUs)) as { detail: string }).detail)?.[1];

  it.each([
    [defaultRetentionUs, '24 h'],
    [3_600_000_000, '1 h'], // whole hours read as hours...
    [3_601_000_000, '3601 s'], // ...a second more does not
    [90_000_000, '90 s'],
    [1_000_000, '1 s'], // whole seconds read as seconds...
    [1_000_001, '1000.001 ms'], // ...a microsecond more does not, and is still stated exactly
    [1_500, '1.500 ms'],
    [1, '0.001 ms'],
  ])('states %i µs as %s', (retentionUs, text) => {
    expect(stated(retentionUs)).toBe(text);
  });
});
