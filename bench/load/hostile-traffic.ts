import type { Request } from 'autocannon';

const json = { 'content-type': 'application/json' };

interface HostileContext {
  /** The session the last login on this connection opened, if it got one. */
  cookie?: string;
}

/**
 * The soak's hostile traffic, which every bounded store must survive, one cycle per connection, through the
 * shared cache (which passes what it does not store to the origin): a login that opens a new session, a read
 * under that session (a new cache variant each time), a read of a URL never seen before (a 404, and another
 * path, query or key for every bounded table to keep), a PUT under a key never used before, a wrong password,
 * and a logout (a revoked id to remember). Everything unique comes from one counter; `cookie` is a session
 * that lives the whole run, so the keyed writes and the unique reads do not depend on the login limiter
 * letting a login through.
 */
export function hostileCycle(runId: string, cookie: string): Request[] {
  let n = 0;
  const unique = (): string => `${runId}-${++n}`;
  const fresh = (request: Request, context: object): Request => {
    const own = (context as HostileContext).cookie;
    return own === undefined ? request : { ...request, headers: { ...request.headers, cookie: own } };
  };
  return [
    {
      method: 'POST', path: '/sessions', headers: json, body: JSON.stringify({ username: 'alice', password: 'alice-pw' }),
      onResponse: (status, _body, context, headers) => {
        // Typed as a string, but autocannon hands a repeated header over as an array.
        const setCookie: unknown = headers?.['set-cookie'];
        const sid = /^(sid=[^;]+)/.exec(String(Array.isArray(setCookie) ? setCookie[0] : setCookie))?.[1];
        (context as HostileContext).cookie = status === 201 ? sid : undefined;
      },
    },
    { method: 'GET', path: '/notes/1', headers: { cookie }, setupRequest: fresh },
    { method: 'GET', path: '/notes/1', headers: { cookie }, setupRequest: (request) => ({ ...request, path: `/notes/1?u=${unique()}` }) },
    { method: 'GET', path: '/notes/0', headers: { cookie }, setupRequest: (request) => ({ ...request, path: `/notes/${1_000_000 + n++}` }) },
    {
      method: 'PUT', path: '/notes/2', headers: { cookie, ...json }, body: JSON.stringify({ content: 'soak '.repeat(200) }),
      setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': `"soak-${unique()}"` } }),
    },
    { method: 'POST', path: '/sessions', headers: json, body: JSON.stringify({ username: 'alice', password: 'not-the-password' }) },
    { method: 'POST', path: '/sessions', headers: json, setupRequest: (request) => ({ ...request, body: JSON.stringify({ username: `nobody-${unique()}`, password: 'x' }) }) },
    // Only the session this cycle opened: a logout of the run's own session would leave every later cycle 401.
    { method: 'DELETE', path: '/sessions/current', headers: {}, setupRequest: (request, context) => ({ ...request, headers: { cookie: (context as HostileContext).cookie ?? 'sid=none' } }) },
  ];
}
