import { describe, expect, it } from 'vitest';
import { fetchOrigin } from '../../sim/host/adapters/fetch-origin.js';
import { listenerOrigin } from '../../sim/host/adapters/listener-origin.js';
import { guestAdapterBenchmarks } from './guest-adapters.js';
import { runGuestRoundTrips } from './guest-round-trips.js';
import { trivialFetchApp, trivialListenerApp } from './trivial-notes-apps.js';
import { notesWorkload } from './workload.js';

describe('the adapter round-trip benchmark', () => {
  it('measures both adapters against the built-in origin, and each variant does all its work', async () => {
    const definitions = guestAdapterBenchmarks();
    expect(definitions.map((d) => [d.variant, d.isReference])).toEqual([
      ['built-in origin', true], ['fetch adapter trivial app', false], ['listener adapter trivial app', false],
    ]);
    for (const definition of definitions) await definition.run();
  });

  const behindFetch = () => {
    const { app, notes } = trivialFetchApp();
    return { origin: fetchOrigin(app), notes };
  };
  const behindListener = () => {
    const { app, notes } = trivialListenerApp();
    return { origin: listenerOrigin(app), notes };
  };

  it.each([['fetch', behindFetch], ['listener', behindListener]])('has the trivial %s app answer every PUT as the built-in origin does: 201 and the note, at the model latency', async (_, make) => {
    const workload = notesWorkload({ clients: 2, roundTripsPerClient: 3, inFlightPerClient: 1 });
    const { origin, notes } = make();
    const topology = await runGuestRoundTrips(workload, origin);
    const exchanges = [...topology.clients.values()].flatMap((client) => client.exchanges);
    const sent = workload.clients.flat();
    expect(exchanges.map((x) => [x.request.path, x.response?.status])).toEqual(sent.map((put) => [put.path, 201]));
    expect(exchanges.map((x) => x.response?.body)).toEqual(sent.map((put) => JSON.stringify({ id: put.path.slice('/notes/'.length), ...JSON.parse(put.body) as object })));
    // One at a time per client: 60 ms each way, 15 ms at the origin, 4 µs per byte each way.
    expect(exchanges.map((x) => x.latencyUs)).toEqual(exchanges.map((x) => 135_000 + 4 * (x.request.bodyBytes + x.response!.bodyBytes)));
    expect(notes.size).toBe(6);
  });
});
