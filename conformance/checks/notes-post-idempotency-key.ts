import { randomUUID } from 'node:crypto';
import { type Check, finding, type Finding, is2xx, judged } from '../check.js';
import { contentOf, createdId, notePath, uniqueContent } from '../note-requests.js';

export const notesPostIdempotencyKeyOnce: Check = {
  name: 'notes/post-idempotency-key-once',
  principle: 'a POST repeated with the same Idempotency-Key takes effect once: the repeat names the same note',
  maxRequests: 6,
  async run(ctx) {
    const field = ctx.settings.noteField;
    const key = randomUUID();
    const headers = { 'idempotency-key': ctx.settings.idempotencyKeyStyle === 'sf-string' ? `"${key}"` : key };
    const content = uniqueContent(ctx, 'post-idempotency-key');
    const send = () => ctx.origin.send('POST', '/notes', { as: ctx.user, json: { [field]: content }, headers });
    const remove = (id: string) => ctx.cleanup(() => ctx.origin.send('DELETE', notePath(id), { as: ctx.user }));

    const first = await send();
    const firstId = is2xx(first.response.status) ? createdId(first) : undefined;
    if (firstId === undefined) {
      const hint = first.response.status === 400 ? ` (if the key's format is refused, try --idempotency-key-style ${ctx.settings.idempotencyKeyStyle === 'bare' ? 'sf-string' : 'bare'})` : '';
      return judged([finding(`POST /notes with an Idempotency-Key did not create a note${hint}`, '201 with the note id', first)], '');
    }
    remove(firstId);
    const repeat = await send();
    const repeatId = is2xx(repeat.response.status) ? createdId(repeat) : undefined;
    const findings: Finding[] = [];
    if (repeatId !== firstId) {
      if (repeatId !== undefined) remove(repeatId);
      const what = repeatId === undefined ? `the repeat answered ${repeat.response.status}` : `the repeat created a second note (${repeatId} besides ${firstId})`;
      findings.push(finding(what, `the first response again (${first.response.status}, note ${firstId}), and no second note`, repeat));
    }
    const read = await ctx.origin.send('GET', notePath(firstId), { as: ctx.user });
    if (read.response.status !== 200 || contentOf(read, field) !== content) findings.push(finding('the note the POST created cannot be read back', `200 with "${field}": ${JSON.stringify(content)}`, read));
    return judged(findings, `both POSTs named note ${firstId} (${first.response.status}, then ${repeat.response.status})`);
  },
};
