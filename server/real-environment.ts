import { randomBytes, randomUUID } from 'node:crypto';
import type { OriginEnvironment } from '../src/origin.js';
import { realClockUs } from './real-clock.js';

/**
 * What the origin takes from the world when it runs on real sockets: the real clock, unguessable ids and an
 * HS256 key: the one kept in the data folder, so tokens outlive a restart as sessions do, or with storage in
 * memory a fresh one per process. This folder is the only place real time and randomness enter the project.
 */
export function realEnvironment(signingKey: Uint8Array = randomBytes(32)): OriginEnvironment {
  return { now: realClockUs(), newId: () => randomUUID(), signingKey };
}
