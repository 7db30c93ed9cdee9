import type { AuditRecord } from './audit-log.js';

export interface EnumerationAlert {
  readonly atUs: number;
  readonly userId: number;
  readonly username: string | null;
  readonly resource: string;
  /** The distinct ids that drew 403 or 404 inside the window, in the order they were tried. */
  readonly ids: readonly number[];
  readonly windowUs: number;
}

export interface DetectorSettings {
  /** How many distinct ids answered 403/404 make a probe. */
  readonly distinctIds: number;
  readonly windowUs: number;
}

/**
 * Four distinct refused ids in a minute: a person who mistypes an id, or follows a stale link, stays well
 * below it; someone walking 121, 122, 123, ... crosses it within seconds (spec §5.8).
 */
export const defaultDetectorSettings: DetectorSettings = { distinctIds: 4, windowUs: 60_000_000 };

interface Miss {
  readonly atUs: number;
  readonly id: number;
}

/**
 * Refusals kept per subject and resource, however fast they come: the alert needs four, and one subject
 * refused 10,000 times in a window has long been reported. Without it, a flood of 404s is memory and work.
 */
const maxMissesKept = 10_000;

/** One subject's refusals on one resource inside the window, oldest first from `head`, and how often each id. */
interface Window {
  misses: Miss[];
  head: number;
  readonly countById: Map<number, number>;
}

/**
 * Watches the audit log for one subject collecting 403 and 404 answers over distinct ids of one resource
 * in a short window. Raises one alert per subject and resource per window, not one per request.
 *
 * Constant work per refusal: refusals leave from the front as the window moves (they arrive in time order),
 * and a count per id says how many distinct ids are inside without looking at them.
 */
export class EnumerationDetector {
  readonly #settings: DetectorSettings;
  readonly #windows = new Map<string, Window>();
  readonly #lastAlertUs = new Map<string, number>();
  readonly alerts: EnumerationAlert[] = [];
  readonly #onAlert: (alert: EnumerationAlert) => void;

  constructor(settings: DetectorSettings = defaultDetectorSettings, onAlert: (alert: EnumerationAlert) => void = () => undefined) {
    this.#settings = settings;
    this.#onAlert = onAlert;
  }

  observe(record: AuditRecord): void {
    if (record.userId === null || record.objectId === null || (record.status !== 403 && record.status !== 404)) return;
    const resource = record.object.slice(0, record.object.indexOf('/'));
    const key = `${record.userId}/${resource}`;
    const since = record.atUs - this.#settings.windowUs;
    let window = this.#windows.get(key);
    if (window === undefined) {
      window = { misses: [], head: 0, countById: new Map() };
      this.#windows.set(key, window);
    }
    window.misses.push({ atUs: record.atUs, id: record.objectId });
    window.countById.set(record.objectId, (window.countById.get(record.objectId) ?? 0) + 1);
    leave(window, since);
    const last = this.#lastAlertUs.get(key);
    if (window.countById.size < this.#settings.distinctIds || (last !== undefined && last > since)) return;
    this.#lastAlertUs.set(key, record.atUs);
    const alert = { atUs: record.atUs, userId: record.userId, username: record.username, resource, ids: distinctIds(window), windowUs: this.#settings.windowUs };
    this.alerts.push(alert);
    this.#onAlert(alert);
  }

  /** Refusals held across every subject and resource, and the array entries that hold them. */
  get held(): { readonly misses: number; readonly footprint: number } {
    let misses = 0;
    let footprint = 0;
    for (const window of this.#windows.values()) {
      misses += window.misses.length - window.head;
      footprint += window.misses.length;
    }
    return { misses, footprint };
  }
}

/** Drops the refusals at or before `since`, and the oldest beyond `maxMissesKept`. */
function leave(window: Window, since: number): void {
  const { misses, countById } = window;
  while (window.head < misses.length && (misses[window.head]!.atUs <= since || misses.length - window.head > maxMissesKept)) {
    const { id } = misses[window.head++]!;
    const count = countById.get(id)! - 1;
    if (count === 0) countById.delete(id);
    else countById.set(id, count);
  }
  if (window.head >= 1024 && window.head * 2 >= misses.length) {
    window.misses = misses.slice(window.head);
    window.head = 0;
  }
}

/** The ids inside the window, in the order they were first tried there. */
function distinctIds(window: Window): number[] {
  const ids = new Set<number>();
  for (let i = window.head; i < window.misses.length; i++) ids.add(window.misses[i]!.id);
  return [...ids];
}
