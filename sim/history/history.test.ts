import { describe, expect, it } from 'vitest';
import { type HttpResponse, jsonResponse, request, response } from '../../src/http/message.js';
import type { Exchange } from '../exchange.js';
import { historyOf } from './history.js';
import { writableResource } from './resource.js';

const json = { 'content-type': 'application/json' };

function exchange(id: number, method: string, path: string, body: unknown, answer: HttpResponse | undefined, attempts = 1): Exchange {
  return {
    id, client: 'alice', request: request(method, path, body === undefined ? {} : json, body === undefined ? undefined : JSON.stringify(body)),
    startedUs: id * 1_000, attempts, outcome: answer === undefined ? 'unknown' : 'response', response: answer,
    completedUs: id * 1_000 + 500, latencyUs: answer === undefined ? undefined : 500,
  };
}

describe('historyOf reads a run\'s exchanges as operations on notes', () => {
  it('maps each method and status to kind, status and output', () => {
    const ops = historyOf([
      exchange(1, 'PUT', '/notes/1', { content: 'a' }, jsonResponse(200, { id: 1, content: 'a' })),
      exchange(2, 'GET', '/notes/1', undefined, jsonResponse(200, { id: 1, content: 'a' })),
      exchange(3, 'GET', '/notes/2', undefined, jsonResponse(404, { status: 404 })),
      exchange(4, 'PUT', '/notes/1', { content: 42 }, jsonResponse(422, { status: 422 })),
      exchange(5, 'PUT', '/notes/1', { content: 'b' }, jsonResponse(422, { status: 422 })),
      exchange(6, 'DELETE', '/notes/1', undefined, response(204)),
      exchange(7, 'DELETE', '/notes/1', undefined, jsonResponse(404, {}), 2),
      exchange(8, 'DELETE', '/notes/1', undefined, jsonResponse(404, {})),
      exchange(9, 'POST', '/notes', { content: 'p' }, jsonResponse(201, { id: 7, content: 'p' }, { location: '/notes/7' })),
      exchange(10, 'POST', '/notes', { content: 'q' }, undefined, 1),
      exchange(11, 'GET', '/notes/1', undefined, jsonResponse(429, {})),
      exchange(12, 'PUT', '/notes/3', { content: 'c' }, jsonResponse(500, {})),
      exchange(13, 'GET', '/orders/121', undefined, jsonResponse(200, {})),
      exchange(14, 'GET', '/notes/abc', undefined, jsonResponse(404, {})),
      exchange(15, 'HEAD', '/notes/1', undefined, response(200)),
    ]);
    const rows = ops.map((op) => [op.id, op.kind, op.noteId, op.status, op.input, op.output, op.completeUs]);
    expect(rows).toEqual([
      [1, 'write', 1, 'ok', 'a', undefined, 1_500],
      [2, 'read', 1, 'ok', undefined, 'a', 2_500],
      [3, 'read', 2, 'ok', undefined, null, 3_500],
      // #4 has no content to write: nothing to check, left out.
      [5, 'write', 1, 'fail', 'b', undefined, 5_500],
      [6, 'delete', 1, 'ok', undefined, 'deleted', 6_500],
      [7, 'delete', 1, 'ok', undefined, 'absent-after-resend', 7_500],
      [8, 'delete', 1, 'ok', undefined, 'absent', 8_500],
      [9, 'create', 7, 'ok', 'p', undefined, 9_500],
      [10, 'create', undefined, 'unknown', 'q', undefined, undefined],
      [11, 'read', 1, 'fail', undefined, undefined, 11_500],
      [12, 'write', 3, 'unknown', 'c', undefined, undefined],
    ]);
  });
});

describe('historyOf reads a target\'s writable resource the same way', () => {
  const todos = writableResource({ collection: '/lists/home/todos', item: '/lists/home/todos/{id}/', body: { done: false, title: 'buy milk' } });

  it('follows the item template and the body\'s string member, and keeps ids as strings', () => {
    const ops = historyOf([
      exchange(1, 'PUT', '/lists/home/todos/n%201/', { title: 'a' }, jsonResponse(201, { id: 'n 1', title: 'a' })),
      exchange(2, 'GET', '/lists/home/todos/n%201/', undefined, jsonResponse(200, { id: 'n 1', title: 'a' })),
      exchange(3, 'DELETE', '/lists/home/todos/n%201/', undefined, response(204)),
      exchange(4, 'POST', '/lists/home/todos', { title: 'p' }, jsonResponse(201, { id: 7, title: 'p' })),
      exchange(5, 'POST', '/lists/home/todos', { title: 'q' }, jsonResponse(201, { title: 'q' }, { location: 'https://example.test/lists/home/todos/u-9/' })),
      // Not items of this resource: a deeper path, the bare collection with a GET, a body without the member.
      exchange(6, 'GET', '/lists/home/todos/n1/tags/', undefined, jsonResponse(200, {})),
      exchange(7, 'GET', '/lists/home/todos', undefined, jsonResponse(200, [])),
      exchange(8, 'PUT', '/lists/home/todos/n1/', { content: 'c' }, jsonResponse(400, {})),
      exchange(9, 'GET', '/notes/1', undefined, jsonResponse(200, { content: 'a' })),
    ], { duplicatingLine: false, resource: todos });
    expect(ops.map((op) => [op.id, op.kind, op.noteId, op.status, op.input, op.output])).toEqual([
      [1, 'write', 'n 1', 'ok', 'a', undefined],
      [2, 'read', 'n 1', 'ok', undefined, 'a'],
      [3, 'delete', 'n 1', 'ok', undefined, 'deleted'],
      [4, 'create', '7', 'ok', 'p', undefined],
      [5, 'create', 'u-9', 'ok', 'q', undefined],
    ]);
  });

  it('a body with no string member is no resource a history can follow', () => {
    expect(() => writableResource({ collection: '/n', item: '/n/{id}', body: { done: false } })).toThrow(/no string member/);
  });
});
