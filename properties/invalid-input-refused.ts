import fc from 'fast-check';
import { exampleValue, type Json } from './targets/openapi/example-value.js';
import type { Operation } from './targets/openapi/operations.js';
import { isSuccess, record } from './targets/openapi/operations.js';
import { schemaArbitrary } from './targets/openapi/schema-arbitrary.js';
import { schemaProblems } from './targets/openapi/schema-check.js';
import { describedOperations, everyProbe, exchangeProblems, operationPath, senderOf, sentAs, withoutOpenapi } from './described-operation.js';
import { judgedRun, type Principle, type RunVerdict } from './principle.js';

/**
 * How a body is made wrong: not JSON at all; a declared member of the wrong type, or a required one left
 * out (each by its place among the members, taken modulo their number); or right, with members the schema
 * does not declare added (`undeclared`).
 */
export type Breach = { readonly kind: 'not-json' } | { readonly kind: 'wrong-type' | 'missing'; readonly member: number } | { readonly kind: 'undeclared' };

export interface InvalidProbe {
  readonly operation: number;
  /** A body its schema accepts, drawn from it, which `breach` makes wrong. */
  readonly body: Json;
  readonly breach: Breach;
}

export interface InvalidPlan {
  readonly probes: readonly InvalidProbe[];
}

/**
 * A body a service's description refuses is refused (Schemathesis's `negative_data_rejection` and
 * `not_a_server_error`): a body that is not JSON, has a member of the wrong type or lacks a required one is
 * answered 4xx with the answer it documents for that status, never 2xx and never a 5xx. And a member the
 * schema does not declare is refused or ignored, never kept (OWASP API3:2023, mass assignment): the
 * members the operation's answer declares and its body does not (`owner`, `id`), and one no schema names,
 * are sent with marked values, and an accepted body's answer must show none of those values.
 */
export const invalidInputRefused: Principle<InvalidPlan> = {
  name: 'invalid-input-refused',
  statement: 'a body its OpenAPI schema refuses is answered 4xx as documented, never a 5xx; a member the schema does not declare is refused or ignored',

  notApplicable: withoutOpenapi,

  plan(_target, origin) {
    const withBodies = describedOperations(origin.derivation).flatMap(({ operation }, i) => (operation.body === undefined ? [] : [{ operation, i }]));
    if (withBodies.length === 0) return fc.constant({ probes: [] });
    // Each operation is sent every breach in every run.
    const breaches: readonly fc.Arbitrary<Breach>[] = [
      fc.constant({ kind: 'not-json' as const }),
      fc.record({ kind: fc.constant('wrong-type' as const), member: fc.nat({ max: 15 }) }),
      fc.record({ kind: fc.constant('missing' as const), member: fc.nat({ max: 15 }) }),
      fc.constant({ kind: 'undeclared' as const }),
    ];
    const probes = withBodies.flatMap(({ operation, i }) => breaches.map((breach) => fc.record({ operation: fc.constant(i), body: schemaArbitrary(operation.body!.schema), breach })));
    return everyProbe(probes).map((sent) => ({ probes: sent }));
  },

  settings: () => ({}),

  async check(run, plan): Promise<RunVerdict> {
    const operations = describedOperations(run.prepared.derivation);
    const problems: string[] = [];
    const evidence: string[] = [];
    const unsent: string[] = [];
    for (const probe of plan.probes) {
      const described = operations[probe.operation];
      const operation = described?.operation;
      if (described === undefined || operation?.body === undefined) return judgedRun([], [], `the plan names operation ${probe.operation}, which takes no body in the description`);
      const wrong = breached(operation, probe.body, probe.breach);
      const role = senderOf(run.target, operation);
      if (typeof wrong === 'string' || role === undefined) {
        unsent.push(`${operation.method} ${operation.path}: ${typeof wrong === 'string' ? wrong : 'it needs a credential and the target declares no users'}`);
        continue;
      }
      const { path, why } = await operationPath(run, described, role);
      if (path === undefined) {
        unsent.push(`${operation.method} ${operation.path}: ${why}`);
        continue;
      }
      const exchange = await run.send(role, { method: operation.method, path, ...wrong.request });
      const status = exchange.response?.status;
      const said = `${sentAs(role, operation.method, path)} with ${wrong.what}`;
      if (status === undefined) {
        unsent.push(`${said}: no answer came`);
        continue;
      }
      if (status >= 500) problems.push(`${said} was answered ${status}: a server error, not a 4xx`);
      else if (wrong.markers !== undefined) {
        const kept = keptMarkers(exchange.response?.body, wrong.markers);
        if (status < 300 && kept.length > 0) problems.push(`${said} was answered ${status} with ${kept.join(', ')}: it kept members its schema does not declare`);
        else evidence.push(`${said} was answered ${status}: ${status < 300 ? 'the members it does not declare were ignored' : 'refused'}`);
      } else if (status < 400 || status > 499) problems.push(`${said} was answered ${status}, not a 4xx`);
      else {
        const answer = exchangeProblems(operation, exchange).problems;
        if (answer.length > 0) problems.push(`${said} was answered ${status}: ${answer.join('; ')}`);
        else evidence.push(`${said} was answered ${status}, as documented`);
      }
    }
    return judgedRun(problems, evidence, `no invalid body could be sent: ${unsent.join('; ') || 'no operation takes a body'}`);
  },
};

/** What a breach sends, how a verdict names it, and, for undeclared members, the values that must not come back. */
interface Breached {
  readonly request: { readonly body?: Json; readonly rawBody?: string; readonly headers?: Readonly<Record<string, string>> };
  readonly what: string;
  readonly markers?: Readonly<Record<string, string>>;
}

/** The probe's body made wrong, checked with ajv to be refused by its schema; or why this breach cannot be made on it. */
export function breached(operation: Operation, drawn: Json, breach: Breach): Breached | string {
  const schema = operation.body!.schema;
  const valid = schemaProblems(schema, drawn, operation.dialect).problems.length === 0 ? drawn : exampleValue(schema);
  if (breach.kind === 'not-json') return { request: { rawBody: '{"not json', headers: { 'content-type': 'application/json' } }, what: 'a body that is not JSON' };
  if (typeof valid !== 'object' || valid === null || Array.isArray(valid)) return 'its body is not an object, so no member can be made wrong';
  const properties = record(schema.properties);
  if (breach.kind === 'undeclared') {
    const answered = operation.answers.filter(isSuccess).flatMap((a) => Object.keys(record(a.schema?.properties)));
    const names = [...new Set([...answered.filter((n) => !(n in properties)), 'apisimUndeclared'])];
    const markers = Object.fromEntries(names.map((n) => [n, `apisim-undeclared-${n}`]));
    return { request: { body: { ...valid, ...markers } }, what: `members its schema does not declare (${names.join(', ')})`, markers };
  }
  const candidates = breach.kind === 'missing' ? (Array.isArray(schema.required) ? schema.required.filter((n): n is string => typeof n === 'string') : []) : Object.keys(properties);
  if (candidates.length === 0) return `its body schema has no ${breach.kind === 'missing' ? 'required member to leave out' : 'member to make wrong'}`;
  const name = candidates[breach.member % candidates.length]!;
  const body: Record<string, Json> = breach.kind === 'missing' ? Object.fromEntries(Object.entries(valid).filter(([n]) => n !== name)) : { ...valid, [name]: wrongType(record(properties[name])) };
  if (schemaProblems(schema, body, operation.dialect).problems.length === 0) return `its schema accepts ${name} ${breach.kind === 'missing' ? 'left out' : 'of any type'}`;
  return { request: { body }, what: breach.kind === 'missing' ? `${name} left out` : `${name} ${JSON.stringify(body[name])}` };
}

/** A value of another type than the member's: a number for a string, a string for anything else. */
const wrongType = (member: Record<string, unknown>): Json => (member.type === 'string' || (Array.isArray(member.type) && member.type.includes('string')) ? 12345 : 'not-a-value-of-its-type');

/** The members of an accepted answer's body that hold a marked value, as `owner: "apisim-undeclared-owner"`. */
function keptMarkers(text: string | undefined, markers: Readonly<Record<string, string>>): string[] {
  let body: unknown;
  try {
    body = JSON.parse(text ?? '');
  } catch {
    return [];
  }
  const values = new Set(Object.values(markers));
  return Object.entries(record(body)).filter(([, value]) => typeof value === 'string' && values.has(value)).map(([name, value]) => `${name}: ${JSON.stringify(value)}`);
}
