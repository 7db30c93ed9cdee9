import fc from 'fast-check';
import type { Json } from './targets/openapi/example-value.js';
import { validBody } from './targets/openapi/request-body.js';
import { parameterParts, type ParameterValues, parametersArbitrary, validParameters } from './targets/openapi/request-parameters.js';
import { schemaArbitrary } from './targets/openapi/schema-arbitrary.js';
import { describedOperations, everyProbe, exchangeProblems, operationPath, senderOf, sentAs, withoutOpenapi } from './described-operation.js';
import { judgedRun, type Principle, type RunVerdict } from './principle.js';

/** One operation sent once: by its place in the description, with the body drawn for it when it takes one. */
export interface OperationProbe {
  readonly operation: number;
  readonly body?: Json;
  /** Its query and header parameters, drawn from their schemas, when it has any. */
  readonly parameters?: ParameterValues;
}

export interface SchemaPlan {
  readonly probes: readonly OperationProbe[];
}

/**
 * A service answers as its description says (Schemathesis's `not_a_server_error`,
 * `status_code_conformance`, `content_type_conformance`, `response_schema_conformance` and
 * `positive_data_acceptance`, in one): every operation of its OpenAPI document, sent with a body and query
 * and header parameters their schemas accept (drawn from the schemas) on an object that exists, is answered with a status it documents, never a
 * 5xx, with the JSON its schema for that status allows (ajv) and no member the schema does not declare; and a
 * body its schema accepts is not refused as malformed (400, 422).
 */
export const answersKeepToSchema: Principle<SchemaPlan> = {
  name: 'answers-keep-to-schema',
  statement: 'every operation of the OpenAPI description, sent a body its schema accepts, is answered with a documented status and a body its schema allows, never a 5xx',

  notApplicable: withoutOpenapi,

  plan(_target, origin) {
    const operations = describedOperations(origin.derivation);
    if (operations.length === 0) return fc.constant({ probes: [] });
    const probes = operations.map(({ operation }, i) => {
      const body = operation.body === undefined ? fc.constant(undefined) : schemaArbitrary(operation.body.schema);
      return fc.tuple(body, parametersArbitrary(operation)).map(([drawn, parameters]): OperationProbe => ({ operation: i, ...(drawn === undefined ? {} : { body: drawn }), ...(parameters === undefined ? {} : { parameters }) }));
    });
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
      if (described === undefined) return judgedRun([], [], `the plan names operation ${probe.operation}, and the description has ${operations.length}`);
      const { operation } = described;
      const role = senderOf(run.target, operation);
      if (role === undefined) {
        unsent.push(`${operation.method} ${operation.path} needs a credential and the target declares no users`);
        continue;
      }
      const { path, why } = await operationPath(run, described, role);
      if (path === undefined) {
        unsent.push(`${operation.method} ${operation.path}: ${why}`);
        continue;
      }
      const body = validBody(operation, probe.body);
      const { query, headers } = parameterParts(validParameters(operation, probe.parameters));
      const exchange = await run.send(role, { method: operation.method, path: `${path}${query}`, headers, ...(body === undefined ? {} : { body }) });
      const said = sentAs(role, operation.method, `${path}${query}`);
      const status = exchange.response?.status;
      const judged = exchangeProblems(operation, exchange);
      if (judged.unjudged !== undefined && status === undefined) {
        unsent.push(`${said}: ${judged.unjudged}`);
        continue;
      }
      const found = [...judged.problems];
      if (status !== undefined && status >= 500) found.unshift(`a server error, ${status}`);
      if ((body !== undefined || query !== '' || Object.keys(headers).length > 0) && (status === 400 || status === 422)) found.push(`${status} to a request its schemas accept${body === undefined ? '' : `: ${JSON.stringify(body)}`}`);
      if (found.length > 0) problems.push(`${said}${body === undefined ? '' : ` with ${JSON.stringify(body)}`} was answered ${status}: ${found.join('; ')}`);
      else evidence.push(`${said} was answered ${status}, as documented${judged.unjudged === undefined ? '' : ` (its body not looked at: ${judged.unjudged})`}`);
    }
    return judgedRun(problems, evidence, `no operation could be sent: ${unsent.join('; ') || 'the description has none'}`);
  },
};
