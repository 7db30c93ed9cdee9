import { describe, expect, it } from 'vitest';
import { authenticationFirst } from './authentication-first.js';
import { brokenHeaders } from './broken-credential.js';
import { runPrinciple } from './runner.js';
import { ownTarget } from './test-kit/own-origin.js';
import { scratchFolder } from './test-kit/scratch-folder.js';

describe('authentication-first', { timeout: 30_000 }, () => {
  it('holds on apisim\'s own origin: orders and notes answer 401 to no, a garbled or a made-up credential', async () => {
    const result = await runPrinciple(await ownTarget(), authenticationFirst, { runs: 40, fcSeed: 1 });
    expect(result.failed, result.report).toBe(false);
  });

  it('breaks where the description names an endpoint that does not ask who is calling, shrunk to one request', async () => {
    // apisim's own /sessions lets anyone in: described as a user's collection, it is the bug the check is for.
    const prepared = await ownTarget({}, (t) => ({ ...t, owned: [], writable: [{ name: 'sessions', collection: '/sessions', item: '/sessions/{id}', body: { username: 'alice', password: 'alice-pw' }, by: 'user' }] }));
    const result = await runPrinciple(prepared, authenticationFirst, { runs: 40, fcSeed: 1, folder: scratchFolder('auth') });
    expect(result.failed).toBe(true);
    expect(result.requestCount).toBe(1);
    expect(result.problems[0]).toMatch(/^POST \/sessions with .* was answered 201, not 401$/);
  });

  it('spoils a credential in its middle and keeps its kind', () => {
    const user = { role: 'user' as const, id: undefined, headers: { cookie: 'sid=abcdef', authorization: 'Bearer aaa.bbb.ccc' } };
    expect(brokenHeaders(user, 'garbled')).toEqual({ cookie: 'sid=abcAef', authorization: 'Bearer aaa.bAb.ccc' });
    expect(brokenHeaders(user, 'made-up').cookie).toBe('sid=apisim-made-up');
    expect(brokenHeaders(user, 'none')).toEqual({});
  });
});
