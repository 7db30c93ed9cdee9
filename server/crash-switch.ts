/**
 * The simulator's crash points (`sim/faults/origin-crash.ts`), for the real server: the agreement test holds
 * the two lists equal. `server/` may not import `sim/`, and the names are the contract between them.
 */
export const realCrashPoints = ['before-effect', 'after-effect', 'after-response'] as const;
export type RealCrashPoint = (typeof realCrashPoints)[number];

/** Set by tests only: the real server kills itself with SIGKILL at `point` of its `request`-th request. */
export const crashSwitchVariable = 'APISIM_CRASH_AT';

export interface CrashSwitch {
  readonly point: RealCrashPoint;
  /** Counted from 1 over the process's life, WebSocket upgrades included, as the simulator counts. */
  readonly request: number;
}

/**
 * `after-effect:1` → the first request, after its effect is committed and before its answer leaves. Unset
 * or empty → no crash. Anything else is an error, never ignored: a test that meant a crash must get one.
 */
export function parseCrashSwitch(text: string | undefined): CrashSwitch | undefined {
  if (text === undefined || text === '') return undefined;
  const match = /^([a-z-]+):([1-9]\d*)$/.exec(text);
  const point = realCrashPoints.find((p) => p === match?.[1]);
  if (match === null || point === undefined) {
    throw new Error(`${crashSwitchVariable} must be <point>:<request> with point one of ${realCrashPoints.join(', ')} and request a whole number from 1, got ${JSON.stringify(text)}`);
  }
  return { point, request: Number(match[2]) };
}

/**
 * Counts the requests and dies where the switch says: SIGKILL, so nothing of the process runs after it, no
 * handler, no `exit` hook, no flush, as when the machine loses power or the kernel's OOM killer strikes.
 */
export class CrashPlan {
  readonly #switch: CrashSwitch | undefined;
  readonly #kill: () => void;
  #requests = 0;

  constructor(crashSwitch: CrashSwitch | undefined, kill: () => void = () => process.kill(process.pid, 'SIGKILL')) {
    this.#switch = crashSwitch;
    this.#kill = kill;
  }

  /** A request arrived: its number, and the crash `before-effect` if it is the one. */
  arrived(): number {
    const n = ++this.#requests;
    this.#at(n, 'before-effect');
    return n;
  }

  /** Its effect is committed and its answer is about to leave. */
  committed(n: number): void {
    this.#at(n, 'after-effect');
  }

  /** Its answer has been handed to the kernel. */
  answered(n: number): void {
    this.#at(n, 'after-response');
  }

  #at(n: number, point: RealCrashPoint): void {
    if (this.#switch?.request === n && this.#switch.point === point) this.#kill();
  }
}
