import { type Check, deleted as removed, finding, type Finding, gone, judged, skip } from '../check.js';
import { createWritable, uniqueContent, writableItem, writableWith } from '../writable-requests.js';


export const notesUseAfterDelete: Check = {
  name: 'notes/use-after-delete-404',
  statement: 'once DELETE succeeded, GET of the note answers 404 (410 is accepted too), never the old note',
  // A read of the origin after its own DELETE, no cache between: cache-coherence states it only through
  // the shared cache, and no principle states it of the origin alone.
  principle: null,
  maxRequests: 5,
  async run(ctx) {
    const writable = writableWith(ctx, ['GET', 'DELETE']);
    if (typeof writable === 'string') return skip(writable);
    const created = await createWritable(ctx, writable, uniqueContent(ctx, 'use-after-delete'));
    if (!created.ok) return created.unrun;
    const path = writableItem(writable, created.id);
    const findings: Finding[] = [];
    const before = await ctx.origin.send('GET', path, { as: ctx.user });
    if (before.response.status !== 200) findings.push(finding(`the note just created cannot be read`, '200 with the note', before));
    const deleted = await ctx.origin.send('DELETE', path, { as: ctx.user });
    if (!removed(deleted)) return judged([...findings, finding('DELETE of an existing note did not succeed', 'a 2xx', deleted)], '');
    created.gone();
    const after = await ctx.origin.send('GET', path, { as: ctx.user });
    if (!gone(after.response.status)) findings.push(finding(`GET after DELETE answered ${after.response.status}`, '404 (the note no longer exists)', after));
    return judged(findings, `GET ${path} after DELETE answered ${after.response.status}`);
  },
};
