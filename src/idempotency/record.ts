import type { HttpResponse } from '../http/message.js';

// Its own file so that the store and the per-caller quota, which both hold records, need not import each other.

/** The first request with this key is still being handled: a repeat now gets 409. */
export interface InFlightRecord {
  readonly state: 'in-flight';
  readonly scope: string;
  readonly key: string;
  readonly fingerprint: string;
  readonly startedAtUs: number;
}

/** The first request's response, kept to be replayed until `expiresAtUs`. */
export interface CompletedRecord {
  readonly state: 'completed';
  readonly scope: string;
  readonly key: string;
  readonly fingerprint: string;
  readonly response: HttpResponse;
  readonly completedAtUs: number;
  readonly expiresAtUs: number;
}

export type IdempotencyRecord = InFlightRecord | CompletedRecord;
