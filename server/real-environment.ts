import { randomBytes, randomUUID } from 'node:crypto';
import type { OriginEnvironment } from '../src/origin.js';
import { realClockUs } from './real-clock.js';

/**
 * What the origin takes from the world when it runs on real sockets: the real clock, unguessable ids and a
 * fresh HS256 key per process (tokens do not outlive the server, as sessions do not). This folder is the
 * only place real time and randomness enter the project.
 */
export function realEnvironment(): OriginEnvironment {
  return { now: realClockUs(), newId: () => randomUUID(), signingKey: randomBytes(32) };
}
