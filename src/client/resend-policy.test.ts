import { describe, expect, it } from 'vitest';
import { type HttpRequest, request } from '../http/message.js';
import { methodProperties, methodTable } from '../http/methods.js';
import { idempotencyKeyHeader, type KeySource } from './idempotency-key.js';
import { keyedPolicy, naivePolicy, refusedRequest, resendPolicies, resendPolicyNames, safePolicy } from './resend-policy.js';

const methods = Object.keys(methodTable);
const bare = (method: string): HttpRequest => request(method, '/notes/1', { 'content-type': 'application/json' }, '{"content":"x"}');
const withKey = (method: string, key = 'k-1'): HttpRequest =>
  request(method, '/notes/1', { 'content-type': 'application/json', [idempotencyKeyHeader]: key }, '{"content":"x"}');

/** A key source that counts its draws, so a test can say exactly how many keys were made. */
function countingKeys(): KeySource & { drawn: number } {
  const keys = {
    drawn: 0,
    uuid: () => `00000000-0000-4000-8000-${String(++keys.drawn).padStart(12, '0')}`,
  };
  return keys;
}

describe('the re-send policies read the method table', () => {
  // Written out by hand from RFC 9110 §9.2.2, so a wrong reading of the table cannot agree with itself.
  const safeWithoutKey = { GET: true, HEAD: true, OPTIONS: true, TRACE: true, PUT: true, DELETE: true, POST: false, PATCH: false };

  it('covers every method of the table', () => {
    expect(Object.keys(safeWithoutKey).sort()).toEqual([...methods].sort());
  });

  it.each(methods)('naive re-sends %s, with or without a key', (method) => {
    expect(naivePolicy.mayResend(bare(method))).toBe(true);
    expect(naivePolicy.mayResend(withKey(method))).toBe(true);
  });

  it.each(methods)('safe and keyed re-send %s without a key only if it is idempotent', (method) => {
    const expected = safeWithoutKey[method as keyof typeof safeWithoutKey];
    expect(expected).toBe(methodProperties(method).idempotent);
    expect(safePolicy.mayResend(bare(method))).toBe(expected);
    expect(keyedPolicy.mayResend(bare(method))).toBe(expected);
  });

  it.each(methods)('safe and keyed re-send %s when it carries an idempotency-key', (method) => {
    expect(safePolicy.mayResend(withKey(method))).toBe(true);
    expect(keyedPolicy.mayResend(withKey(method))).toBe(true);
  });

  it('an empty key is no key', () => {
    expect(safePolicy.mayResend(withKey('POST', ''))).toBe(false);
  });

  it('treats a method the table does not know as not idempotent (RFC 9110 §9.2): re-sent only with a key', () => {
    expect(naivePolicy.mayResend(bare('PURGE'))).toBe(true);
    expect(safePolicy.mayResend(bare('PURGE'))).toBe(false);
    expect(keyedPolicy.mayResend(bare('PURGE'))).toBe(false);
    expect(safePolicy.mayResend(withKey('PURGE'))).toBe(true);
    expect(keyedPolicy.mayResend(withKey('PURGE'))).toBe(true);
  });

  it('names what it refuses, for the trace', () => {
    expect(refusedRequest(bare('POST'))).toBe('a POST without an idempotency-key');
    expect(refusedRequest(bare('PURGE'))).toBe('a PURGE without an idempotency-key');
  });

  it('lists each policy under its own name', () => {
    expect(Object.keys(resendPolicies)).toEqual([...resendPolicyNames]);
    for (const name of resendPolicyNames) expect(resendPolicies[name].name).toBe(name);
  });
});

describe('prepare: what is sent on every attempt', () => {
  it.each(methods)('naive and safe send %s as given and draw no key', (method) => {
    const keys = countingKeys();
    const req = bare(method);
    expect(naivePolicy.prepare(req, keys)).toBe(req);
    expect(safePolicy.prepare(req, keys)).toBe(req);
    expect(keys.drawn).toBe(0);
  });

  it.each(methods)('keyed gives %s a key exactly when the method is unsafe', (method) => {
    const keys = countingKeys();
    const req = bare(method);
    const sent = keyedPolicy.prepare(req, keys);
    if (methodProperties(method).safe) {
      expect(sent).toBe(req);
      expect(keys.drawn).toBe(0);
    } else {
      expect(keys.drawn).toBe(1);
      expect(sent.headers).toEqual({ ...req.headers, [idempotencyKeyHeader]: '00000000-0000-4000-8000-000000000001' });
      expect([sent.method, sent.path, sent.body, sent.bodyBytes]).toEqual([req.method, req.path, req.body, req.bodyBytes]);
      expect(req.headers[idempotencyKeyHeader]).toBeUndefined(); // the caller's request is not changed
      expect(keyedPolicy.mayResend(sent)).toBe(true);
    }
  });

  it('keyed keeps a key the caller chose, replaces an empty one, and keys an unknown method too', () => {
    const keys = countingKeys();
    const chosen = withKey('POST', 'my-key');
    expect(keyedPolicy.prepare(chosen, keys)).toBe(chosen);
    expect(keyedPolicy.prepare(withKey('PATCH', ''), keys).headers[idempotencyKeyHeader]).toBe('00000000-0000-4000-8000-000000000001');
    expect(keyedPolicy.prepare(bare('PURGE'), keys).headers[idempotencyKeyHeader]).toBe('00000000-0000-4000-8000-000000000002');
    expect(keys.drawn).toBe(2);
  });
});
