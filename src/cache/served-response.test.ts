import { describe, expect, it } from 'vitest';
import { request, response } from '../http/message.js';
import { policyRequest, policyResponse } from './policy-headers.js';
import { servedResponse } from './served-response.js';
import { virtualClockPolicy } from './virtual-clock-policy.js';

describe('a stored response as the cache serves it (RFC 9111 §4)', () => {
  let nowUs = 0;
  const Policy = virtualClockPolicy(() => nowUs);
  const req = request('GET', '/notes/1');

  function serve(headers: Record<string, string>, date: string | undefined) {
    nowUs = 0;
    const res = response(200, headers, '{"id":1}');
    const policy = new Policy(policyRequest(req), policyResponse(res), { shared: true });
    nowUs = 2_600_000;
    return servedResponse(policy, { status: 203, body: res.body, bodyBytes: res.bodyBytes, date });
  }

  it('has no Date field at all when the origin sent none (RFC 9110 §6.6.1), and Age in whole seconds', () => {
    // Not even a `date: undefined`: a field that is there without a value would be written out.
    expect(serve({ 'cache-control': 'max-age=60', connection: 'close' }, undefined)).toStrictEqual({
      response: { status: 203, headers: { 'cache-control': 'max-age=60', age: '3' }, body: '{"id":1}', bodyBytes: 8 },
      ageS: 3,
    });
  });

  it("keeps the origin's Date rather than the library's", () => {
    const date = 'Tue, 15 Nov 1994 08:12:31 GMT';
    expect(serve({ 'cache-control': 'max-age=60', date }, date).response.headers).toStrictEqual({ 'cache-control': 'max-age=60', date, age: '3' });
  });
});
