import fc from 'fast-check';
import type { Json } from './targets/openapi/example-value.js';
import { type Breach, breached } from './targets/openapi/request-body.js';
import { type ParameterValues, parametersArbitrary, requiresParameters } from './targets/openapi/request-parameters.js';
import { schemaArbitrary } from './targets/openapi/schema-arbitrary.js';
import { keptMarkers } from './conformance/schema-check.js';
import { describedOperations, everyProbe, exchangeProblems, operationPath, senderOf, sentAs, withoutOpenapi } from './described-operation.js';
import { judgedRun, type Principle, type RunVerdict } from './principle.js';

export interface InvalidProbe {
  readonly operation: number;
  /** A body its schema accepts, drawn from it, which `breach` makes wrong (none when it takes none). */
  readonly body?: Json;
  /** Its query and header parameters, drawn from their schemas, which a parameter's `breach` makes wrong. */
  readonly parameters?: ParameterValues;
  readonly breach: Breach;
}

export interface InvalidPlan {
  readonly probes: readonly InvalidProbe[];
}

/**
 * A body a service's description refuses is refused (Schemathesis's `negative_data_rejection`,
 * `missing_required_header` and `not_a_server_error`): a body that is not JSON, has a member of the wrong
 * type or lacks a required one, and a request without a required query or header parameter or with one of
 * the wrong type, is answered 4xx with the answer it documents for that status, never 2xx and never a 5xx. And a member the
 * schema does not declare is refused or ignored, never kept (OWASP API3:2023, mass assignment): the
 * members the operation's answer declares and its body does not (`owner`, `id`), and one no schema names,
 * are sent with marked values, and an accepted body's answer must show none of those values.
 */
export const invalidInputRefused: Principle<InvalidPlan> = {
  name: 'invalid-input-refused',
  statement: 'a body or a required parameter its OpenAPI schema refuses is answered 4xx as documented, never a 5xx; a member the schema does not declare is refused or ignored',

  notApplicable: withoutOpenapi,

  plan(_target, origin) {
    // Each operation is sent every breach that applies to it in every run: those of its body when it takes
    // one, those of its parameters when it requires some.
    const member = fc.nat({ max: 15 });
    const bodyBreaches: readonly fc.Arbitrary<Breach>[] = [
      fc.constant({ kind: 'not-json' as const }),
      fc.record({ kind: fc.constant('wrong-type' as const), member }),
      fc.record({ kind: fc.constant('missing' as const), member }),
      fc.constant({ kind: 'undeclared' as const }),
    ];
    const parameterBreaches: readonly fc.Arbitrary<Breach>[] = [fc.record({ kind: fc.constant('parameter-missing' as const), member }), fc.record({ kind: fc.constant('parameter-wrong' as const), member })];
    const probes = describedOperations(origin.derivation).flatMap(({ operation }, i) => {
      const breaches = [...(operation.body === undefined ? [] : bodyBreaches), ...(requiresParameters(operation) ? parameterBreaches : [])];
      const body = operation.body === undefined ? fc.constant(undefined) : schemaArbitrary(operation.body.schema);
      // Plans are plain JSON: what is not drawn is left out, not undefined.
      return breaches.map((breach) => fc.tuple(body, parametersArbitrary(operation), breach).map(([drawn, parameters, made]): InvalidProbe => ({ operation: i, ...(drawn === undefined ? {} : { body: drawn }), ...(parameters === undefined ? {} : { parameters }), breach: made })));
    });
    if (probes.length === 0) return fc.constant({ probes: [] });
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
      if (described === undefined || operation === undefined) return judgedRun([], [], `the plan names operation ${probe.operation}, and the description has ${operations.length}`);
      const wrong = breached(operation, probe.body, probe.breach, probe.parameters);
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
      const exchange = await run.send(role, { method: operation.method, path: `${path}${wrong.query}`, ...wrong.request });
      const status = exchange.response?.status;
      const said = `${sentAs(role, operation.method, `${path}${wrong.query}`)} with ${wrong.what}`;
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
