import { callerName } from '../caller.js';
import { type Check, type CheckContext, finding, type Finding, is2xx, judged, skip } from '../check.js';
import { itemPath, type OwnedShape } from '../service-shape.js';
import { type WireExchange, jsonOf } from '../wire.js';
import { noOpAttempts, probeWrite, writeMethods, type WriteProbe } from '../ownership-writes.js';
import { makeOwned } from '../owned-object.js';

const mergePatch = 'application/merge-patch+json';
const who = callerName;
/** `orders` → `order`: how findings name one. */
const one = (owned: OwnedShape): string => owned.name.replace(/s$/, '');

/** The object's owner as its record names it (spec §2: "owner (stored as user_id)"), when it was read. */
function ownerOf(exchange: WireExchange, owned: OwnedShape): string | undefined {
  if (exchange.response.status !== 200 || owned.ownerField === undefined) return undefined;
  const owner = (jsonOf(exchange.response) as Record<string, unknown> | undefined)?.[owned.ownerField];
  return typeof owner === 'number' || typeof owner === 'string' ? String(owner) : undefined;
}

interface Reads {
  readonly byUser: string[];
  readonly byOther: string[];
  readonly records: Map<string, WireExchange>;
}

/** Reads every probed object as both users and reports every read that cannot be its owner's. */
async function probedReads(ctx: CheckContext, owned: OwnedShape, findings: Finding[]): Promise<Reads> {
  const byUser: string[] = [];
  const byOther: string[] = [];
  const records = new Map<string, WireExchange>();
  const noun = one(owned);
  for (const id of owned.probeIds) {
    const path = itemPath(owned.item, id);
    const reads = [[ctx.user, await ctx.origin.send('GET', path, { as: ctx.user })], [ctx.otherUser, await ctx.origin.send('GET', path, { as: ctx.otherUser })]] as const;
    const reported = findings.length;
    for (const [caller, exchange] of reads) {
      const status = exchange.response.status;
      if (status === 200) (caller === ctx.user ? byUser : byOther).push(id);
      if (status !== 200 && status !== 403 && status !== 404) findings.push(finding(`${who(caller)} got ${status} for GET ${path}`, '200 for its owner, 403 (or 404) for anyone else', exchange));
      const owner = ownerOf(exchange, owned);
      if (caller.userId !== undefined && owner !== undefined && owner !== caller.userId) {
        findings.push(finding(`${who(caller)} read ${noun} ${id} of user ${owner}`, `403 (or 404): ${noun} ${id} is not theirs`, exchange));
      }
    }
    const [[, mine], [, theirs]] = reads;
    if (findings.length === reported && mine.response.status === 200 && theirs.response.status === 200) {
      // Whose it is may be unknown here; either way one of the two reads was not the owner's.
      const owner = ownerOf(mine, owned);
      const [intruder, exchange] = owner !== undefined && owner === ctx.otherUser.userId ? [ctx.user, mine] : [ctx.otherUser, theirs];
      const whose = owned.ownerField === undefined ? 'owner not shown' : owner === undefined ? `${owned.ownerField} not shown` : `user ${owner}`;
      findings.push(finding(`both users read ${noun} ${id}, which has one owner (${whose}): ${who(intruder)} is not it`, `403 (or 404) for the user who does not own ${noun} ${id}`, exchange));
    }
    if (mine.response.status === 200) records.set(id, mine);
  }
  return { byUser, byOther, records };
}

/**
 * Says what the other user's write answered: a 2xx is a finding (they may change what is not theirs), a 5xx
 * too. A 404 is a refusal that hides whether the object exists (a setting of apisim's server, and common
 * practice), but only when the owner's own GET of it answered 200: else it may just not be there.
 */
function refusal(ctx: CheckContext, findings: Finding[], done: string[], ownerRead: boolean) {
  return (what: string, exchange: WireExchange, object: string) => {
    const status = exchange.response.status;
    if (is2xx(status)) findings.push(finding(`${who(ctx.otherUser)} may change ${object}: ${what} answered ${status}`, `403 (or 404): ${object} is not theirs`, exchange));
    else if (status >= 500) findings.push(finding(`${what} by ${who(ctx.otherUser)} failed on the server`, '403 (or 404)', exchange));
    done.push(status === 404 && !ownerRead ? `${what} 404 not judged (its owner's GET did not answer 200)` : `${what} ${status}`);
  };
}

function createBody(owned: OwnedShape): Readonly<Record<string, unknown>> {
  const body = owned.create?.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** What a write probe comes to in the summary, and in the findings when the other user got through. */
function judgeWrite(ctx: CheckContext, findings: Finding[], done: string[], path: string, object: string, probe: WriteProbe, ownerRead: boolean): void {
  const what = `${probe.method} ${path}`;
  if (probe.judged === undefined) {
    // Every body was refused for its form: the server said nothing about who may write. Said, never passed over.
    done.push(`${what} not judged (${probe.answers.join(', ')}: no body it takes)`);
    return;
  }
  refusal(ctx, findings, done, ownerRead)(what, probe.judged, object);
}

/**
 * Every write method the object takes (its `Allow`, or PATCH, PUT and DELETE), by the other user, with
 * bodies that would change nothing if they got through (`noOpAttempts`), each re-sent in another form when
 * the answer is about the body. DELETE only on objects the suite created: on a vulnerable target it would
 * destroy someone's data.
 */
async function ownershipWrites(ctx: CheckContext, owned: OwnedShape, id: string, path: string, record: WireExchange | undefined, created: boolean, findings: Finding[], done: string[]): Promise<void> {
  const fields = record === undefined ? undefined : jsonOf(record.response);
  const current = typeof fields === 'object' && fields !== null && !Array.isArray(fields) ? (fields as Record<string, unknown>) : undefined;
  const { methods, allow } = owned.writes === undefined ? await writeMethods(ctx, path, ctx.user) : { methods: owned.writes, allow: owned.writes.join(', ') };
  const probed = methods.filter((method) => method !== 'DELETE' || created);
  if (probed.length === 0) done.push(`${path}: no write to probe (Allow: ${allow ?? 'none'}${created ? '' : '; DELETE only on what the suite created'})`);
  // The members a client sets (the creation's) are the ones a PATCH handler takes, before any other.
  const settable = [...owned.patchable, ...Object.keys(createBody(owned))];
  for (const method of probed) {
    const attempts = noOpAttempts(method, current, owned.ownerField, settable);
    if (attempts.length === 0) continue;
    let probe = await probeWrite(ctx, path, ctx.otherUser, attempts);
    // Every body refused for its form, and nothing said which member a client sets: the member tried may be
    // one the handler will not take (the owner, say), so each other member of the record is tried in turn,
    // as the principle tries them, until an answer is about the caller.
    for (const member of method === 'PATCH' && settable.length === 0 ? otherMembers(current, attempts) : []) {
      if (probe.judged !== undefined) break;
      const next = await probeWrite(ctx, path, ctx.otherUser, [{ method, json: member, contentType: 'application/json' }]);
      probe = { ...next, answers: [...probe.answers, ...next.answers] };
    }
    judgeWrite(ctx, findings, done, path, `${one(owned)} ${id}`, probe, record !== undefined);
  }
}

/** The record's other members, each alone as a no-op patch, that `attempts` did not send: a few at most. */
function otherMembers(record: Readonly<Record<string, unknown>> | undefined, attempts: readonly { readonly json?: unknown }[]): Record<string, unknown>[] {
  const sent = new Set(attempts.flatMap((a) => Object.keys(a.json ?? {})));
  return Object.entries(record ?? {})
    .filter(([name, value]) => name !== 'id' && !sent.has(name) && ['string', 'number', 'boolean'].includes(typeof value))
    .slice(0, 4)
    .map(([name, value]) => ({ [name]: value }));
}

async function userRecordWrites(ctx: CheckContext, template: string, findings: Finding[], done: string[]): Promise<void> {
  const userId = ctx.user.userId;
  if (userId === undefined) return;
  const path = itemPath(template, userId);
  const record = await ctx.origin.send('GET', path, { as: ctx.user });
  const refused = refusal(ctx, findings, done, record.response.status === 200);
  const emptyPatch = await ctx.origin.send('PATCH', path, { as: ctx.otherUser, json: {}, contentType: mergePatch });
  refused(`PATCH ${path}`, emptyPatch, `user ${userId}`);
  const fields = jsonOf(record.response);
  if (record.response.status === 200 && typeof fields === 'object' && fields !== null && !Array.isArray(fields)) {
    // The record as it is, without the id: ids are the server's (apisim refuses one in a body).
    const replacement = Object.fromEntries(Object.entries(fields).filter(([name]) => name !== 'id'));
    const put = await ctx.origin.send('PUT', path, { as: ctx.otherUser, json: replacement });
    refused(`PUT ${path}`, put, `user ${userId}`);
  }
}

/**
 * Each user creates one, and the other tries to read it, to change it with an empty merge patch, and to
 * delete it: the suite made it, so a delete that gets through destroys nothing of anyone's.
 */
async function createdIsolation(ctx: CheckContext, owned: OwnedShape, findings: Finding[], done: string[]): Promise<string> {
  const noun = one(owned);
  const made: string[] = [];
  for (const [owner, intruder] of [[ctx.user, ctx.otherUser], [ctx.otherUser, ctx.user]] as const) {
    const object = await makeOwned(ctx, owned, owner);
    if ('what' in object) {
      findings.push(object);
      continue;
    }
    const { id, path } = object;
    const own = await ctx.origin.send('GET', path, { as: owner });
    if (own.response.status !== 200) findings.push(finding(`${who(owner)} cannot read the ${noun} they just created`, `200 with ${noun} ${id}`, own));
    const read = await ctx.origin.send('GET', path, { as: intruder });
    if (read.response.status === 200 || read.response.status >= 500) {
      findings.push(finding(`${who(intruder)} read ${noun} ${id} of ${who(owner)}`, `403 (or 404): ${noun} ${id} is not theirs`, read));
    } else if (read.response.status !== 403 && read.response.status !== 404) {
      findings.push(finding(`${who(intruder)} got ${read.response.status} for GET ${path}`, '403 (or 404) for anyone but its owner', read));
    }
    made.push(`${noun} ${id} of ${owner.role}: ${intruder.role} GET ${read.response.status}`);
    if (owner === ctx.user) await ownershipWrites(ctx, owned, id, path, own.response.status === 200 ? own : undefined, true, findings, done);
  }
  return made.join(', ');
}

export const ordersOwnerIsolation: Check = {
  name: 'orders/owner-isolation',
  statement: "what one user owns the other can neither read nor change: each order is read by its owner only, and no-op writes to the user's order and user record are refused (spec §4 A rules 2 and 4)",
  principle: 'owner-isolation',
  maxRequests: 60,
  async run(ctx) {
    if (!ctx.shape.users) return skip('the target declares no users: declare users.user and users.otherUser (owner isolation needs two)');
    if (ctx.shape.owned.length === 0) return skip('the target declares nothing one user owns: declare owned: [{ name, path, create or ids }]');
    const findings: Finding[] = [];
    const writes: string[] = [];
    const said: string[] = [];
    let probed = false;
    for (const owned of ctx.shape.owned) {
      if (owned.probeIds.length > 0) {
        const { byUser, byOther, records } = await probedReads(ctx, owned, findings);
        if (byUser.length > 0 || byOther.length > 0) probed = true;
        // The user's own: by the owner their records name when the user's id is known and the records name one,
        // else those only they could read. A member that names nobody is said, never a silent skip.
        const named = owned.ownerField !== undefined && byUser.some((id) => ownerOf(records.get(id)!, owned) !== undefined);
        if (owned.ownerField !== undefined && byUser.length > 0 && !named) said.push(`${owned.ownerField} is in none of the ${owned.name} read: the user's own are those only they could read`);
        const ownIds = byUser.filter((id) => (ctx.user.userId !== undefined && named ? ownerOf(records.get(id)!, owned) === ctx.user.userId : !byOther.includes(id)));
        if (byUser.length > 0 && ownIds.length === 0) said.push(`no ${one(owned)} the user read is theirs alone: no write probed on ${owned.name} ${byUser.join(', ')}`);
        // One of the user's own is enough to probe every write method; all of them would multiply the requests.
        const ownId = ownIds[0];
        if (ownId !== undefined) await ownershipWrites(ctx, owned, ownId, itemPath(owned.item, ownId), records.get(ownId), false, findings, writes);
        said.push(`user read ${owned.name} [${byUser.join(', ')}], other-user [${byOther.join(', ')}]`);
      }
      if (owned.create !== undefined) {
        said.push(await createdIsolation(ctx, owned, findings, writes));
        probed = true;
      }
    }
    if (!probed && findings.length === 0) {
      const ids = ctx.shape.owned.flatMap((o) => o.probeIds);
      return skip(`neither user could read any of ${ctx.shape.owned.map((o) => o.name).join(', ')} ${ids.join(', ')}: give --order-ids that include their own orders`);
    }
    if (ctx.shape.userItem !== undefined) await userRecordWrites(ctx, ctx.shape.userItem, findings, writes);
    const users = ctx.shape.userItem !== undefined && ctx.user.userId === undefined ? '; user records not probed (the user id is unknown: --user-id)' : '';
    const hidden = [...said, ...writes].some((line) => / 404(?! not judged)/.test(line)) ? '; a 404 counts as a refusal where the owner\'s own GET answered 200 (it hides that the object exists)' : '';
    return judged(findings, `${said.join('; ')}; writes by the other user: ${writes.join(', ') || 'none probed'}${users}${hidden}`);
  },
};
