import { createHash } from 'node:crypto';
import type { Maybe } from './http/handler.js';
import { request, type HttpRequest, type HttpResponse } from './http/message.js';
import { createOrigin, type Origin, type OriginEnvironment, type OriginSettings, defaultOriginSettings } from './origin.js';

/**
 * A fixed environment for tests and benchmarks: time stands still at 0, ids count up, and the signing key is
 * a constant anyone can read. Here, not beside `createOrigin`, so that no origin signs with it by default.
 */
export function testEnvironment(): OriginEnvironment {
  let n = 0;
  return { now: () => 0, newId: () => `test-id-${++n}`, signingKey: createHash('sha256').update('apisim test key').digest() };
}

/** Fixtures for tests of the origin: signed-in callers without a password round trip. */
export class TestOrigin {
  readonly origin: Origin;

  constructor(settings: Partial<OriginSettings> = {}) {
    this.origin = createOrigin(testEnvironment(), { ...defaultOriginSettings, ...settings });
  }

  account(username: string) {
    const account = [1, 2, 3, 4].map((id) => this.origin.accounts.byId(id)).find((a) => a?.username === username);
    if (account === undefined) throw new Error(`no account ${username}`);
    return account;
  }

  session(username: string): Record<string, string> {
    return { cookie: `sid=${this.origin.login.openSession(this.account(username), 0)}` };
  }

  async token(username: string, options?: { scopes?: readonly string[]; lifetimeUs?: number }): Promise<Record<string, string>> {
    return { authorization: `Bearer ${await this.origin.login.issueToken(this.account(username), 0, options)}` };
  }

  async send(method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<HttpResponse> {
    const withType = body === undefined ? headers : { 'content-type': 'application/json', ...headers };
    return this.origin.handle(request(method, path, withType, body === undefined ? undefined : JSON.stringify(body)));
  }

  handle(req: HttpRequest): Maybe<HttpResponse> {
    return this.origin.handle(req);
  }
}

export function bodyOf(res: HttpResponse): Record<string, unknown> {
  return JSON.parse(res.body ?? 'null') as Record<string, unknown>;
}
