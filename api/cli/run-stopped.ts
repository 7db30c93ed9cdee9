import { RealWorkTimeoutError } from '../../sim/host/world/drain.js';
import { NotVirtualError } from '../../sim/host/world/refusals.js';
import { TimerCallbackError } from '../../sim/host/world/virtual-timers.js';
import { AnswerFailedError } from '../../sim/nodes/origin.js';
import { UnansweredRequestError } from '../../sim/scenario/guest-loop.js';

/**
 * The errors by which an app stops a run (real work that never finished, a worker, a callback that threw, an answer that failed, a
 * request never answered): each says what the app did and what to do about it, so the CLI prints it as it is,
 * without the simulator's stack, which would only point into apisim.
 */
export function isRunStoppedByApp(error: unknown): error is Error {
  return (
    error instanceof RealWorkTimeoutError || error instanceof NotVirtualError || error instanceof TimerCallbackError ||
    error instanceof AnswerFailedError || error instanceof UnansweredRequestError
  );
}
