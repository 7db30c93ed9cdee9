import type { OwnBehaviour } from '../targets/own-origin-target.js';
import type { FaultMix } from './fault-mix.js';

/**
 * What a sweep runs on every seed, as plain data, so that it crosses to the worker threads as it is:
 * - a built-in scenario by name (its steps may depend on the seed), under a fault mix;
 * - a scenario file (absolute path), under a fault mix;
 * - one principle (`properties/`) on a target: the one a config file describes (`defineTarget`, absolute
 *   path), or else apisim's own origin in the behaviour `own` names. A principle draws its own faults.
 */
export type SweepJob =
  | { readonly kind: 'scenario'; readonly name: string; readonly faults: FaultMix }
  | { readonly kind: 'file'; readonly path: string; readonly faults: FaultMix }
  | { readonly kind: 'principle'; readonly principle: string; readonly config: string | undefined; readonly own: OwnBehaviour };

/** What the reports' `faults` column says of a job: a principle's runs draw theirs. */
export function jobFaults(job: SweepJob): string {
  return job.kind === 'principle' ? 'drawn' : job.faults.label;
}
