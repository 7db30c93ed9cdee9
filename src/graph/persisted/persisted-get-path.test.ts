import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { request } from '../../http/message.js';
import { readGraphRequest } from '../http/request-params.js';
import { persistedGetPath } from './persisted-get-path.js';
import { sha256Hex } from './sha256-hex.js';

describe('persistedGetPath', () => {
  it("builds Apollo Client's URL: operationName, variables, extensions, each encodeURIComponent-ed", () => {
    expect(persistedGetPath('query Post($id: ID!) { post(id: $id) { title } }', 'Post', { id: '7' })).toBe(
      '/graphql?operationName=Post&variables=%7B%22id%22%3A%227%22%7D&extensions=%7B%22persistedQuery%22%3A%7B%22version%22%3A1%2C%22sha256Hash%22%3A%226c92d2bd6c1e7f45d1126d23d2586d7b7b5d846bc1cb8161e4480568b2f47303%22%7D%7D');
    expect(persistedGetPath('{__typename}')).toBe(
      '/graphql?extensions=%7B%22persistedQuery%22%3A%7B%22version%22%3A1%2C%22sha256Hash%22%3A%22ecf4edb46db40b5132295c0291d62fb65d6759a9eedfa4d5d612dd5ec54a6b38%22%7D%7D');
  });

  it('leaves out an empty operationName, and keeps empty variables', () => {
    expect(persistedGetPath('{x}', '')).toBe(persistedGetPath('{x}'));
    expect(persistedGetPath('{x}', undefined, {})).toMatch(/^\/graphql\?variables=%7B%7D&extensions=/);
  });

  it('is short and carries no query text, whatever the size of the query', () => {
    const query = `{ ${'field '.repeat(2000)}}`;
    const path = persistedGetPath(query);
    expect(path).not.toContain('field');
    expect(path.length).toBe(persistedGetPath('{x}').length);
  });

  const graphName = fc.stringMatching(/^[_A-Za-z][_0-9A-Za-z]{0,12}$/);
  const variables = fc.dictionary(fc.string({ unit: 'binary', maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 });

  test.prop([fc.string({ unit: 'binary' }), fc.option(graphName, { nil: undefined }), fc.option(variables, { nil: undefined })])(
    'round-trips through the GET parser to the same hash, name and variables', (query, operationName, vars) => {
      const read = readGraphRequest(request('GET', persistedGetPath(query, operationName, vars)));
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      expect(read.params).toEqual({
        query: undefined,
        operationName,
        variables: vars === undefined ? undefined : JSON.parse(JSON.stringify(vars)) as unknown,
        persistedHash: sha256Hex(query),
      });
    });
});
