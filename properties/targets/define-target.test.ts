import { describe, expect, it } from 'vitest';
import { parseTarget } from './define-target.js';

const problems = (input: unknown): string => {
  try {
    parseTarget(input, 'cfg');
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the description was taken');
};

describe('a description that is not a target', () => {
  it('names every problem, each with where it is', () => {
    expect(problems({ app: { module: './app.ts' }, owned: [{ name: 'orders', path: '/orders/:id', create: { path: '/orders' } }], extra: 1 })).toBe(
      'invalid target (2 problems):\n  cfg: owned.0.path: must name the id as {id}, e.g. "/orders/{id}"\n  cfg: (top level): unknown field "extra"',
    );
  });

  it('a user is told by the form its members say it meant, not by "Invalid input"', () => {
    expect(problems({ app: { module: './a.ts' }, users: { user: { login: { path: '/login' }, password: 'x' }, otherUser: { headers: {} } } })).toBe(
      'invalid target (1 problem):\n  cfg: users.user: unknown field "password"',
    );
    expect(problems({ app: { module: './a.ts' }, users: { user: { login: { path: 'login' }, credential: 'bearer' }, otherUser: { headers: { 'bad name': 'x' } } } })).toBe(
      'invalid target (3 problems):\n' +
        '  cfg: users.user.login.path: must start with "/" and contain no spaces or fragment\n' +
        '  cfg: users.user.credential: must be "cookie", or { bearer: "<the member of the answer\'s body that holds the token>" }\n' +
        '  cfg: users.otherUser.headers: must be headers (HTTP header names, each to a string), or a function that returns them',
    );
  });

  it('an app is a module and its export, or apisim\'s own origin in one of its behaviours', () => {
    expect(problems({ app: { modul: './app.ts' } })).toContain('cfg: app: unknown field "modul"');
    expect(problems({ app: { apisim: { orders: 'nope' } } })).toContain('cfg: app.apisim.orders: Invalid option: expected one of "owner-check"|"login-only"');
  });

  it('a request sent as written may carry a query; a path the checks build on may not', () => {
    const login = { login: { path: '/auth/token?grant_type=password', body: { user: 'a' } }, credential: { bearer: 'access_token' } };
    const target = parseTarget({ app: { module: './a.ts' }, users: { user: login, otherUser: login }, owned: [{ name: 'orders', path: '/orders/{id}', create: { path: '/orders?notify=false' } }] }, 'cfg');
    expect(target.owned[0]!.create!.path).toBe('/orders?notify=false');
    expect(problems({ app: { module: './a.ts' }, owned: [{ name: 'orders', path: '/orders/{id}?full=1', ids: {} }], graph: { path: '/graphql?x', queries: {} }, public: ['POST /users?x'] })).toBe(
      'invalid target (3 problems):\n' +
        '  cfg: owned.0.path: must start with "/" and hold no spaces, query or fragment\n' +
        '  cfg: graph.path: must start with "/" and hold no spaces, query or fragment\n' +
        '  cfg: public.0: must be "METHOD /path", e.g. "POST /users"',
    );
  });

  it('names the app as a scenario file\'s origin does, in the same words', () => {
    expect(problems({ app: { module: './a.ts', export: 'create-app' } })).toContain('cfg: app.export: must be the name of an export, like "default" or "createApp"');
    expect(parseTarget({ app: { module: './a.ts' } }, 'cfg').app).toEqual({ module: './a.ts', export: 'default' });
  });

  it('takes a description with users whose headers a function makes', () => {
    const target = parseTarget({ app: { module: './a.ts' }, users: { user: { headers: () => ({ authorization: 'Bearer a' }) }, otherUser: { headers: { authorization: 'Bearer b' } } } }, 'cfg');
    expect(typeof (target.users!.user as { headers: unknown }).headers).toBe('function');
  });
});
