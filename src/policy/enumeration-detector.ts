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
 * Watches the audit log for one subject collecting 403 and 404 answers over distinct ids of one resource
 * in a short window. Raises one alert per subject and resource per window, not one per request.
 */
export class EnumerationDetector {
  readonly #settings: DetectorSettings;
  readonly #misses = new Map<string, Miss[]>();
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
    const misses = this.#misses.get(key)?.filter((m) => m.atUs > since) ?? [];
    misses.push({ atUs: record.atUs, id: record.objectId });
    this.#misses.set(key, misses);
    const ids = [...new Set(misses.map((m) => m.id))];
    const last = this.#lastAlertUs.get(key);
    if (ids.length < this.#settings.distinctIds || (last !== undefined && last > since)) return;
    this.#lastAlertUs.set(key, record.atUs);
    const alert = { atUs: record.atUs, userId: record.userId, username: record.username, resource, ids, windowUs: this.#settings.windowUs };
    this.alerts.push(alert);
    this.#onAlert(alert);
  }
}
