import { type Check, type CheckContext, finding, type Finding, is2xx, judged, skip } from '../check.js';
import { type EndpointShape, itemPath, sameEndpoint } from '../service-shape.js';
import { type WireExchange, jsonOf } from '../wire.js';
import { createdId, createWritable, uniqueContent, writableBody, writableItem } from '../writable-requests.js';

/** An id no deployment is expected to have: DELETE is probed there, so a missing gate 1 cannot destroy anything. */
const freeId = '999999999';

interface Fixtures {
  /** One of the first owned resource, the user's own when one was found; else `freeId`. */
  readonly orderId: string;
  /** The check's own note; `freeId` when none could be made (a 401 does not depend on the note existing). */
  readonly noteId: string;
  readonly noteContent: string;
  readonly userId: string;
  /** The user's record as they read it, without its id: a PUT of it changes nothing even if it got through. */
  readonly userRecord: Readonly<Record<string, unknown>>;
  /** What could not be made, and so what was probed on an absent object instead: said in the verdict. */
  readonly absent: readonly string[];
}

interface Probe {
  readonly method: string;
  readonly path: string;
  readonly json?: unknown;
  readonly contentType?: string;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** What each credential state sends; `none` sends nothing at all. */
function credentialStates(ctx: CheckContext): readonly (readonly [string, Readonly<Record<string, string>>])[] {
  // Well-formed JWT, wrong signature: the token a careless verifier would decode and trust.
  const forged = `${base64url({ alg: 'HS256', typ: 'at+jwt' })}.${base64url({ sub: ctx.user.userId ?? '1', scope: 'read:orders' })}.${'A'.repeat(43)}`;
  const states: (readonly [string, Record<string, string>])[] = [['no credential', {}], ['a forged bearer token', { authorization: `Bearer ${forged}` }]];
  const cookie = ctx.user.cookie;
  if (cookie !== undefined) {
    const value = cookie.value.slice(0, -1) + (cookie.value.endsWith('A') ? 'B' : 'A');
    states.push(['a tampered session cookie', { cookie: `${cookie.name}=${value}` }]);
  }
  return states;
}

/** The writable item as endpoints name it: `/notes/<note_id>`. */
const writableEndpoint = (ctx: CheckContext): string | undefined => (ctx.shape.writable === undefined ? undefined : ctx.shape.writable.item.replace('{id}', '<note_id>'));

/**
 * The request that probes an endpoint: ids filled in (DELETE only where nothing of anyone's can be lost), and
 * a body a service that skipped gate 1 would take without harm (what is already there, an empty merge patch),
 * or refuse for itself (an empty POST creates nobody).
 */
function probeFor(endpoint: EndpointShape, f: Fixtures, ctx: CheckContext): Probe {
  const other = endpoint.method === 'DELETE' ? freeId : undefined;
  const ids = [['<order_id>', other ?? f.orderId], ['<note_id>', f.noteId], ['<user_id>', other ?? f.userId], ['<id>', freeId]] as const;
  const path = ids.reduce((p, [name, id]) => p.replaceAll(name, encodeURIComponent(id)), endpoint.path);
  const { writable, graph, userItem } = ctx.shape;
  const graphQuery = graph === undefined || graph.specSchema ? `{ user(id: ${JSON.stringify(f.userId)}) { name } }` : (graph.queries[0]?.query ?? '{ __typename }');
  if (endpoint.method === 'PATCH') return { method: 'PATCH', path, json: {}, contentType: 'application/merge-patch+json' };
  if (graph !== undefined && endpoint.path === graph.path) return endpoint.method === 'GET' ? { method: 'GET', path: `${path}?query=${encodeURIComponent(graphQuery)}` } : { method: endpoint.method, path, json: { query: graphQuery } };
  if (writable !== undefined && endpoint.method === 'POST' && endpoint.path === writable.collection) return { method: 'POST', path, json: writableBody(writable, uniqueContent(ctx, 'unidentified POST')) };
  if (writable !== undefined && endpoint.method === 'PUT' && endpoint.path === writableEndpoint(ctx)) return { method: 'PUT', path, json: writableBody(writable, f.noteContent) };
  if (userItem !== undefined && endpoint.method === 'PUT' && endpoint.path === userItem.replace('{id}', '<user_id>')) return { method: 'PUT', path, json: f.userRecord };
  // An owned object's PUT carries what creates one: a service that skipped gate 1 would take it as a write.
  const owned = ctx.shape.owned.find((o) => endpoint.path === o.item.replace('{id}', '<order_id>') || endpoint.path === o.item.replace('{id}', '<id>'));
  if (owned !== undefined && endpoint.method === 'PUT') return { method: 'PUT', path, json: owned.create?.body ?? {} };
  // Invalid on purpose: a target that skips gate 1 refuses it for the body and creates nobody.
  if (endpoint.method === 'POST') return { method: 'POST', path, json: {} };
  return { method: endpoint.method, path };
}

/**
 * What a probe that got through made, removed as the user when the check ends (and listed as left behind when
 * the target refuses that too): a POST's creation, or the note a PUT on an absent id created (spec §3).
 */
function removeWhatItMade(ctx: CheckContext, probe: Probe, exchange: WireExchange, f: Fixtures): void {
  if (!is2xx(exchange.response.status)) return;
  const { writable, owned } = ctx.shape;
  let item: string | undefined;
  if (probe.method === 'POST') {
    const id = createdId(exchange, probe.path);
    const template = writable?.collection === probe.path ? writable.item : (owned.find((o) => o.create?.path === probe.path)?.item ?? `${probe.path.replace(/\/+$/, '')}/{id}`);
    item = id === undefined ? undefined : itemPath(template, id);
  } else if (probe.method === 'PUT' && writable !== undefined && f.noteId === freeId && probe.path === writableItem(writable, freeId)) {
    item = probe.path;
  }
  if (item !== undefined) ctx.cleanup(() => ctx.origin.send('DELETE', item, { as: ctx.user }));
}

async function fixtures(ctx: CheckContext): Promise<Fixtures> {
  const absent: string[] = [];
  const owned = ctx.shape.owned[0];
  let orderId: string | undefined;
  if (owned !== undefined) {
    // The user's own if one is found: the other user would get 403 there, so a 401 shows gate 1 first.
    for (const id of owned.probeIds) {
      if ((await ctx.origin.send('GET', itemPath(owned.item, id), { as: ctx.user })).response.status === 200) {
        orderId = id;
        break;
      }
    }
    orderId ??= owned.probeIds[0];
    const create = owned.create;
    if (orderId === undefined && create !== undefined) {
      const made = await ctx.origin.send(create.method, create.path, { as: ctx.user, json: create.body, headers: create.headers });
      orderId = is2xx(made.response.status) ? createdId(made, create.path) : undefined;
      if (orderId !== undefined) {
        const path = itemPath(owned.item, orderId);
        ctx.cleanup(() => ctx.origin.send('DELETE', path, { as: ctx.user }));
      } else absent.push(`${create.method} ${create.path} made no ${owned.name.replace(/s$/, '')} (${made.response.status}): ${owned.item} probed at ${freeId}`);
    }
  }
  const noteContent = uniqueContent(ctx, 'authentication-first');
  let noteId = freeId;
  if (ctx.shape.writable !== undefined) {
    const note = await createWritable(ctx, ctx.shape.writable, noteContent);
    if (note.ok) noteId = note.id;
    else absent.push(`POST ${ctx.shape.writable.collection} made no note (${note.exchange.response.status}): ${ctx.shape.writable.item} probed at ${freeId}`);
  }
  const userId = ctx.user.userId ?? ctx.shape.graph?.userId ?? '1';
  let userRecord: Record<string, unknown> = {};
  if (ctx.shape.userItem !== undefined) {
    const record = jsonOf((await ctx.origin.send('GET', itemPath(ctx.shape.userItem, userId), { as: ctx.user })).response);
    if (typeof record === 'object' && record !== null && !Array.isArray(record)) userRecord = Object.fromEntries(Object.entries(record).filter(([name]) => name !== 'id'));
  }
  return { orderId: orderId ?? freeId, noteId, noteContent, userId, userRecord, absent };
}

/** A problem body's members that must not depend on the object (RFC 9457), `instance` aside: it may name the URL. */
function sameRefusal(a: WireExchange, b: WireExchange): boolean {
  const members = (x: WireExchange) => {
    const body = jsonOf(x.response);
    if (typeof body !== 'object' || body === null) return x.response.body;
    return JSON.stringify(Object.entries(body).filter(([name]) => name !== 'instance'));
  };
  return a.response.status === b.response.status && members(a) === members(b) && a.response.headers['www-authenticate'] === b.response.headers['www-authenticate'];
}

export const auth401Before403: Check = {
  name: 'auth/401-before-403',
  statement: 'gate 1 comes first: on every endpoint of the spec, a caller who is not identified gets 401 (never 403, 404, 422 or the data), the same whether or not the object exists (spec §5.1–5.3)',
  principle: 'authentication-first',
  maxRequests: 120,
  async run(ctx) {
    if (!ctx.shape.users) return skip('the target declares no users: declare users.user and users.otherUser, so that there is a gate 1 to probe');
    if (ctx.shape.endpoints.length === 0) return skip('the target declares no endpoint that needs a credential: declare owned, or writable with by: "user"');
    const open = ctx.shape.endpoints.filter((e) => ctx.shape.publicEndpoints.some((p) => sameEndpoint(e, p)));
    const guarded = ctx.shape.endpoints.filter((e) => !open.includes(e));
    const declaredOpen = open.length === 0 ? '' : `; declared public, not probed: ${open.map((e) => `${e.method} ${e.path}`).join(', ')}`;
    if (guarded.length === 0) return skip(`every endpoint the target declares is public${declaredOpen}`);
    const f = await fixtures(ctx);
    const findings: Finding[] = [];
    const states = credentialStates(ctx);
    let probes = 0;
    for (const endpoint of guarded) {
      const probe = probeFor(endpoint, f, ctx);
      for (const [state, headers] of states) {
        const exchange = await ctx.origin.send(probe.method, probe.path, { headers, json: probe.json, ...(probe.contentType === undefined ? {} : { contentType: probe.contentType }) });
        probes++;
        const status = exchange.response.status;
        if (status === 401) continue;
        findings.push(finding(`${endpoint.method} ${endpoint.path} with ${state} answered ${status}`, '401: the caller is not identified, and gate 1 decides before anything else', exchange));
        removeWhatItMade(ctx, probe, exchange, f);
      }
    }
    const owned = ctx.shape.owned[0];
    let compared = '';
    if (owned !== undefined && f.orderId !== freeId) {
      const existing = await ctx.origin.send('GET', itemPath(owned.item, f.orderId));
      const missing = await ctx.origin.send('GET', itemPath(owned.item, freeId));
      compared = `; the 401 for ${owned.item.replace('{id}', f.orderId)} is the one for ${freeId}`;
      if (!sameRefusal(existing, missing)) {
        const noun = owned.name.replace(/s$/, '');
        findings.push({ what: `the 401 for ${noun} ${f.orderId} differs from the one for ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun} that does not exist`, expected: `the same refusal as GET ${itemPath(owned.item, freeId)}: ${missing.response.status} ${missing.response.body.slice(0, 120)}`, got: `${existing.response.status} ${existing.response.body.slice(0, 120)}`, exchange: existing });
      }
    } else if (owned !== undefined) {
      compared = `; existing and absent ${owned.name} not compared (no ${owned.name.replace(/s$/, '')} of the user's to probe)`;
    }
    const absent = f.absent.length === 0 ? '' : `; ${f.absent.join('; ')}`;
    return judged(findings, `${guarded.length} endpoints × ${states.length} credential states (${states.map(([s]) => s).join(', ')}): all ${probes} answered 401${compared}${absent}${declaredOpen}`);
  },
};
