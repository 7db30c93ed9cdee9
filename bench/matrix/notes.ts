import { builtinPlan } from './builtin-plan.js';
import type { MatrixScenario, MatrixVariant } from './matrix-scenario.js';

type Line = 'stable' | 'unstable';

/** The built-ins of the spec's demonstration (§3): `notes-<line>-<operation>` with the naive client unless named. */
function demonstration(operation: 'put' | 'delete' | 'post', policy: '' | 'safe' | 'keyed', line: Line, quick: boolean): MatrixVariant {
  const builtinName = `notes-${line}-${operation}${policy === '' ? '' : `-${policy}`}`;
  const policyName = operation === 'post' ? `-${policy === '' ? 'naive' : policy}` : '';
  return { name: `${operation}${policyName}-${line}`, quick, plan: builtinPlan(builtinName) };
}

const lines: readonly Line[] = ['stable', 'unstable'];

/**
 * Area B under a stable and an unstable line: PUT and DELETE end the same either way, POST with the naive
 * client makes a second note, the safe client reports an unknown outcome, the keyed one gets its 201
 * replayed. The note count at the end is the whole story.
 */
export const notesMatrix: MatrixScenario = {
  name: 'notes',
  seed: 1,
  stateFigure: { name: 'notes_count', value: (run) => String(run.finalState.notesCount) },
  variants: lines.flatMap((line) => [
    demonstration('put', '', line, line === 'unstable'),
    demonstration('delete', '', line, false),
    demonstration('post', '', line, true),
    demonstration('post', 'safe', line, false),
    demonstration('post', 'keyed', line, line === 'unstable'),
  ]),
};
