import { describe, expect, it } from 'vitest';
import { bodyOf, TestOrigin } from '../testing-kit.js';
import { CostBudget, type CostReport, defaultCostBudget } from './cost-budget.js';
import { defaultGraphSettings } from './endpoint.js';
import { graphLimitsWith } from './limits/settings.js';

describe('the cost budget, a bucket of points per caller on the virtual clock', () => {
  it('charges the cost, refuses what it cannot cover without charging, and restores over time', () => {
    const budget = new CostBudget({ maximumAvailable: 100, restoreRate: 10 });
    expect(budget.charge('a', 0, 60)).toMatchObject({ ok: true, report: { requestedQueryCost: 60, throttleStatus: { currentlyAvailable: 40 } } });
    const refused = budget.charge('a', 0, 60);
    expect(refused).toMatchObject({ ok: false, status: 429, retryAfterSeconds: 2, report: { throttleStatus: { currentlyAvailable: 40 } } });
    // The refusal took nothing: 40 are still there, and 40 is exactly what a second caller-sized query may take.
    expect(budget.charge('a', 0, 40)).toMatchObject({ ok: true, report: { throttleStatus: { currentlyAvailable: 0 } } });
    expect(budget.charge('b', 0, 100).ok).toBe(true); // every caller has a budget of their own
    expect(budget.charge('a', 2_500_000, 25)).toMatchObject({ ok: true, report: { throttleStatus: { currentlyAvailable: 0 } } });
    expect(budget.charge('a', 100_000_000, 1)).toMatchObject({ ok: true, report: { throttleStatus: { currentlyAvailable: 99 } } }); // never above the maximum
  });

  it('tells a throttled caller what it asked, what is left (whole points) and when to come back', () => {
    const budget = new CostBudget({ maximumAvailable: 100, restoreRate: 10 });
    budget.charge('a', 0, 100);
    // A quarter of a second restores 2.5 points: 2 are shown, and the 2.5 missing take 1 s at 10 a second.
    const refused = budget.charge('a', 250_000, 5);
    expect(!refused.ok && [refused.error.message, refused.error.extensions, refused.retryAfterSeconds]).toEqual([
      'Cost budget exceeded: the operation costs 5 points and 2 are available, restored at 10 a second; try again in 1 s.',
      { code: 'THROTTLED' },
      1,
    ]);
    expect(refused.report).toEqual({ requestedQueryCost: 5, throttleStatus: { maximumAvailable: 100, currentlyAvailable: 2, restoreRate: 10 } });
  });

  it('refuses for good, with 400 and no Retry-After, a cost no wait could cover', () => {
    const budget = new CostBudget({ maximumAvailable: 100, restoreRate: 10 });
    budget.charge('a', 0, 30);
    const charge = budget.charge('a', 0, 101);
    expect(charge).toMatchObject({ ok: false, status: 400, retryAfterSeconds: undefined });
    expect(!charge.ok && [charge.error.message, charge.error.extensions]).toEqual([
      "The operation has an estimated cost of 101, more than a caller's whole budget of 100 points.",
      { code: 'QUERY_TOO_COSTLY', cost: 101, maximumAvailable: 100 },
    ]);
    // The report shows what is left, and the refusal took none of it.
    expect(charge.report).toEqual({ requestedQueryCost: 101, throttleStatus: { maximumAvailable: 100, currentlyAvailable: 70, restoreRate: 10 } });
    expect(budget.charge('a', 0, 70).ok).toBe(true);
  });

  it('works with the smallest budget, a single point', () => {
    const budget = new CostBudget({ maximumAvailable: 1, restoreRate: 1 });
    expect(budget.charge('a', 0, 1)).toMatchObject({ ok: true, report: { throttleStatus: { currentlyAvailable: 0 } } });
    expect(budget.charge('a', 0, 1)).toMatchObject({ ok: false, status: 429, retryAfterSeconds: 1 });
    expect(budget.charge('a', 1_000_000, 1).ok).toBe(true);
  });

  it('reports nothing and refuses nothing when switched off', () => {
    expect(new CostBudget({ maximumAvailable: Infinity, restoreRate: 1 }).charge('a', 0, 1e9)).toEqual({ ok: true, report: undefined });
  });

  it.each([
    [{ maximumAvailable: 0, restoreRate: 1 }, /maximumAvailable/],
    [{ maximumAvailable: 1.5, restoreRate: 1 }, /maximumAvailable/],
    [{ maximumAvailable: 10, restoreRate: 0 }, /restoreRate/],
    [{ maximumAvailable: 10, restoreRate: Infinity }, /restoreRate/],
  ])('refuses settings that cannot work: %j', (settings, message) => {
    expect(() => new CostBudget(settings)).toThrow(message);
  });
});

describe('the cost budget at /graphql', () => {
  const sample = 'query Sample($n: Int) { user(id: 1) { name posts(limit: $n) { title comments { body author { name } } author { name } } } }';
  const post = (t: TestOrigin, headers: Record<string, string>, query: string, variables?: object) => t.send('POST', '/graphql', headers, { query, variables });
  const costOf = (body: Record<string, unknown>) => (body.extensions as { cost: CostReport }).cost;

  it('reports what each operation cost and what is left in `extensions.cost`', async () => {
    const t = new TestOrigin();
    const first = bodyOf(await post(t, t.session('alice'), sample, { n: 5 }));
    expect(costOf(first)).toEqual({ requestedQueryCost: 111, throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 889, restoreRate: 50 } });
    const second = bodyOf(await post(t, t.session('alice'), sample, { n: 10 }));
    expect(costOf(second).throttleStatus.currentlyAvailable).toBe(889 - 221);
  });

  it('answers 429 THROTTLED with Retry-After once the budget is spent, and runs nothing', async () => {
    const t = new TestOrigin({ graph: { ...defaultGraphSettings, costBudget: { maximumAvailable: 250, restoreRate: 10 } }, rateLimit: { burst: 1000, refillPerSecond: 1000 } });
    const alice = t.session('alice');
    expect((await post(t, alice, sample, { n: 10 })).status).toBe(200);
    const before = t.origin.graphStats().resolverCalls;
    const throttled = await post(t, alice, sample, { n: 10 });
    const body = bodyOf(throttled) as { errors: { extensions: { code: string } }[]; data?: unknown; extensions: { cost: CostReport } };
    expect([throttled.status, throttled.headers['retry-after'], body.errors[0]!.extensions.code, 'data' in body]).toEqual([429, '20', 'THROTTLED', false]);
    expect(body.extensions.cost).toEqual({ requestedQueryCost: 221, throttleStatus: { maximumAvailable: 250, currentlyAvailable: 29, restoreRate: 10 } });
    expect(t.origin.graphStats().resolverCalls).toBe(before);
    // Another caller is not affected; a cheap query of the same caller still fits.
    expect((await post(t, t.session('bob'), sample, { n: 10 })).status).toBe(200);
    expect((await post(t, alice, '{ user(id: 1) { name } }')).status).toBe(200);
  });

  it('charges nothing for a document refused before execution', async () => {
    const t = new TestOrigin();
    const alice = t.session('alice');
    await post(t, alice, '{ user(id: 1) { password } }');
    await t.send('GET', `/graphql?query=${encodeURIComponent('mutation { createPost(title: "x") { title } }')}`, alice);
    expect(costOf(bodyOf(await post(t, alice, '{ user(id: 1) { name } }'))).throttleStatus.currentlyAvailable).toBe(999);
  });

  it('refuses with 400 what no wait could pay for when the cost limit is off', async () => {
    const t = new TestOrigin({ graph: { ...defaultGraphSettings, limits: graphLimitsWith({ maxCost: Infinity }), costBudget: defaultCostBudget } });
    const res = await post(t, t.session('alice'), sample, { n: 50 });
    expect([res.status, res.headers['retry-after'], (bodyOf(res) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code]).toEqual([400, undefined, 'QUERY_TOO_COSTLY']);
  });
});
