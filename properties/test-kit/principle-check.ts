import fc from 'fast-check';
import type { PreparedTarget } from '../targets/target-session.js';
import type { Principle } from '../principle.js';

/**
 * A principle as a fast-check property on one target: each run is a fresh session with its own seed, and
 * the property fails with the principle's problems. The runner (`runner.ts`) does this with shrinking
 * reports and counterexample files; the principles' own tests need only the verdict.
 */
export function principleProperty<Plan>(principle: Principle<Plan>, prepared: PreparedTarget) {
  return fc.asyncProperty(fc.nat({ max: 1_000_000 }), principle.plan(prepared.target, prepared), async (seed, plan) => {
    const run = await prepared.open({ seed, settings: principle.settings(plan), trace: 'off' });
    try {
      const verdict = await principle.check(run, plan);
      if (verdict.outcome === 'broken') throw new Error(`${principle.name} broken:\n  ${verdict.problems.join('\n  ')}`);
    } finally {
      run.close();
    }
  });
}
