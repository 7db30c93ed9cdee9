import { type Check, finding, type Finding, skip } from '../check.js';
import { noOperations, operationRequest, operationsVerdict, sentBy } from '../operation-request.js';
import { answerProblems } from '../schema-check.js';

export const openapiAnswersKeepToSchema: Check = {
  name: 'openapi/answers-keep-to-schema',
  statement: 'every operation of the OpenAPI description, public ones with no credential, sent a body and parameters its schemas accept, is answered with a status it documents and a body its schema allows, never a 5xx',
  principle: 'answers-keep-to-schema',
  // An operation and the objects its path names (a task in a project): three requests each, for a
  // description of well over a hundred operations.
  maxRequests: 500,
  async run(ctx) {
    const operations = ctx.shape.operations;
    if (operations === undefined) return skip(noOperations);
    const findings: Finding[] = [];
    const unsent: string[] = [];
    let sent = 0;
    for (const operation of operations) {
      const request = await operationRequest(ctx, operation);
      if ('unsent' in request) {
        unsent.push(request.unsent);
        continue;
      }
      const path = `${request.path}${operation.query}`;
      const exchange = await ctx.origin.send(operation.method, path, { as: request.as, headers: operation.headers, ...(operation.body === undefined ? {} : { json: operation.body }) });
      sent++;
      const { status, headers, body } = exchange.response;
      const problems = answerProblems(operation, { status, contentType: headers['content-type'], body }).problems;
      if (status >= 500) problems.unshift(`a server error, ${status}`);
      if ((operation.body !== undefined || path !== request.path || Object.keys(operation.headers).length > 0) && (status === 400 || status === 422)) problems.push(`${status} to a request its schemas accept`);
      const said = sentBy(request.as, operation.method, path);
      if (problems.length > 0) findings.push(finding(`${said} was answered ${status}: ${problems.join('; ')}`, 'a status it documents, never a 5xx, with a body its schema for that status allows', exchange));
    }
    return operationsVerdict(findings, sent, unsent, { passed: `${sent} of ${operations.length} operations answered as documented`, noneSent: 'no operation could be sent', nothingTried: 'the description has none' });
  },
};
