import type { Subject } from '../../src/auth/subject.js';
import { defaultGraphSettings, GraphEndpoint, type GraphSettings } from '../../src/graph/endpoint.js';
import { type HttpResponse, request } from '../../src/http/message.js';
import type { OriginSettings } from '../../src/origin.js';
import { Guard } from '../../src/policy/guard.js';
import { Policy } from '../../src/policy/policy.js';
import { scopesOfRoles } from '../../src/policy/roles.js';
import { seedDemoData } from '../../src/demo-data.js';
import type { PostsStore } from '../../src/posts/store.js';
import { TestOrigin } from '../../src/testing-kit.js';
import { UsersStore } from '../../src/users/store.js';
import { type Caller, callerKey, demoRoles, demoUserIds, describeCaller } from './graph-callers.js';
import { type ObjectShape, type PrintedQuery, printQuery } from './graph-query-print.js';
import type { QueryTree } from './graph-query-tree.js';
import { type GraphBody, notRunAsWritten } from '../conformance/graph-shape.js';

/** The endpoint's totals that say whether anything ran, and how much. */
export interface GraphCounts {
  readonly resolverCalls: number;
  readonly objectsResolved: number;
}

/** Something that answers graph requests: the real origin, or a variant a property must catch. */
export interface GraphService {
  send(caller: Caller, method: 'GET' | 'POST', path: string, body?: unknown): Promise<HttpResponse>;
  counts(): GraphCounts;
}

/** The POST body of a printed query: only the members it has, as a client sends them. */
export function postBody(query: Pick<PrintedQuery, 'text' | 'variables' | 'operationName'>): Record<string, unknown> {
  return {
    query: query.text,
    ...(query.variables === undefined ? {} : { variables: query.variables }),
    ...(query.operationName === undefined ? {} : { operationName: query.operationName }),
  };
}

/** A GET that carries the whole query in the URL (GraphQL-over-HTTP), not a persisted one. */
export function getPath(query: Pick<PrintedQuery, 'text' | 'variables' | 'operationName'>): string {
  const parameters = new URLSearchParams({ query: query.text });
  if (query.variables !== undefined) parameters.set('variables', JSON.stringify(query.variables));
  if (query.operationName !== undefined) parameters.set('operationName', query.operationName);
  return `/graphql?${parameters.toString()}`;
}

export function postQuery(service: GraphService, caller: Caller, query: PrintedQuery): Promise<HttpResponse> {
  return service.send(caller, 'POST', '/graphql', postBody(query));
}

/** The request as a failure message names it: enough to send it again by hand. */
export function describeRequest(query: PrintedQuery, caller: Caller): string {
  return `query: ${query.text}\n  variables: ${JSON.stringify(query.variables)}, operationName: ${String(query.operationName)}, caller: ${describeCaller(caller)}`;
}

/**
 * POSTs a generated query and holds its `data` to `judge` (which lists what is wrong, against the shape the
 * query asks for); a query that did not run as written fails too, so nothing passes unchecked.
 */
export async function judgedQuery(
  service: GraphService, tree: QueryTree, caller: Caller, judge: (data: unknown, shape: ObjectShape) => string[], context = '',
): Promise<void> {
  const query = printQuery(tree);
  const res = await postQuery(service, caller, query);
  const body = JSON.parse(res.body ?? '{}') as GraphBody;
  const failed = notRunAsWritten(res.status, body);
  const problems = failed === undefined ? judge(body.data, query.shape) : [failed];
  if (problems.length > 0) throw new Error(`${problems.join('\n')}\n  ${describeRequest(query, caller)}${context}`);
}

/**
 * The graph properties hold for the compiled executor (`src/graph/compiled-operations.ts`): every query they
 * send runs compiled from its first run, not only when it comes back, unless the settings say otherwise (the
 * differential property, which holds graphql-js and the compiled executor together, sets both).
 */
export function compiledFromTheStart(settings: GraphSettings): GraphSettings {
  return { ...settings, compileAfterRuns: settings.compileAfterRuns ?? 0 };
}

/** The real origin, both gates in front of the endpoint; one per property run, so runs share nothing. */
export class OriginGraph implements GraphService {
  readonly test: TestOrigin;
  readonly #credentials = new Map<string, Promise<Record<string, string>>>();

  constructor(settings: Partial<OriginSettings> = {}) {
    this.test = new TestOrigin({ ...settings, graph: compiledFromTheStart(settings.graph ?? defaultGraphSettings) });
  }

  credentials(caller: Caller): Promise<Record<string, string>> {
    const key = callerKey(caller);
    let headers = this.#credentials.get(key);
    if (headers === undefined) {
      const { username, tokenScopes } = caller;
      headers = tokenScopes === undefined
        ? Promise.resolve(this.test.session(username))
        : this.test.token(username, tokenScopes === null ? undefined : { scopes: tokenScopes });
      this.#credentials.set(key, headers);
    }
    return headers;
  }

  async send(caller: Caller, method: 'GET' | 'POST', path: string, body?: unknown): Promise<HttpResponse> {
    return this.test.send(method, path, await this.credentials(caller), body);
  }

  counts(): GraphCounts {
    const { resolverCalls, objectsResolved } = this.test.origin.graphStats();
    return { resolverCalls, objectsResolved };
  }
}

/**
 * The endpoint alone on stores a property builds, for variants that live in a store. Gate 1 is replaced by the
 * subject it would establish; gate 2 is the real policy.
 */
export class EndpointGraph implements GraphService {
  readonly endpoint: GraphEndpoint;
  readonly users = new UsersStore();
  readonly #policy = new Policy({ orders: 'owner-check' });

  constructor(posts: PostsStore, settings: GraphSettings = defaultGraphSettings) {
    seedDemoData(this.users, posts);
    this.endpoint = new GraphEndpoint({ users: this.users, posts, settings: compiledFromTheStart(settings), now: () => 0 });
  }

  async send(caller: Caller, method: 'GET' | 'POST', path: string, body?: unknown): Promise<HttpResponse> {
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    const req = request(method, path, headers, body === undefined ? undefined : JSON.stringify(body));
    return this.endpoint.handle(req, this.guardFor(caller));
  }

  /** Gate 2 for the caller, as the origin would hand it to the endpoint after gate 1. */
  guardFor(caller: Caller): Guard {
    return new Guard(subjectOf(caller), this.#policy);
  }

  counts(): GraphCounts {
    const { resolverCalls, objectsResolved } = this.endpoint.stats;
    return { resolverCalls, objectsResolved };
  }
}

function subjectOf(caller: Caller): Subject {
  const roles = [demoRoles[caller.username]];
  const scopes = caller.tokenScopes === undefined || caller.tokenScopes === null ? scopesOfRoles(roles) : new Set(caller.tokenScopes);
  return { userId: demoUserIds[caller.username], username: caller.username, roles, scopes, via: caller.tokenScopes === undefined ? 'session' : 'token', credentialId: callerKey(caller) };
}
