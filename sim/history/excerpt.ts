import { formatMs } from '../format.js';
import type { NoteOperation, NoteState } from './history.js';
import type { RegisterModel } from './register-model.js';
import type { ItemId } from './resource.js';
import type { Stuck } from './search.js';

/** The excerpt shows at most this many operations, the latest up to the one that cannot be placed. */
const maxExcerptLines = 24;

/**
 * A note's operations as a timeline people can read, with the operation no linearization can place marked
 * `✗` and the longest linearization the search found before it:
 *
 * ```
 * note 1: 4 operations; times in ms; ✗ = cannot be linearized
 *       invoke    complete  op   client  operation
 *        0.000     135.612  #1   client  write "first" → 200
 *   ✗  135.612     255.720  #2   client  read → "old"
 * longest linearization found (1 of 2 placed): #1 write "first"; the note then holds "first"
 * ```
 */
export function excerptOf(noteId: ItemId, operations: readonly NoteOperation[], stuck: Stuck | undefined, model: Pick<RegisterModel, 'describe'> = {}): string {
  const describe = model.describe ?? describeNoteOperation;
  const untilUs = stuck?.operation.completeUs ?? Infinity;
  const relevant = operations.filter((op) => op.invokeUs <= untilUs);
  const shown = relevant.slice(-maxExcerptLines);
  // As wide as the longest client shown, so a target's role names (`other-user`) keep the columns straight.
  const clientWidth = Math.max(8, ...shown.map((op) => op.client.length));
  const lines = [`note ${noteId}: ${operations.length} operations; times in ms; ✗ = cannot be linearized`];
  lines.push(`     ${'invoke'.padStart(10)}  ${'complete'.padStart(10)}  ${'op'.padEnd(5)} ${'client'.padEnd(clientWidth)} operation`);
  if (shown.length < relevant.length) lines.push(`     … ${relevant.length - shown.length} earlier operations not shown`);
  for (const op of shown) {
    const mark = op === stuck?.operation ? '  ✗  ' : '     ';
    const completed = op.completeUs === undefined ? '—' : formatMs(op.completeUs);
    lines.push(`${mark}${formatMs(op.invokeUs).padStart(10)}  ${completed.padStart(10)}  ${`#${op.id}`.padEnd(5)} ${op.client.padEnd(clientWidth)} ${lineOf(describe(op))}`);
  }
  const later = operations.length - relevant.length;
  if (later > 0) lines.push(`     … ${later} later operations not shown`);
  if (stuck !== undefined) {
    const order = stuck.linearized.length === 0 ? 'nothing' : stuck.linearized.map((op) => `#${op.id} ${describe(op).call}`).join(', ');
    lines.push(`longest linearization found before #${stuck.operation.id} completes (${stuck.linearized.length} placed): ${order}; the note then ${stateText(stuck.state)}`);
  }
  return lines.join('\n');
}

function lineOf(described: { readonly call: string; readonly answer: string }): string {
  return `${described.call} → ${described.answer}`;
}

/** `write "a" → 200`, `read → absent (404)`, `delete → ? no response after 3 attempts`. */
function describeNoteOperation(op: NoteOperation): { call: string; answer: string } {
  return { call: `${op.kind}${inputText(op)}`, answer: outputText(op) };
}

function inputText(op: NoteOperation): string {
  return op.input === undefined ? '' : ` ${JSON.stringify(op.input)}`;
}

function outputText(op: NoteOperation): string {
  const attempts = op.attempts > 1 ? ` after ${op.attempts} attempts` : '';
  if (op.status === 'unknown') return `? ${op.httpStatus === undefined ? 'no response' : `status ${op.httpStatus}`}${attempts}, may apply at any later time or never`;
  if (op.status === 'fail') return `refused ${op.httpStatus ?? ''}, no effect`;
  switch (op.kind) {
    case 'read':
      return op.output === null ? `absent (404)${attempts}` : `${JSON.stringify(op.output)}${attempts}`;
    case 'write':
      return `${op.httpStatus ?? ''}${attempts}`;
    case 'create':
      return `${op.httpStatus ?? ''} as note ${op.noteId ?? '?'}${attempts}`;
    case 'delete':
      return op.output === 'deleted' ? `204 deleted${attempts}` : op.output === 'absent' ? '404 absent' : `404${attempts}, gone either way`;
  }
}

function stateText(state: NoteState): string {
  return state === null ? 'is absent' : `holds ${JSON.stringify(state)}`;
}
