import { type Check, type CheckContext, finding, type Finding, is2xx, judged } from '../check.js';
import { createdId, createNote, notePath, uniqueContent } from '../note-requests.js';
import { specEndpoints, type SpecEndpoint } from '../spec-endpoints.js';
import { type WireExchange, jsonOf } from '../wire.js';

/** An id no deployment is expected to have: DELETE is probed there, so a missing gate 1 cannot destroy anything. */
const freeId = '999999999';

interface Fixtures {
  readonly orderId: number;
  readonly noteId: string;
  readonly noteContent: string;
  readonly userId: string;
  /** The user's record as they read it, without its id: a PUT of it changes nothing even if it got through. */
  readonly userRecord: Readonly<Record<string, unknown>>;
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

function probeFor(endpoint: SpecEndpoint, f: Fixtures, ctx: CheckContext): Probe {
  const userId = endpoint.method === 'DELETE' ? freeId : encodeURIComponent(f.userId);
  const path = endpoint.path.replace('<order_id>', String(f.orderId)).replace('<note_id>', encodeURIComponent(f.noteId)).replace('<user_id>', userId);
  const query = `{ user(id: ${JSON.stringify(f.userId)}) { name } }`;
  const field = ctx.settings.noteField;
  switch (`${endpoint.method} ${endpoint.path}`) {
    case 'PUT /notes/<note_id>':
      return { method: 'PUT', path, json: { [field]: f.noteContent } };
    case 'POST /notes':
      return { method: 'POST', path, json: { [field]: uniqueContent(ctx, 'unidentified POST') } };
    case 'POST /users':
      // Invalid on purpose: a target that skips gate 1 refuses it for the body and creates nobody.
      return { method: 'POST', path, json: {} };
    case 'PUT /users/<user_id>':
      return { method: 'PUT', path, json: f.userRecord };
    case 'PATCH /users/<user_id>':
      return { method: 'PATCH', path, json: {}, contentType: 'application/merge-patch+json' };
    case 'POST /graphql':
      return { method: 'POST', path, json: { query } };
    case 'GET /graphql':
      return { method: 'GET', path: `${path}?query=${encodeURIComponent(query)}` };
    default:
      return { method: endpoint.method, path };
  }
}

async function fixtures(ctx: CheckContext): Promise<Fixtures | Finding> {
  let orderId = ctx.settings.orderIds[0]!;
  // The user's own order if one is found: the other user would get 403 there, so a 401 shows gate 1 first.
  for (const id of ctx.settings.orderIds) {
    if ((await ctx.origin.send('GET', `/orders/${id}`, { as: ctx.user })).response.status === 200) {
      orderId = id;
      break;
    }
  }
  const noteContent = uniqueContent(ctx, 'authentication-first');
  const note = await createNote(ctx, noteContent);
  if (!note.ok) return note.finding;
  const userId = ctx.user.userId ?? ctx.settings.graphUserId ?? '1';
  const record = jsonOf((await ctx.origin.send('GET', `/users/${encodeURIComponent(userId)}`, { as: ctx.user })).response);
  const userRecord = typeof record === 'object' && record !== null && !Array.isArray(record) ? Object.fromEntries(Object.entries(record).filter(([name]) => name !== 'id')) : {};
  return { orderId, noteId: note.id, noteContent, userId, userRecord };
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
  principle: 'gate 1 comes first: on every endpoint of the spec, a caller who is not identified gets 401 (never 403, 404, 422 or the data), the same whether or not the object exists (spec §5.1–5.3)',
  maxRequests: 60,
  async run(ctx) {
    const f = await fixtures(ctx);
    if ('exchange' in f) return judged([f], '');
    const findings: Finding[] = [];
    const states = credentialStates(ctx);
    let probes = 0;
    for (const endpoint of specEndpoints) {
      const probe = probeFor(endpoint, f, ctx);
      for (const [state, headers] of states) {
        const exchange = await ctx.origin.send(probe.method, probe.path, { headers, json: probe.json, ...(probe.contentType === undefined ? {} : { contentType: probe.contentType }) });
        probes++;
        const status = exchange.response.status;
        if (status === 401) continue;
        findings.push(finding(`${endpoint.method} ${endpoint.path} with ${state} answered ${status}`, '401: the caller is not identified, and gate 1 decides before anything else', exchange));
        const created = probe.method === 'POST' && probe.path === '/notes' && is2xx(status) ? createdId(exchange) : undefined;
        if (created !== undefined) ctx.cleanup(() => ctx.origin.send('DELETE', notePath(created), { as: ctx.user }));
      }
    }
    const existing = await ctx.origin.send('GET', `/orders/${f.orderId}`);
    const missing = await ctx.origin.send('GET', `/orders/${freeId}`);
    if (!sameRefusal(existing, missing)) {
      findings.push({ what: `the 401 for order ${f.orderId} differs from the one for an order that does not exist`, expected: `the same refusal as GET /orders/${freeId}: ${missing.response.status} ${missing.response.body.slice(0, 120)}`, got: `${existing.response.status} ${existing.response.body.slice(0, 120)}`, exchange: existing });
    }
    return judged(findings, `${specEndpoints.length} endpoints × ${states.length} credential states (${states.map(([s]) => s).join(', ')}): all ${probes} answered 401`);
  },
};
