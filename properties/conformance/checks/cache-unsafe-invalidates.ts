import { type Check, deleted, finding, type Finding, is2xx, judged, skip } from '../check.js';
import { contentOf, createWritable, uniqueContent, writableBody, writableItem, writableWith } from '../writable-requests.js';

export const cacheUnsafeInvalidates: Check = {
  name: 'cache/unsafe-invalidates',
  statement: 'a PUT or DELETE that passes through the cache discards its stored copy: the next GET through the cache sees the write (spec §3, RFC 9111 §4.4)',
  principle: 'cache-coherence',
  maxRequests: 10,
  async run(ctx) {
    const cache = ctx.cache;
    if (cache === undefined) return skip('no --cache-url given');
    const writable = writableWith(ctx, ['GET', 'PUT', 'DELETE']);
    if (typeof writable === 'string') return skip(writable);
    // In the simulator every request passes the cache: there is no write behind it, so the check judges
    // only what a client sees after writing through it.
    const onePath = cache === ctx.origin;
    const field = writable.field;
    const [v1, v2, v3] = ['v1', 'v2 written behind the cache', 'v3 written through the cache'].map((v) => uniqueContent(ctx, `cache ${v}`)) as [string, string, string];
    const created = await createWritable(ctx, writable, v1);
    if (!created.ok) return created.unrun;
    const path = writableItem(writable, created.id);
    const as = ctx.user;

    const first = await cache.send('GET', path, { as });
    if (first.response.status !== 200 || contentOf(first, field) !== v1) return judged([finding('GET through the cache does not reach the note on the origin (is --cache-url in front of --base-url?)', `200 with "${field}": ${JSON.stringify(v1)}`, first)], '');
    if (!onePath) {
      // A write that bypasses the cache shows whether the cache keeps the note at all: only then is there a
      // stored copy for a write through it to discard.
      const behind = await ctx.origin.send('PUT', path, { as, json: writableBody(writable, v2) });
      if (!is2xx(behind.response.status)) return judged([finding('PUT on the origin did not succeed', '200', behind)], '');
      const stored = await cache.send('GET', path, { as });
      if (contentOf(stored, field) === v2) return skip(`the cache answered GET ${path} from the origin, not from a stored copy, so there is nothing to invalidate`);
      if (contentOf(stored, field) !== v1) return judged([finding('GET through the cache answered neither the stored nor the current note', `200 with ${JSON.stringify(v1)} (stored) or ${JSON.stringify(v2)}`, stored)], '');
    } else {
      await cache.send('GET', path, { as });
    }

    const findings: Finding[] = [];
    const write = await cache.send('PUT', path, { as, json: writableBody(writable, v3) });
    if (!is2xx(write.response.status)) return judged([finding('PUT through the cache did not succeed', '200', write)], '');
    const afterPut = await cache.send('GET', path, { as });
    if (contentOf(afterPut, field) !== v3) findings.push(finding('after a PUT through the cache, GET through it answered an old copy', `200 with "${field}": ${JSON.stringify(v3)}`, afterPut));
    const remove = await cache.send('DELETE', path, { as });
    if (!deleted(remove)) return judged([...findings, finding('DELETE through the cache did not succeed', 'a 2xx', remove)], '');
    created.gone();
    const afterDelete = await cache.send('GET', path, { as });
    if (afterDelete.response.status !== 404 && afterDelete.response.status !== 410) findings.push(finding('after a DELETE through the cache, GET through it still answered the note', '404', afterDelete));
    const how = onePath ? `through the simulated cache, GET ${path} twice, then a PUT and a DELETE: each GET after a write saw it` : `the cache kept ${path}, and a PUT and a DELETE through it each discarded the stored copy`;
    return judged(findings, how);
  },
};
