import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { defaultTopologySettings } from '../../sim/topology.js';
import { benchmarkChurnShape, churnOffsetsUs, runHarnessChurn, runReferenceChurn } from './event-churn.js';
import { clientName, runHarnessRoundTrips } from './harness-round-trips.js';
import { referenceTiming, runReferenceRoundTrips } from './reference-loop.js';
import { benchmarkWorkloadShape, type NotesWorkload, notesWorkload } from './workload.js';

/** A single PUT of a given content: the smallest workload whose latency can be worked out by hand. */
function singlePut(id: number, content: string): NotesWorkload {
  return { clients: [[{ path: `/notes/${id}`, body: JSON.stringify({ content }) }]], inFlightPerClient: 1 };
}

/** Per client, per PUT in workload order, as the reference reports them. */
async function harnessLatenciesUs(workload: NotesWorkload) {
  const run = await runHarnessRoundTrips(workload, 'off');
  const latenciesUs = workload.clients.map((_, c) => run.topology.clients.get(clientName(c))!.exchanges.map((x) => x.latencyUs));
  return { run, latenciesUs };
}

describe('the reference loop is a faithful reference for the harness', () => {
  it('restates the harness default topology', () => {
    const d = defaultTopologySettings;
    expect(referenceTiming).toEqual({
      wanOneWayDelayUs: d.wan.oneWayDelayUs,
      wanBandwidthBitsPerSecond: d.wan.bandwidthBitsPerSecond,
      lanOneWayDelayUs: d.lan.oneWayDelayUs,
      originProcessingUs: d.originProcessingUs,
    });
    expect(d.lan.bandwidthBitsPerSecond).toBe(Number.POSITIVE_INFINITY);
  });

  it.each([
    ['an empty note', ''],
    ['a short note', 'buy milk'],
    ['multi-byte characters', 'café — 日本語'],
    ['a 2,000-character note', 'n'.repeat(2_000)],
  ])('times a single PUT of %s as 60 ms + 4 µs/byte + 15 ms + 60 ms + 4 µs/byte, as the harness does', async (_, content) => {
    const workload = singlePut(7, content);
    const requestBytes = Buffer.byteLength(JSON.stringify({ content }), 'utf8');
    const responseBytes = Buffer.byteLength(JSON.stringify({ id: 7, content }), 'utf8');
    const expectedUs = 60_000 + 4 * requestBytes + 15_000 + 60_000 + 4 * responseBytes;

    const reference = runReferenceRoundTrips(workload);
    const { latenciesUs } = await harnessLatenciesUs(workload);
    expect(reference.latenciesUs).toEqual([[expectedUs]]);
    expect(latenciesUs).toEqual([[expectedUs]]);
  });

  it('matches the harness on the benchmark workload: every latency, the final notes, the end time, the events run', async () => {
    const workload = notesWorkload(benchmarkWorkloadShape);
    const reference = runReferenceRoundTrips(workload);
    const { run, latenciesUs } = await harnessLatenciesUs(workload);

    expect(reference.latenciesUs).toEqual(latenciesUs);
    expect(reference.origin.state().notes).toEqual(run.origin.state().notes);
    expect(reference.origin.state().notes).toHaveLength(1_000);
    expect(reference.endUs).toBe(run.sim.nowUs);
    // Same count of events popped and run: the reference skips no hop the harness takes.
    expect(reference.eventsRun).toBe(run.sim.eventsRun);
  });

  it('queues on the WAN transmitter as the harness does when a client has several requests in flight', async () => {
    const workload = notesWorkload({ clients: 2, roundTripsPerClient: 6, inFlightPerClient: 3 });
    const reference = runReferenceRoundTrips(workload);
    const { latenciesUs } = await harnessLatenciesUs(workload);
    expect(reference.latenciesUs).toEqual(latenciesUs);
    // The second of three simultaneous sends waits for the first, so it takes longer than the first.
    expect(reference.latenciesUs[0]![1]!).toBeGreaterThan(reference.latenciesUs[0]![0]!);
  });

  it('runs the same events to the same end time in the queue benchmark', async () => {
    const shape = { ...benchmarkChurnShape, eventsPerRun: 20_000 };
    const offsetsUs = churnOffsetsUs();
    expect(offsetsUs).toContain(0);
    const reference = runReferenceChurn(shape, offsetsUs);
    expect(reference).toEqual(await runHarnessChurn(shape, offsetsUs));
    expect(reference.eventsRun).toBe(20_000);
  });
});
