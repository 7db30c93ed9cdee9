import fc from 'fast-check';
import type { Exchange } from '../sim/exchange.js';
import { itemAt, type RequestSpec, type Target } from './targets/target.js';
import type { TargetSession } from './targets/target-session.js';
import type { Derivation } from './targets/openapi/derivation.js';
import { exampleValue } from './targets/openapi/example-value.js';
import { type BrokenCredential, brokenCredentials, brokenHeaders } from './broken-credential.js';
import { createdId } from './created-id.js';
import { sameEndpoint } from './conformance/service-shape.js';
import { describedOperations, everyProbe, operationPath } from './described-operation.js';
import { absentObjectPath, makeOwned } from './owned-object.js';
import { broken, judgedRun, type Principle, type RunVerdict } from './principle.js';

/**
 * Spec §5.1–5.3: gate 1 comes first. A request with no credential, or with a broken one, to any endpoint the
 * target says needs a user is answered 401, and nothing else: not 403, which would say the caller was known;
 * not 404, which would tell them which ids exist; never 2xx. A 405 is let be: it says the endpoint takes no
 * such method (apisim's own /notes is not listed) before anything of who is calling or which object.
 *
 * The endpoints are those the description declares for its users: the owned objects and how they are
 * created, the collections only a user may write (`by: "user"`), and every operation of its OpenAPI
 * description that needs a credential, the collections' GETs included. A plan is an attempt on every
 * endpoint (shrinking leaves out those a failure does not need), each a broken credential and, for a path
 * with ids, an object that exists (one the target names, or one the user creates first) or one that does
 * not: a 401 must not depend on which, so the 401 for one that exists is held to the same request's for one
 * that does not, status, challenge and body.
 */
interface Endpoint {
  readonly method: string;
  readonly path: string;
  readonly body: RequestSpec['body'];
  /** How to get an object that exists, when the path names one: its path. */
  readonly existing: ((run: TargetSession) => Promise<string | undefined>) | undefined;
}

export interface Attempt {
  readonly endpoint: number;
  readonly credential: BrokenCredential;
  readonly existing: boolean;
}

export const authenticationFirst: Principle<readonly Attempt[]> = {
  name: 'authentication-first',
  statement: 'a request with no credential or a broken one, to any endpoint that needs a user, is answered 401: not 403, 404 or 2xx',

  notApplicable(target) {
    if (target.users === undefined) return 'the target declares no users (users.user and users.otherUser), so no endpoint needs one';
    if (endpointsOf(target, undefined).length === 0) return 'the target declares no endpoint that needs a user (owned[], or writable[] with by: "user")';
    return undefined;
  },

  plan(target, origin) {
    // Every endpoint in every run, so each secured operation is probed (and counted) even in a short run.
    const endpoints = endpointsOf(target, origin.derivation);
    return everyProbe(endpoints.map((_, endpoint) => fc.record({ endpoint: fc.constant(endpoint), credential: fc.constantFrom(...brokenCredentials), existing: fc.boolean() })));
  },

  settings: () => ({}),

  async check(run, attempts): Promise<RunVerdict> {
    const endpoints = endpointsOf(run.target, run.prepared.derivation);
    const refused: string[] = [];
    for (const attempt of attempts) {
      const endpoint = endpoints[attempt.endpoint];
      if (endpoint === undefined) return judgedRun([], [], `the plan names endpoint ${attempt.endpoint}, and the target has ${endpoints.length}`);
      const existing = endpoint.existing !== undefined && attempt.existing ? await endpoint.existing(run) : undefined;
      const path = existing ?? absentObjectPath(endpoint.path, missingId);
      // A broken credential is the user's own, spoilt: the user signs in first (a sign-in, counted apart).
      const headers = attempt.credential === 'none' ? {} : brokenHeaders(await run.caller('user'), attempt.credential);
      const request = { method: endpoint.method, headers, ...(endpoint.body === undefined ? {} : { body: endpoint.body }) };
      const exchange = await run.send('anonymous', { ...request, path });
      const status = exchange.response?.status;
      if (status !== undefined && status !== 401 && status !== 405) {
        // The run ends at its first broken answer, so the recorded counterexample stops where it broke.
        return broken(`${endpoint.method} ${path}${existing === undefined ? '' : ' (which exists)'} with ${describe(attempt.credential)} was answered ${status}, not 401`);
      }
      // A 405 (no such method here) or no answer shows nothing of gate 1: only a 401 is evidence.
      if (status === 401) refused.push(`${endpoint.method} ${path}${existing === undefined ? '' : ' (which exists)'} with ${describe(attempt.credential)}: 401`);
      if (status === 401 && existing !== undefined) {
        // The same request for an object that does not exist: its 401 must say no more, nor less.
        const missing = absentObjectPath(endpoint.path, missingId);
        const twin = await run.send('anonymous', { ...request, path: missing });
        const told = refusalOf(exchange), twinTold = refusalOf(twin);
        if (told !== twinTold) return broken(`${endpoint.method} ${path} (which exists) with ${describe(attempt.credential)} was answered ${told}, but ${missing} (which does not) ${twinTold}: the 401 tells which exists`);
        refused.push(`  the same for ${missing} (which does not exist): the same 401`);
      }
    }
    return judgedRun([], refused, 'no probe was answered 401: each was answered 405 (the endpoint takes no such method) or not at all; declare the methods each endpoint takes (owned[].methods, writable[].methods)');
  },
};

/** An id no object of the run has. */
const missingId = '999999';

/** What an answer tells a caller: its status, its challenge and its body. */
function refusalOf(exchange: Exchange): string {
  const response = exchange.response;
  if (response === undefined) return 'no answer';
  const challenge = response.headers['www-authenticate'];
  return `${response.status}${challenge === undefined ? '' : ` (WWW-Authenticate: ${challenge})`} ${response.body ?? ''}`.trim();
}

const describe = (credential: BrokenCredential): string =>
  credential === 'none' ? 'no credential' : credential === 'garbled' ? 'the user\'s credential with one character changed' : 'a made-up credential';

function endpointsOf(target: Target, derivation: Derivation | undefined): Endpoint[] {
  if (target.users === undefined) return [];
  const endpoints: Endpoint[] = [];
  for (const owned of target.owned) {
    const create = owned.create;
    const existing = async (run: TargetSession): Promise<string | undefined> => {
      const named = owned.ids?.user[0];
      if (named !== undefined) return itemAt(owned.path, named);
      return (await makeOwned(run, owned, 'user')).made?.path;
    };
    for (const method of new Set(['GET', ...owned.methods])) {
      endpoints.push({ method, path: owned.path, body: method === 'PUT' || method === 'PATCH' ? create?.body ?? {} : undefined, existing });
    }
    if (create !== undefined) endpoints.push({ method: create.method, path: create.path, body: create.body, existing: undefined });
  }
  for (const writable of target.writable) {
    if (writable.by !== 'user') continue;
    const existing = async (run: TargetSession): Promise<string | undefined> => {
      const id = createdId(await run.send('user', { method: 'POST', path: writable.collection, body: writable.body }));
      return id === undefined ? undefined : itemAt(writable.item, id);
    };
    endpoints.push({ method: 'GET', path: writable.collection, body: undefined, existing: undefined });
    endpoints.push({ method: 'POST', path: writable.collection, body: writable.body, existing: undefined });
    for (const method of new Set(['GET', ...writable.methods])) {
      endpoints.push({ method, path: writable.item, body: method === 'PUT' || method === 'PATCH' ? writable.body : undefined, existing });
    }
  }
  return [...endpoints, ...describedEndpoints(derivation, endpoints)];
}

/**
 * Every operation of the description that needs a credential and is not among the declared endpoints
 * already (a nested collection's GET, an owned kind's list): its example body, and an object that exists
 * made as any operation's of the description is (`operationPath`).
 */
function describedEndpoints(derivation: Derivation | undefined, declared: readonly Endpoint[]): Endpoint[] {
  return describedOperations(derivation).flatMap((described): Endpoint[] => {
    const { operation } = described;
    // `/projects/{id}` and `/projects/{projectId}` are one endpoint.
    if (!operation.secured || declared.some((e) => sameEndpoint(e, operation))) return [];
    const body = operation.body === undefined ? undefined : ((operation.body.example ?? exampleValue(operation.body.schema)) as RequestSpec['body']);
    const existing = operation.path.includes('{') ? async (run: TargetSession) => (await operationPath(run, described, 'user')).path : undefined;
    return [{ method: operation.method, path: operation.path, body, existing }];
  });
}
