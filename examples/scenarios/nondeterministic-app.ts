import { randomInt } from 'node:crypto';
import { Hono } from 'hono';

/**
 * An app whose runs differ for the same seed, to show `--check-determinism` catching it:
 *
 *   npm run sim -- --file examples/scenarios/nondeterministic-app.json --seed 1 --check-determinism
 *
 * It stands in for a slow backend with a random wait of 1 to 400 ms, drawn with `node:crypto`'s `randomInt`,
 * which the virtual world does not seed (docs/guest-world.md, "Limits"): the wait is virtual time, but its
 * length is real randomness, so the trace changes from run to run. Drawn with `Math.random()` or
 * `crypto.getRandomValues()`, which the world does seed, the same seed would replay exactly.
 */
export default function createQuotes() {
  const app = new Hono();
  app.get('/quotes/:symbol', async (c) => {
    await new Promise((resolve) => setTimeout(resolve, randomInt(1, 401)));
    return c.json({ symbol: c.req.param('symbol'), price: 100 });
  });
  return app;
}
