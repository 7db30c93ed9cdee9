import { type Check, deleted, finding, type Finding, gone, is2xx, judged, skip } from '../check.js';
import { contentOf, createWritable, uniqueContent, writableItem, writableWith } from '../writable-requests.js';


export const notesDeleteIdempotent: Check = {
  name: 'notes/delete-idempotent',
  statement: 'DELETE twice leaves the state one DELETE leaves: the note stays gone and a neighbour is untouched; the repeat may answer 404 but never 5xx',
  principle: 'idempotent-methods',
  maxRequests: 8,
  async run(ctx) {
    const writable = writableWith(ctx, ['GET', 'DELETE']);
    if (typeof writable === 'string') return skip(writable);
    const field = writable.field;
    const target = await createWritable(ctx, writable, uniqueContent(ctx, 'delete-idempotent target'));
    if (!target.ok) return target.unrun;
    const neighbourContent = uniqueContent(ctx, 'delete-idempotent neighbour');
    const neighbour = await createWritable(ctx, writable, neighbourContent);
    if (!neighbour.ok) return neighbour.unrun;
    const path = writableItem(writable, target.id);
    const findings: Finding[] = [];

    const first = await ctx.origin.send('DELETE', path, { as: ctx.user });
    if (!deleted(first)) return judged([finding('DELETE of an existing note did not succeed', 'a 2xx', first)], '');
    target.gone();
    const repeat = await ctx.origin.send('DELETE', path, { as: ctx.user });
    // RFC 9110 §9.2.2: idempotence is about the state; the repeat's answer may differ (apisim: 404).
    if (!is2xx(repeat.response.status) && !gone(repeat.response.status)) findings.push(finding(`the repeated DELETE answered ${repeat.response.status}`, 'a 2xx, or 404 since the note is already gone', repeat));
    const after = await ctx.origin.send('GET', path, { as: ctx.user });
    if (!gone(after.response.status)) findings.push(finding(`after two DELETEs the note answers ${after.response.status}`, '404: the state one DELETE leaves', after));
    const other = await ctx.origin.send('GET', writableItem(writable, neighbour.id), { as: ctx.user });
    if (other.response.status !== 200 || contentOf(other, field) !== neighbourContent) {
      findings.push(finding('the repeated DELETE changed another note', `200 with "${field}": ${JSON.stringify(neighbourContent)}`, other));
    }
    return judged(findings, `DELETE ${path} twice: ${first.response.status} then ${repeat.response.status}; gone after, neighbour intact`);
  },
};
