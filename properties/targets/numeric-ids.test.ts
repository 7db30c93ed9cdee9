import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ownerIsolation } from '../owner-isolation.js';
import { runPrinciple } from '../runner.js';
import { prepare } from '../test-kit/own-origin.js';
import { scratchFolder } from '../test-kit/scratch-folder.js';
import type { TargetInput } from './target.js';

/** The Fastify orders whose ids are numbers, described with numbers as its users would write them. */
const numericOrders = (ownerCheck: boolean): TargetInput => ({
  name: ownerCheck ? 'numeric-orders' : 'numeric-orders-login-only',
  app: { module: './stand-ins/fastify-numeric-orders.ts', export: 'default', options: { ownerCheck } },
  users: { user: { headers: { authorization: 'Bearer 1' }, id: 1 }, otherUser: { headers: { authorization: 'Bearer 2' }, id: 2 } },
  owned: [{ name: 'orders', path: '/orders/{id}', methods: ['GET', 'DELETE'], owner: 'user_id', create: { path: '/orders', body: { item: 'kettle' } }, ids: { user: [11, 12], otherUser: [21] } }],
});

const testKit = new URL('./test-kit/', import.meta.url);

describe('a service whose ids are numbers', { timeout: 60_000 }, () => {
  it('is described with numbers: its users, its objects, held as the text a path carries', async () => {
    const { target } = await prepare(numericOrders(true), testKit);
    expect([target.users?.user.id, target.users?.otherUser.id, target.owned[0]?.ids]).toEqual(['1', '2', { user: ['11', '12'], otherUser: ['21'] }]);
  });

  it('keeps owner isolation when it checks the owner: numeric ids named, created and read back', async () => {
    const result = await runPrinciple(await prepare(numericOrders(true), testKit), ownerIsolation, { runs: 15, fcSeed: 1 });
    expect(result.outcome, result.report).toBe('pass');
  });

  it('breaks it in the variant its options choose, and the file that replays it names those options', async () => {
    const folder = scratchFolder('numeric-ids');
    const result = await runPrinciple(await prepare(numericOrders(false), testKit), ownerIsolation, { runs: 15, fcSeed: 1, folder });
    expect(result.failed).toBe(true);
    expect(result.problems[0]).toMatch(/^(user|other-user) (GET|DELETE) \/orders\/\d+, .* was answered 2\d\d, not 403 or 404$/);
    // Replayed from the file before it was reported: the same variant, or the run would not have broken again.
    expect(result.scenario?.differs).toBeUndefined();
    const { origin } = JSON.parse(readFileSync(result.scenario!.file, 'utf8')) as { origin: { module: string } };
    expect(origin).toEqual({ module: expect.stringMatching(/\/stand-ins\/fastify-numeric-orders\.ts$/) as unknown, export: 'default', options: { ownerCheck: false } });
  });
});
