import { type Check, finding, type Finding, is2xx, judged, skip } from '../check.js';
import { contentOf, createWritable, uniqueContent, writableBody, writableItem, writableWith } from '../writable-requests.js';

export const notesPutIdempotent: Check = {
  name: 'notes/put-idempotent',
  principle: 'PUT twice leaves the state one PUT leaves: the note reads the same content after each (spec §3)',
  maxRequests: 6,
  async run(ctx) {
    const writable = writableWith(ctx, ['GET', 'PUT']);
    if (typeof writable === 'string') return skip(writable);
    const field = writable.field;
    const created = await createWritable(ctx, writable, uniqueContent(ctx, 'put-idempotent before'));
    if (!created.ok) return created.unrun;
    const path = writableItem(writable, created.id);
    const content = uniqueContent(ctx, 'put-idempotent after');
    const findings: Finding[] = [];
    const reads: unknown[] = [];
    for (const round of ['first', 'second'] as const) {
      const put = await ctx.origin.send('PUT', path, { as: ctx.user, json: writableBody(writable, content) });
      if (!is2xx(put.response.status)) {
        findings.push(finding(`the ${round} PUT did not succeed`, '200 (spec §3: "a 200 response is returned")', put));
        break;
      }
      const read = await ctx.origin.send('GET', path, { as: ctx.user });
      const got = contentOf(read, field);
      reads.push(got);
      if (read.response.status !== 200 || got !== content) {
        findings.push(finding(`after the ${round} PUT the note does not hold what was PUT`, `200 with "${field}": ${JSON.stringify(content)}`, read));
        break;
      }
    }
    return judged(findings, `two PUTs of ${path} left ${JSON.stringify(reads[1])}, as one did`);
  },
};
