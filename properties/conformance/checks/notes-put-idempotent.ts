import { createHash } from 'node:crypto';
import { type Check, type CheckContext, finding, type Finding, gone, is2xx, judged, skip } from '../check.js';
import type { WritableShape } from '../service-shape.js';
import { intendedEffect } from '../repeat-effect.js';
import { contentOf, createWritable, uniqueContent, writableBody, writableItem, writableWith } from '../writable-requests.js';

/**
 * An id no note is expected to have, as unique as the run (drawn from its id: random against a deployment,
 * the seed's in the simulator) and a positive integer below 999999999, the id the gate-1 check probes.
 */
function absentId(runId: string): string {
  return String(100_000_000 + (parseInt(createHash('sha256').update(`absent note ${runId}`).digest('hex').slice(0, 8), 16) % 899_999_999));
}

/**
 * PUT `content` twice, reading the note after each: the findings, and the PUTs' statuses. The second read must
 * show what the first did of what the PUT wrote (`intendedEffect`); a stamp the server moves may differ.
 */
async function putTwice(ctx: CheckContext, writable: WritableShape, path: string, content: string, subject: string, findings: Finding[]): Promise<readonly number[]> {
  const statuses: number[] = [];
  const body = writableBody(writable, content);
  let once: string | undefined;
  for (const round of ['first', 'second'] as const) {
    const put = await ctx.origin.send('PUT', path, { as: ctx.user, json: body });
    statuses.push(put.response.status);
    // A service that is not the spec's may refuse to create by PUT (RFC 9110 §9.3.4): nothing was made to repeat.
    if (round === 'first' && subject === 'on an absent note' && !writable.putCreates && (put.response.status === 404 || put.response.status === 405)) break;
    if (!is2xx(put.response.status)) {
      findings.push(finding(`the ${round} PUT ${subject} did not succeed`, '200 (spec §3: PUT on a note absent or present leaves it with the given content)', put));
      break;
    }
    if (round === 'first' && subject === 'on an absent note' && writable.methods.includes('DELETE')) ctx.cleanup(() => ctx.origin.send('DELETE', path, { as: ctx.user }));
    const read = await ctx.origin.send('GET', path, { as: ctx.user });
    if (read.response.status !== 200 || contentOf(read, writable.field) !== content) {
      findings.push(finding(`after the ${round} PUT ${subject} the note does not hold what was PUT`, `200 with "${writable.field}": ${JSON.stringify(content)}`, read));
      break;
    }
    const effect = intendedEffect(read.response.body, Object.keys(body));
    if (once !== undefined && effect !== once) {
      findings.push(finding(`the second PUT ${subject} changed what the first wrote`, `what the first left of the members it wrote: ${once}`, read));
    }
    once = effect;
  }
  return statuses;
}

export const notesPutIdempotent: Check = {
  name: 'notes/put-idempotent',
  statement: 'PUT twice leaves the state one PUT leaves, on a note that exists and on one that does not (PUT creates it): the note reads the content PUT after each, and the second leaves the members the PUT wrote as the first did (spec §3)',
  principle: 'idempotent-methods',
  maxRequests: 12,
  async run(ctx) {
    const writable = writableWith(ctx, ['GET', 'PUT']);
    if (typeof writable === 'string') return skip(writable);
    const created = await createWritable(ctx, writable, uniqueContent(ctx, 'put-idempotent before'));
    const findings: Finding[] = [];
    // A note that exists, when POST makes one; without it the absent note below is still PUT twice.
    const present = created.ok ? `two PUTs of ${writableItem(writable, created.id)} (${(await putTwice(ctx, writable, writableItem(writable, created.id), uniqueContent(ctx, 'put-idempotent after'), 'on an existing note', findings)).join(' then ')}) left what one did` : undefined;
    // Spec §3's first row: "Note <note_id> absent or present". Only on an id that is absent now, so that
    // nothing of anyone's is replaced.
    const absentPath = writableItem(writable, absentId(ctx.settings.runId));
    const before = await ctx.origin.send('GET', absentPath, { as: ctx.user });
    if (!gone(before.response.status)) {
      if (!created.ok) return created.unrun;
      return judged(findings, `${present}; ${absentPath} is taken (GET answered ${before.response.status}): PUT on an absent note not probed`);
    }
    const statuses = await putTwice(ctx, writable, absentPath, uniqueContent(ctx, 'put-idempotent absent'), 'on an absent note', findings);
    const creates = is2xx(statuses[0] ?? 0);
    // Neither a note made by POST nor one by PUT: nothing was repeated, so nothing was judged.
    if (!created.ok && !creates && findings.length === 0) return created.unrun;
    const absent = creates ? `absent ${absentPath}: PUT ${statuses.join(' then ')}, created once` : `absent ${absentPath}: PUT answered ${statuses[0]}, so PUT does not create here (not the spec's service)`;
    return judged(findings, present === undefined ? `${absent}; an existing note not probed (POST ${writable.collection} made none: ${created.exchange.response.status})` : `${present}; ${absent}`);
  },
};
