import { describe, expect, it } from 'vitest';
import { answerProblems, type DocumentedAnswer, type DocumentedOperation, type Schema, type SchemaDialect, schemaProblems, undeclaredMembers } from './schema-check.js';

const project: Schema = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string', minLength: 1 }, owner: { type: 'object', properties: { id: { type: 'string' } } } } };

const operation = (answers: readonly DocumentedAnswer[], dialect: SchemaDialect = '2020-12'): DocumentedOperation => ({ answers, dialect });
const answer = (status: string, schema?: Schema): DocumentedAnswer => ({ status, schema });
const json = (status: number, body: unknown) => ({ status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });

describe('undeclaredMembers', () => {
  it('names every member an object schema does not declare, nested ones and those in arrays too', () => {
    expect(undeclaredMembers(project, { id: '1', name: 'a', inviteCode: 'x', owner: { id: 'u', hash: 'h' } })).toEqual(['/inviteCode', '/owner/hash']);
    expect(undeclaredMembers({ type: 'array', items: project }, [{ id: '1', name: 'a' }, { id: '2', name: 'b', secret: 1 }])).toEqual(['/1/secret']);
  });

  it('takes the members of allOf parts as declared, and judges nothing a schema leaves open or to a choice', () => {
    expect(undeclaredMembers({ allOf: [project, { properties: { done: { type: 'boolean' } } }] }, { id: '1', name: 'a', done: true, extra: 1 })).toEqual(['/extra']);
    expect(undeclaredMembers({ ...project, additionalProperties: true }, { id: '1', extra: 1 })).toEqual([]);
    expect(undeclaredMembers({ ...project, patternProperties: { '^x-': {} } }, { id: '1', 'x-a': 1 })).toEqual([]);
    expect(undeclaredMembers({ oneOf: [project] }, { id: '1', extra: 1 })).toEqual([]);
    expect(undeclaredMembers({ type: 'object' }, { anything: 1 })).toEqual([]);
  });
});

describe('answerProblems', () => {
  const get = operation([answer('200', project), answer('4XX', { type: 'object', required: ['error'], properties: { error: { type: 'string' } } }), answer('204')]);

  it('holds an answer to the status it documents, its range, or default', () => {
    expect(answerProblems(get, json(200, { id: '1', name: 'a' })).problems).toEqual([]);
    expect(answerProblems(get, json(404, { error: 'no' })).problems).toEqual([]);
    expect(answerProblems(get, { status: 204, contentType: undefined, body: '' }).problems).toEqual([]);
    expect(answerProblems(get, json(500, { error: 'no' })).problems).toEqual(['500 is not a status it documents (200, 4XX, 204)']);
    expect(answerProblems(operation([answer('default', project)]), json(500, { id: '1', name: 'a' })).problems).toEqual([]);
  });

  it('says what is wrong with a body: not JSON, refused by its schema, or with a member it does not declare', () => {
    expect(answerProblems(get, { status: 200, contentType: 'text/plain', body: 'Internal' }).problems).toEqual(['its 200 is documented as JSON, and came as text/plain: "Internal"']);
    expect(answerProblems(get, { status: 200, contentType: 'application/json', body: '{"id"' }).problems).toEqual(['its 200 body is not JSON: "{\\"id\\""']);
    expect(answerProblems(get, json(200, { id: 1, name: '' })).problems).toEqual(['its 200 body: the body\'s /id must be string', 'its 200 body: the body\'s /name must NOT have fewer than 1 characters']);
    expect(answerProblems(get, json(200, { id: '1', name: 'a', inviteCode: 'x' })).problems).toEqual(['its 200 body has /inviteCode, a member its schema does not declare']);
    expect(answerProblems(get, json(404, { message: 'no' })).problems).toEqual(['its 404 body: the body must have required property \'error\'', 'its 404 body has /message, a member its schema does not declare']);
  });

  it('checks the formats a schema names (ajv-formats), in both dialects', () => {
    for (const dialect of ['2020-12', 'openapi-3.0'] as const) {
      expect(schemaProblems({ type: 'string', format: 'email' }, 'user@example.com', dialect).problems).toEqual([]);
      expect(schemaProblems({ type: 'string', format: 'email' }, 'not an address', dialect).problems).toEqual(['the body must match format "email"']);
    }
  });

  it('reads OpenAPI 3.0\'s nullable, and says when a schema cannot be compiled rather than judging by it', () => {
    const nullable = operation([answer('200', { type: 'object', properties: { due: { type: 'string', nullable: true } } })], 'openapi-3.0');
    expect(answerProblems(nullable, json(200, { due: null })).problems).toEqual([]);
    expect(answerProblems(nullable, json(200, { due: 1 })).problems).toHaveLength(1);
    const broken = operation([answer('200', { type: 'object', properties: { a: { $ref: '#/nowhere' } } })]);
    expect(answerProblems(broken, json(200, { a: 1 }))).toMatchObject({ problems: [], unjudged: 'its schema could not be compiled (can\'t resolve reference #/nowhere from id #)' });
  });
});
