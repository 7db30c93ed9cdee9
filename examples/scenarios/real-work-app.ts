import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

/**
 * An app whose handlers wait on real work, as apps people have do: a module imported lazily on first use, a
 * Web Crypto hash, a file read, async zlib. The virtual clock stands still while it waits, so the same seed
 * replays exactly, in this process and in fresh ones:
 *
 *   npm run sim -- --file examples/scenarios/real-work-app.json --seed 1 --check-determinism --runs 5
 *
 * The timeline shows a `real` event after each answer, naming the kinds of real work waited for
 * (docs/guest-world.md, "Real work while the clock stands still"). The lazy import is the module loader's
 * work, which a later run in the same process does not repeat, so it is waited for and not named.
 */
export default function createRealWorkApp() {
  const zip = promisify(gzip);
  const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  const routes: Record<string, () => Promise<Response>> = {
    '/lazy': async () => {
      const { greeting } = await import('./real-work-lazy.js');
      return json({ greeting });
    },
    '/digest': async () => {
      const sha256 = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode('apisim'))).toString('hex');
      return json({ sha256 });
    },
    '/file': async () => {
      const text = await readFile(new URL('./real-work-app.json', import.meta.url), 'utf8');
      return json({ chars: text.length });
    },
    '/gzip': async () => json({ gzipped: (await zip('apisim '.repeat(500))).length }),
  };
  return {
    fetch: (request: Request): Promise<Response> => routes[new URL(request.url).pathname]?.() ?? Promise.resolve(new Response('not found', { status: 404 })),
  };
}
