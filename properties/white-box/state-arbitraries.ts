import { fc } from '@fast-check/vitest';
import { TestOrigin } from '../../src/testing-kit.js';

/** A request as the properties generate it: who sends it, and what. */
export interface Call {
  readonly user: 'alice' | 'bob' | 'carol' | 'sam';
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
}

const user = fc.constantFrom('alice', 'bob', 'carol', 'sam');
const noteId = fc.integer({ min: 1, max: 3 });
const text = fc.string({ maxLength: 8 });

/** Requests that change state, to bring the origin into "any state" before the call under test. */
export const writeCall: fc.Arbitrary<Call> = fc.oneof(
  fc.record({ user, method: fc.constant('PUT'), path: noteId.map((id) => `/notes/${id}`), body: text.map((content) => ({ content })) }),
  fc.record({ user, method: fc.constant('POST'), path: fc.constant('/notes'), body: text.map((content) => ({ content })) }),
  fc.record({ user, method: fc.constant('DELETE'), path: noteId.map((id) => `/notes/${id}`) }),
  fc.record({ user, method: fc.constant('PATCH'), path: fc.integer({ min: 121, max: 126 }).map((id) => `/orders/${id}`), body: text.map((a) => ({ delivery_address: `${a} Street` })) }),
  fc.record({ user, method: fc.constant('DELETE'), path: fc.integer({ min: 121, max: 126 }).map((id) => `/orders/${id}`) }),
  fc.record({ user, method: fc.constant('PATCH'), path: fc.integer({ min: 1, max: 3 }).map((id) => `/users/${id}`), body: text.map((bio) => ({ bio })) }),
);

export const anyPath = fc.oneof(
  noteId.map((id) => `/notes/${id}`),
  fc.constant('/notes'),
  fc.integer({ min: 120, max: 127 }).map((id) => `/orders/${id}`),
  fc.constant('/orders'),
  fc.integer({ min: 1, max: 4 }).map((id) => `/users/${id}`),
  fc.constantFrom('/users', '/users/1/posts', '/users?limit=1', '/nope'),
);

export const setup = fc.array(writeCall, { maxLength: 8 });

/** A fresh origin brought into the state the setup calls leave. */
export async function originAfter(calls: readonly Call[]): Promise<TestOrigin> {
  const t = new TestOrigin();
  for (const c of calls) await send(t, c);
  return t;
}

export async function send(t: TestOrigin, c: Call) {
  return t.send(c.method, c.path, t.session(c.user), c.body);
}
