import { describe, expect, it } from 'vitest';
import { request } from '../src/http/message.js';
import { HeapBudget } from './heap-budget.js';

const json = { 'content-type': 'application/json' };

describe('the heap budget', () => {
  it('sheds writes and new sockets with 503 once a full collection leaves the heap past the budget, and stops once it does not', () => {
    const budget = new HeapBudget(0.5, 1_000);
    const write = request('POST', '/notes', json, '{"content":"x"}');
    budget.collected(500);
    expect([budget.shed(write), budget.shedSocket()]).toEqual([undefined, undefined]);
    budget.collected(501);
    const shed = budget.shed(write)!;
    expect([shed.status, shed.headers['retry-after'], shed.headers['cache-control'], JSON.parse(shed.body!)]).toMatchObject([503, '5', 'no-store', { type: '/problems/memory-budget', retainedBytes: 501, budgetBytes: 500 }]);
    expect(budget.shedSocket()?.status).toBe(503);
    for (const [method, path] of [['PUT', '/notes/1'], ['PATCH', '/users/5'], ['POST', '/graphql?x=1']]) expect(budget.shed(request(method!, path!, json, '{}'))?.status).toBe(503);
    budget.collected(100);
    expect(budget.shed(write)).toBeUndefined();
  });

  it('lets reads, deletes and logins through while past it', () => {
    const budget = new HeapBudget(0.5, 1_000);
    budget.collected(900);
    const through = [request('GET', '/notes/1'), request('HEAD', '/notes/1'), request('DELETE', '/notes/1'), request('OPTIONS', '/notes'),
      request('POST', '/sessions', json, '{}'), request('POST', '/tokens?x', json, '{}')];
    expect(through.map((req) => budget.shed(req))).toEqual(through.map(() => undefined));
  });
});
