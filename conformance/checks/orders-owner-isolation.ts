import type { Caller } from '../caller.js';
import { type Check, type CheckContext, finding, type Finding, is2xx, judged, skip } from '../check.js';
import { type WireExchange, jsonOf } from '../wire.js';

const mergePatch = 'application/merge-patch+json';
const who = (caller: Caller): string => `--${caller.role} (${caller.label}${caller.userId === undefined ? '' : `, user ${caller.userId}`})`;

/** The order's owner as its record names it (spec §2: "owner (stored as user_id)"), when it was read. */
function ownerOf(exchange: WireExchange): string | undefined {
  if (exchange.response.status !== 200) return undefined;
  const owner = (jsonOf(exchange.response) as { user_id?: unknown } | undefined)?.user_id;
  return typeof owner === 'number' || typeof owner === 'string' ? String(owner) : undefined;
}

/** Reads every probed order as both users and reports every read that cannot be its owner's. */
async function orderReads(ctx: CheckContext, findings: Finding[]): Promise<{ readonly byUser: number[]; readonly byOther: number[]; readonly records: Map<number, WireExchange> }> {
  const byUser: number[] = [];
  const byOther: number[] = [];
  const records = new Map<number, WireExchange>();
  for (const id of ctx.settings.orderIds) {
    const path = `/orders/${id}`;
    const reads = [[ctx.user, await ctx.origin.send('GET', path, { as: ctx.user })], [ctx.otherUser, await ctx.origin.send('GET', path, { as: ctx.otherUser })]] as const;
    const reported = findings.length;
    for (const [caller, exchange] of reads) {
      const status = exchange.response.status;
      if (status === 200) (caller === ctx.user ? byUser : byOther).push(id);
      if (status !== 200 && status !== 403 && status !== 404) findings.push(finding(`${who(caller)} got ${status} for GET ${path}`, '200 for its owner, 403 (or 404) for anyone else', exchange));
      const owner = ownerOf(exchange);
      if (caller.userId !== undefined && owner !== undefined && owner !== caller.userId) {
        findings.push(finding(`${who(caller)} read order ${id} of user ${owner}`, `403 (or 404): order ${id} is not theirs`, exchange));
      }
    }
    const [[, mine], [, theirs]] = reads;
    if (findings.length === reported && mine.response.status === 200 && theirs.response.status === 200) {
      // Whose it is may be unknown here; either way one of the two reads was not the owner's.
      const owner = ownerOf(mine);
      const [intruder, exchange] = owner !== undefined && owner === ctx.otherUser.userId ? [ctx.user, mine] : [ctx.otherUser, theirs];
      findings.push(finding(`both users read order ${id}, which has one owner (${owner === undefined ? 'user_id not shown' : `user ${owner}`}): ${who(intruder)} is not it`, `403 (or 404) for the user who does not own order ${id}`, exchange));
    }
    if (mine.response.status === 200) records.set(id, mine);
  }
  return { byUser, byOther, records };
}

/**
 * Writes that would change nothing if they were allowed (the same address, an empty merge patch, the record
 * as it is): a missing owner check shows as a 2xx without any harm to the owner's data. DELETE is not probed
 * on objects the suite did not create: on a vulnerable target it would destroy them.
 */
async function noOpWrites(ctx: CheckContext, ownOrders: readonly number[], records: Map<number, WireExchange>, findings: Finding[]): Promise<string[]> {
  const done: string[] = [];
  const refused = (what: string, exchange: WireExchange, object: string) => {
    const status = exchange.response.status;
    if (is2xx(status)) findings.push(finding(`${who(ctx.otherUser)} may change ${object}: ${what} answered ${status}`, `403 (or 404): ${object} is not theirs`, exchange));
    else if (status >= 500) findings.push(finding(`${what} by ${who(ctx.otherUser)} failed on the server`, '403 (or 404)', exchange));
    done.push(`${what} ${status}`);
  };
  const orderId = ownOrders.find((id) => typeof (jsonOf(records.get(id)!.response) as { delivery_address?: unknown }).delivery_address === 'string');
  if (orderId !== undefined) {
    const address = (jsonOf(records.get(orderId)!.response) as { delivery_address: string }).delivery_address;
    const patch = await ctx.origin.send('PATCH', `/orders/${orderId}`, { as: ctx.otherUser, json: { delivery_address: address }, contentType: mergePatch });
    refused(`PATCH /orders/${orderId}`, patch, `order ${orderId}`);
  }
  const userId = ctx.user.userId;
  if (userId === undefined) return done;
  const path = `/users/${encodeURIComponent(userId)}`;
  const record = await ctx.origin.send('GET', path, { as: ctx.user });
  const emptyPatch = await ctx.origin.send('PATCH', path, { as: ctx.otherUser, json: {}, contentType: mergePatch });
  refused(`PATCH ${path}`, emptyPatch, `user ${userId}`);
  const fields = jsonOf(record.response);
  if (record.response.status === 200 && typeof fields === 'object' && fields !== null && !Array.isArray(fields)) {
    // The record as it is, without the id: ids are the server's (apisim refuses one in a body).
    const replacement = Object.fromEntries(Object.entries(fields).filter(([name]) => name !== 'id'));
    const put = await ctx.origin.send('PUT', path, { as: ctx.otherUser, json: replacement });
    refused(`PUT ${path}`, put, `user ${userId}`);
  }
  return done;
}

export const ordersOwnerIsolation: Check = {
  name: 'orders/owner-isolation',
  principle: "what one user owns the other can neither read nor change: each order is read by its owner only, and no-op writes to the user's order and user record are refused (spec §4 A rules 2 and 4)",
  maxRequests: 40,
  async run(ctx) {
    const findings: Finding[] = [];
    const { byUser, byOther, records } = await orderReads(ctx, findings);
    if (byUser.length === 0 && byOther.length === 0 && findings.length === 0) {
      return skip(`neither user could read any of orders ${ctx.settings.orderIds.join(', ')}: give --order-ids that include their own orders`);
    }
    // The user's own orders: by the owner their records name when the user's id is known, else those only they could read.
    const ownOrders = byUser.filter((id) => (ctx.user.userId !== undefined ? ownerOf(records.get(id)!) === ctx.user.userId : !byOther.includes(id)));
    const writes = await noOpWrites(ctx, ownOrders, records, findings);
    const users = ctx.user.userId === undefined ? '; user records not probed (the user id is unknown: --user-id)' : '';
    return judged(findings, `user read orders [${byUser.join(', ')}], other-user [${byOther.join(', ')}]; refused: ${writes.join(', ') || 'no write probed'}${users}`);
  },
};
