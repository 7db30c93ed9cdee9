import { describe, expect, it } from 'vitest';
import { runGuestScenario } from '../host/run-guest-scenario.js';
import { loadAppModule } from '../host/app-module/app-module.js';
import { parseScenario } from '../sim/scenario/spec.js';
import { loadTarget } from './load-target.js';
import { PreparedTarget } from './target-session.js';

const flawed = new URL('../examples/express-orders/apisim-flawed.config.ts', import.meta.url);

describe('a session against a target', { timeout: 20_000 }, () => {
  it('signs each user in the target\'s way on first use, and its recording replays with the same trace hash', async () => {
    const prepared = await PreparedTarget.prepare(await loadTarget(flawed));
    const run = await prepared.open({ seed: 3 });
    try {
      const created = await run.send('user', { method: 'POST', path: '/orders', body: { item: 'tea', quantity: 2 } });
      expect(created.response?.status).toBe(201);
      const read = await run.send('other-user', { method: 'GET', path: '/orders/1' });
      expect(read.response?.status).toBe(200);
      const anonymous = await run.send('anonymous', { method: 'GET', path: '/orders/1' });
      expect(anonymous.response?.status).toBe(401);
      const record = run.session.record('x');
      const folder = new URL('.', flawed).pathname;
      const scenario = run.scenario('x', 'y', folder);
      expect(scenario.origin).toEqual({ module: './app.ts', export: 'flawed' });
      expect(scenario.steps).toHaveLength(5);
      run.close();
      const module = await loadAppModule(parseScenario(scenario).origin!, `${folder}x.json`);
      const replay = await runGuestScenario('x', parseScenario(scenario), { seed: 3, ...module.guest });
      expect(replay.summary.map((s) => s.status)).toEqual([204, 201, 204, 200, 401]);
      expect(replay.traceHash).toBe(record.traceHash);
    } finally {
      run.close();
    }
  });
});
