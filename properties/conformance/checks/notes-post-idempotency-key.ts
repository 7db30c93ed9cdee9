import { createHash } from 'node:crypto';
import { type Check, finding, type Finding, is2xx, judged, skip, unmade } from '../check.js';
import { contentOf, createdId, uniqueContent, writableBody, writableItem, writableWith } from '../writable-requests.js';

/**
 * A key as unique as the run: UUID-shaped, drawn from the run id, which is random against a deployment (no
 * two runs share a key) and the seed's in the simulator (the same run sends the same key, so it replays).
 */
function keyFor(runId: string): string {
  const hex = createHash('sha256').update(`idempotency-key ${runId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const notesPostIdempotencyKeyOnce: Check = {
  name: 'notes/post-idempotency-key-once',
  statement: 'a POST repeated with the same Idempotency-Key takes effect once: each repeat names the same note',
  principle: 'idempotent-resend',
  maxRequests: 7,
  async run(ctx) {
    const writable = writableWith(ctx, ['GET']);
    if (typeof writable === 'string') return skip(writable);
    const idempotency = ctx.shape.idempotencyKey;
    if (idempotency === undefined) return skip(`the target does not say that POST ${writable.collection} honours an Idempotency-Key: declare idempotencyKey: { style } if it does`);
    const field = writable.field;
    const key = keyFor(ctx.settings.runId);
    const headers = { [idempotency.header]: idempotency.style === 'sf-string' ? `"${key}"` : key };
    const content = uniqueContent(ctx, 'post-idempotency-key');
    const send = () => ctx.origin.send('POST', writable.collection, { as: ctx.user, json: writableBody(writable, content), headers });
    const remove = (id: string) => {
      if (writable.methods.includes('DELETE')) ctx.cleanup(() => ctx.origin.send('DELETE', writableItem(writable, id), { as: ctx.user }));
    };

    const first = await send();
    const firstId = is2xx(first.response.status) ? createdId(first, writable.collection) : undefined;
    if (firstId === undefined) {
      const hint = first.response.status === 400 ? ` (if the key's format is refused, try --idempotency-key-style ${idempotency.style === 'bare' ? 'sf-string' : 'bare'})` : '';
      return unmade(`no note to send the key's repeat for (201 with the note id)${hint}`, first);
    }
    remove(firstId);
    const findings: Finding[] = [];
    const statuses = [first.response.status];
    // Two repeats: a store that lets a key go once it has replayed it (a GETDEL that "claims" it) answers the
    // first as it should and makes a second note for the next.
    for (const round of ['repeat', 'second repeat'] as const) {
      const repeat = await send();
      statuses.push(repeat.response.status);
      const repeatId = is2xx(repeat.response.status) ? createdId(repeat, writable.collection) : undefined;
      if (repeatId === firstId) continue;
      if (repeatId !== undefined) remove(repeatId);
      const what = repeatId === undefined ? `the ${round} answered ${repeat.response.status}` : `the ${round} created a second note (${repeatId} besides ${firstId})`;
      findings.push(finding(what, `the first response again (${first.response.status}, note ${firstId}), and no second note`, repeat));
      break;
    }
    const read = await ctx.origin.send('GET', writableItem(writable, firstId), { as: ctx.user });
    if (read.response.status !== 200 || contentOf(read, field) !== content) findings.push(finding('the note the POST created cannot be read back', `200 with "${field}": ${JSON.stringify(content)}`, read));
    return judged(findings, `all three POSTs named note ${firstId} (${statuses.join(', then ')})`);
  },
};
