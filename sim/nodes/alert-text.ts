import type { EnumerationAlert } from '../../src/policy/enumeration-detector.js';

/**
 * What an alert says, in the trace's note and in the run's summary alike: who drew the refusals, on what,
 * within how long. The trace hashes the note, so this text is part of every trace that has an alert.
 */
export function alertText(alert: EnumerationAlert): string {
  return `${alert.username ?? `user ${alert.userId}`} drew 403/404 on ${alert.resource} ${alert.ids.join(', ')} within ${alert.windowUs / 1_000_000} s`;
}
