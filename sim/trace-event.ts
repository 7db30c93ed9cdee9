// Its own file so that the trace, its hash and its sites can all name an event without importing one another.

export type TraceKind =
  | 'send' // a node hands a message to a link; `note` has the transmit window
  | 'deliver' // the last byte arrives at the far end
  | 'drop' // a fault rule lost it in flight (recorded when it would have arrived)
  | 'process' // the origin finished a request and answers it
  | 'timeout' // the client waited long enough for an attempt
  | 'resend' // the client sends the same exchange again
  | 'complete' // the client has its response
  | 'give-up' // the client stops without a response: the outcome is unknown
  | 'alert' // the origin's enumeration detector saw one subject probing ids
  | 'ignore' // a response for an exchange that was already complete (late, or a duplicate)
  | 'cache' // a cache decision: hit, miss, revalidate, stored or not (and why), revalidated, invalidated
  | 'pass' // the cache passed a message on without looking it up or storing it (a WebSocket upgrade, a frame)
  | 'crash' // the origin process died (`sim/faults/origin-crash.ts`); what it was handling is lost
  | 'restart' // a new origin process started on the storage the crashed one left
  | 'real-work'; // a guest's app waited on real work (a file, a hash) while the clock stood still; `note` names its kinds

/**
 * Structured, not formatted: recording builds no display strings, and the hash reads the fields as they
 * are (`TraceHash`). `api/cli/render/timeline.ts` turns events into text for people.
 */
export interface TraceEvent {
  readonly atUs: number;
  readonly kind: TraceKind;
  readonly from: string;
  readonly to: string;
  readonly exchangeId: number;
  readonly attempt: number;
  readonly method: string;
  readonly path: string;
  /** The response's status, or 0 when the message is a request. */
  readonly status: number;
  readonly bytes: number;
  /** For `send`: the link, the wait for its busy transmitter, the transmit time. Empty and 0 otherwise. */
  readonly link: string;
  readonly queuedUs: number;
  readonly transmitUs: number;
  /** Why, when there is more to say: the fault that acted, the policy that re-sent. Never built per message. */
  readonly note: string;
}
