/** One `PUT /notes/<id>` a client will send, as JSON text so both runners pay for the same parsing. */
export interface NotePut {
  readonly path: string;
  readonly body: string;
}

/**
 * The notes traffic both the harness and the reference loop simulate. Each client sends its PUTs in order,
 * keeping `inFlightPerClient` outstanding: it starts that many at time 0 and starts the next one whenever
 * a response arrives.
 */
export interface NotesWorkload {
  /** One list per client; every id appears once, so the origin ends with one note per PUT. */
  readonly clients: readonly (readonly NotePut[])[];
  readonly inFlightPerClient: number;
}

export interface WorkloadShape {
  readonly clients: number;
  readonly roundTripsPerClient: number;
  readonly inFlightPerClient: number;
}

/**
 * Four clients with two requests each in flight: the WAN transmitters sometimes queue (the second PUT of a
 * pair waits for the first to serialize), exchanges of different clients interleave in the event queue,
 * and the pending set stays small, as in the scenarios we ship. 4 × 250 = 1000 round trips per run.
 */
export const benchmarkWorkloadShape: WorkloadShape = { clients: 4, roundTripsPerClient: 250, inFlightPerClient: 2 };

export function roundTripsIn(workload: NotesWorkload): number {
  return workload.clients.reduce((sum, puts) => sum + puts.length, 0);
}

/**
 * Bodies of 34 to 132 bytes of ASCII. Multi-byte text is the faithfulness test's business; here it would
 * only slow JSON down, the same for both runners, and hide the harness's own cost behind it.
 */
export function notesWorkload(shape: WorkloadShape): NotesWorkload {
  const clients: NotePut[][] = [];
  for (let c = 0; c < shape.clients; c++) {
    const puts: NotePut[] = [];
    for (let k = 0; k < shape.roundTripsPerClient; k++) {
      const id = c * shape.roundTripsPerClient + k + 1;
      const content = `note ${id}: ${'lorem ipsum '.repeat(1 + (id % 9))}`;
      puts.push({ path: `/notes/${id}`, body: JSON.stringify({ content }) });
    }
    clients.push(puts);
  }
  return { clients, inFlightPerClient: shape.inFlightPerClient };
}
