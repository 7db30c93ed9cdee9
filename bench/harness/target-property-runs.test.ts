import { describe, expect, it } from 'vitest';
import { loadTarget } from '../../properties/targets/load-target.js';
import { PreparedTarget } from '../../properties/targets/target-session.js';
import { benchTargets, keyedPostOnce, targetPropertyBenchmarks } from './target-property-runs.js';

describe('property runs through a target: the Hono example beside apisim\'s own origin', { timeout: 30_000 }, () => {
  it('measures the Hono example against apisim\'s origin, and each variant runs every property run', async () => {
    const definitions = await targetPropertyBenchmarks();
    expect(definitions.map((d) => [d.variant, d.isReference])).toEqual([['apisim origin', true], ['Hono example (fetch adapter)', false]]);
    for (const definition of definitions) await expect(Promise.resolve(definition.run())).resolves.toBeUndefined();
  });

  it('runs the same principle on both: a POST, re-sent once with its key, makes one note that reads back; own origin signs in first', async () => {
    for (const [config, exchanges] of [[benchTargets.own, 1 + 2 * 2], [benchTargets.hono, 2 * 2]] as const) {
      const prepared = await PreparedTarget.prepare(await loadTarget(config));
      expect(await keyedPostOnce(prepared, [['buy milk', 'tea'], 7])).toBe(exchanges);
    }
  });

  it('fails when the target breaks the principle: the flawed Hono app makes a note per attempt', async () => {
    const loaded = await loadTarget(benchTargets.hono);
    const app = loaded.target.app as { module: string; export: string };
    const flawed = await PreparedTarget.prepare({ ...loaded, target: { ...loaded.target, app: { ...app, export: 'flawed' } } });
    await expect(keyedPostOnce(flawed, [['buy milk'], 7])).rejects.toThrow(/notes made: expected 1, got 2/);
  });
});
