import { type GuestRunResult, listenerOrigin, setCookieList } from 'apisim';
import type { Express } from 'express';
import { describe, expect, it } from 'vitest';
import { bodyOf, type Example, namedFactory, runExample, scenarioFile, statuses, unlabelled } from '../test-kit.js';
import createApp, { flawed, state } from './app.js';

const loginOnly = scenarioFile(new URL('read-others-order.json', import.meta.url));
const ownerCheck = scenarioFile(new URL('read-others-order-owner-check.json', import.meta.url));

const checksLogin: Example<Express> = { build: flawed, serve: (app) => listenerOrigin(app), state };
const checksOwner: Example<Express> = { build: () => createApp(), serve: (app) => listenerOrigin(app), state };

const alicesOrder = { id: '1', owner: 'alice', item: 'rain boots', quantity: 1 };

/** The session cookie (`name=value`) each client's login step was answered with. */
function cookiesSet(result: GuestRunResult): Map<string, string> {
  const set = new Map<string, string>();
  result.summary.forEach((s, step) => {
    const [cookie] = setCookieList(result.exchanges[step]!.response!.headers);
    if (s.path === '/login' && cookie !== undefined) set.set(s.client, cookie.split(';')[0]!);
  });
  return set;
}

describe('express-orders: Bob asks for Alice\'s order', { timeout: 20_000 }, () => {
  it('the scenario files name the app module and its exports: flawed, and the default', async () => {
    expect(loginOnly.origin).toEqual({ module: './app.ts', export: 'flawed' });
    expect(ownerCheck.origin).toEqual({ module: './app.ts', export: 'default' });
    expect(await namedFactory(loginOnly)).toBe(flawed);
    expect(await namedFactory(ownerCheck)).toBe(createApp);
    expect(unlabelled(ownerCheck)).toEqual(unlabelled(loginOnly));
  });

  it('each later step sends the cookie its user\'s login step was answered with, whatever the seed', async () => {
    for (const seed of [1, 2, 3]) {
      const result = await runExample(loginOnly.spec, checksLogin, seed);
      const set = cookiesSet(result);
      expect([...set.keys()]).toEqual(['alice', 'bob']);
      result.summary.forEach((s, step) => {
        if (s.path !== '/login') expect(result.exchanges[step]!.request.headers.cookie, `seed ${seed}: step ${step} sends another cookie than the one its login set`).toBe(set.get(s.client));
      });
    }
  });

  it('the app that checks login only answers Bob 200 with Alice\'s order', async () => {
    const result = await runExample(loginOnly.spec, checksLogin);
    expect(statuses(result)).toEqual([204, 201, 200, 204, 200]);
    expect(bodyOf(result, 2)).toEqual(alicesOrder);
    expect(bodyOf(result, 4)).toEqual(alicesOrder);
    expect(result.guestState).toEqual({ orders: [alicesOrder] });
    // The shared cache kept Alice's answer (Express sends an ETag; stale at once) and asked the app about
    // Bob's GET: the app said 304, Alice's copy is good for Bob. Every step reached the app.
    expect(result.originRequests).toBe(5);
    expect(result.cache).toMatchObject({ hits: 0, stores: 1, revalidations: 1 });
  });

  it('the app that checks the owner answers Alice 200 and Bob 403', async () => {
    const result = await runExample(ownerCheck.spec, checksOwner);
    expect(statuses(result)).toEqual([204, 201, 200, 204, 403]);
    expect(bodyOf(result, 2)).toEqual(alicesOrder);
    expect(bodyOf(result, 4)).toEqual({ error: 'not your order' });
    expect(result.guestState).toEqual({ orders: [alicesOrder] });
  });

  it('captures the cookies because they change with the seed: written as seed 1 answered them, seed 2\'s app refuses them', async () => {
    const seedOne = await runExample(loginOnly.spec, checksLogin, 1);
    const literal = { ...loginOnly.spec, steps: loginOnly.spec.steps.map((step, i) => ({ ...step, path: seedOne.exchanges[i]!.request.path, headers: { ...seedOne.exchanges[i]!.request.headers }, capture: undefined })) };
    expect(statuses(await runExample(literal, checksLogin, 1))).toEqual([204, 201, 200, 204, 200]);
    const otherSeed = await runExample(literal, checksLogin, 2);
    expect(statuses(otherSeed)).toEqual([204, 401, 401, 204, 401]);
    expect(otherSeed.guestState).toEqual({ orders: [] });
  });

  it('replays a seed exactly: the same seed twice gives the same trace hash', async () => {
    for (const [file, example] of [[loginOnly, checksLogin], [ownerCheck, checksOwner]] as const) {
      const [once, again] = [await runExample(file.spec, example, 1), await runExample(file.spec, example, 1)];
      expect(again.traceHash).toBe(once.traceHash);
      expect(again.exchanges.map((x) => x.response?.body)).toEqual(once.exchanges.map((x) => x.response?.body));
    }
  });
});
