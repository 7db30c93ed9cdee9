import { builtin } from '../../sim/scenario/resolve.js';
import { type RunResult, runScenario } from '../../sim/scenario/run.js';
import { type DiagramNote, sequenceDiagram } from './sequence-diagram.js';

export interface DemonstrationDiagram {
  readonly title: string;
  /** The built-in it shows: `npm run sim -- <scenario> --seed 1` prints the same run as a timeline. */
  readonly scenario: string;
  readonly mermaid: string;
}

/** The spec's demonstration (§3) and the cache, each a built-in scenario, in the order a reader meets them. */
const demonstrations: readonly { readonly scenario: string; readonly title: string }[] = [
  { scenario: 'notes-unstable-post', title: 'POST on an unstable line, naive client: the response is lost, the re-send creates a second note' },
  { scenario: 'notes-unstable-post-keyed', title: 'POST on an unstable line, keyed client: the re-send carries the same Idempotency-Key and gets the first 201 replayed' },
  { scenario: 'notes-unstable-post-safe', title: 'POST on an unstable line, safe client: no re-send of a keyless POST, the outcome is unknown' },
  { scenario: 'notes-unstable-put', title: 'PUT on an unstable line: the re-sent PUT leaves the same note' },
  { scenario: 'notes-cache-hit', title: 'The shared cache: a repeat GET is a hit, another caller\'s GET is a miss' },
];

const seed = 1;

/**
 * What the origin did with a re-sent request, which the trace does not say: the response the client finally
 * got tells (a replay header, the note a POST created). Placed at the time the origin answered that attempt.
 */
function originNotes(run: RunResult): DiagramNote[] {
  const notes: DiagramNote[] = [];
  for (const exchange of run.exchanges) {
    const completed = run.trace.events.find((e) => e.kind === 'complete' && e.exchangeId === exchange.id);
    const processed = run.trace.events.find((e) => e.kind === 'process' && e.exchangeId === exchange.id && e.attempt === completed?.attempt);
    const res = exchange.response;
    if (exchange.attempts < 2 || completed === undefined || processed === undefined || res === undefined) continue;
    const replayed = res.headers['idempotent-replayed'] !== undefined;
    const location = res.headers.location;
    const text = replayed
      ? `replayed the first ${res.status} for its Idempotency-Key: no second note`
      : location !== undefined
        ? `created ${location}: a second note`
        : `${exchange.request.method} again: the same state`;
    notes.push({ atUs: processed.atUs, over: 'origin', text });
  }
  return notes;
}

/** The origin's notes at the end, the figure each demonstration is about. */
function finalStateNote(run: RunResult): DiagramNote {
  const notes = run.finalState.notes.map((n) => `/notes/${n.id} "${n.content}"`);
  const clients = [...new Set(run.exchanges.map((x) => x.client))];
  return {
    atUs: run.endUs,
    over: `${clients[0] ?? 'origin'},origin`,
    text: `final state: ${notes.length} note${notes.length === 1 ? '' : 's'}${notes.length === 0 ? '' : ` (${notes.join(', ')})`}`,
  };
}

export async function demonstrationDiagram(scenario: string, title: string): Promise<DemonstrationDiagram> {
  const run = await runScenario(scenario, builtin(scenario, seed).spec, { seed, trace: 'full' });
  return { title, scenario, mermaid: sequenceDiagram(run.trace.events, { notes: [...originNotes(run), finalStateNote(run)] }) };
}

/** One Mermaid sequence diagram per demonstration, generated from its run's trace (seed 1). */
export async function demonstrationDiagrams(): Promise<DemonstrationDiagram[]> {
  const diagrams: DemonstrationDiagram[] = [];
  for (const { scenario, title } of demonstrations) diagrams.push(await demonstrationDiagram(scenario, title));
  return diagrams;
}
