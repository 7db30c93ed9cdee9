import type { WritableSpec } from './targets/target.js';
import type { Role, TargetSession } from './targets/target-session.js';

/** Who writes a collection: its user when only a user may, else anyone, with no credential. */
export const writerOf = (writable: WritableSpec): Role => (writable.by === 'user' ? 'user' : 'anonymous');

/** What the writes made, as text to count markers in, and where it was read. */
export interface Effects {
  readonly text: string;
  readonly source: string;
}

/**
 * What took effect, read from outside as a client would: the collection, read back by its writer (`tries`
 * times at most, for a lossy line). A collection that cannot be listed (apisim's own `/notes` answers GET with
 * 405) is read in the app's own state instead, when it reports one (`state(app)`; apisim's own origin does).
 * When neither says, why not, in words that say what to declare: nothing can be counted then, so a
 * principle that counts could not run.
 */
export async function tookEffect(run: TargetSession, writable: WritableSpec, tries = 1): Promise<Effects | string> {
  let read = `GET ${writable.collection} got no answer in ${tries} tr${tries === 1 ? 'y' : 'ies'}`;
  for (let i = 0; i < tries; i++) {
    const response = (await run.send(writerOf(writable), { method: 'GET', path: writable.collection })).response;
    if (response !== undefined && response.status >= 200 && response.status <= 299) return { text: response.body ?? '', source: `GET ${writable.collection}` };
    // An answer that is not 2xx will not change on a second try: only a lost one is worth re-sending.
    if (response !== undefined) {
      read = `GET ${writable.collection} answered ${response.status}`;
      break;
    }
  }
  const state = run.session.state();
  if (state !== undefined) return { text: JSON.stringify(state), source: 'the app\'s state' };
  return `nothing says what the POSTs made: ${read}, and the app reports no state. Give ${writable.collection} a GET that lists what was made, or export state(app) from the app's module`;
}
