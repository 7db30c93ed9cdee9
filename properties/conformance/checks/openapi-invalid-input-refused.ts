import { type Check, finding, type Finding, skip } from '../check.js';
import { noOperations, operationRequest, operationsVerdict, sentBy } from '../operation-request.js';
import { answerProblems, keptMarkers } from '../schema-check.js';

export const openapiInvalidInputRefused: Check = {
  name: 'openapi/invalid-input-refused',
  statement: 'a body or a required parameter its OpenAPI schema refuses (not JSON, a member of the wrong type, a required one left out) is answered 4xx as documented, never a 5xx; a member the schema does not declare is refused or ignored, never kept',
  principle: 'invalid-input-refused',
  // Up to six wrong requests an operation (four bodies, two parameters), each on an object of its own (a task in a project).
  maxRequests: 1000,
  async run(ctx) {
    const operations = ctx.shape.operations;
    if (operations === undefined) return skip(noOperations);
    const findings: Finding[] = [];
    const unsent: string[] = [];
    let sent = 0;
    for (const operation of operations) {
      for (const invalid of operation.invalidInputs) {
        const request = await operationRequest(ctx, operation);
        if ('unsent' in request) {
          unsent.push(request.unsent);
          break;
        }
        const path = `${request.path}${invalid.query}`;
        const exchange = await ctx.origin.send(operation.method, path, { as: request.as, json: invalid.json, raw: invalid.raw, contentType: invalid.contentType, headers: invalid.headers });
        sent++;
        const { status, headers, body } = exchange.response;
        const said = `${sentBy(request.as, operation.method, path)} with ${invalid.what}`;
        if (status >= 500) findings.push(finding(`${said} was answered ${status}: a server error, not a 4xx`, 'a 4xx', exchange));
        else if (invalid.markers !== undefined) {
          const kept = status < 300 ? keptMarkers(body, invalid.markers) : [];
          if (kept.length > 0) findings.push(finding(`${said} was answered ${status} with ${kept.join(', ')}: it kept members its schema does not declare`, 'refused, or accepted with none of them kept', exchange));
        } else if (status < 400 || status > 499) findings.push(finding(`${said} was answered ${status}, not a 4xx`, 'a 4xx, as documented', exchange));
        else {
          const problems = answerProblems(operation, { status, contentType: headers['content-type'], body }).problems;
          if (problems.length > 0) findings.push(finding(`${said} was answered ${status}: ${problems.join('; ')}`, `the ${status} answer it documents`, exchange));
        }
      }
    }
    return operationsVerdict(findings, sent, unsent, { passed: `${sent} requests its schemas refuse, each refused as documented`, noneSent: 'no invalid input could be sent', nothingTried: 'no operation takes a JSON body or requires a parameter' });
  },
};
