import { demoAccounts } from '../src/auth/accounts.js';
import type { OriginState } from '../src/origin.js';
import type { OrdersBehaviour } from '../src/policy/policy.js';
import { roleGrants } from '../src/policy/roles.js';

export interface BannerInput {
  readonly originUrl: string;
  /** Present with `--front`. */
  readonly cacheUrl: string | undefined;
  readonly unstableUrl: string | undefined;
  readonly orders: OrdersBehaviour;
  /** `--hide-existence`: someone else's order answers 404, as a missing one does. */
  readonly existenceHidden?: boolean;
  readonly state: OriginState;
  /** The data folder, absolute; undefined with storage in memory. */
  readonly dataDir: string | undefined;
}

/**
 * What `npm start` prints once it listens: where, who can log in with what, the seed data and who owns it,
 * and curl lines that work as printed. Pure, so a test can hold it to the seed.
 */
export function startBanner(input: BannerInput): string {
  const { originUrl, cacheUrl, unstableUrl, state } = input;
  const nameOf = (id: number): string => demoAccounts.find((a) => a.userId === id)?.username ?? `user ${id}`;
  const lines = [
    'apisim on real sockets',
    `  origin         ${originUrl}   orders: ${input.orders}`,
  ];
  if (cacheUrl !== undefined) lines.push(`  shared cache   ${cacheUrl}   reverse proxy in front of the origin (Cache-Status says hit or miss)`);
  if (unstableUrl !== undefined) lines.push(`  unstable line  ${unstableUrl}   in front of the cache: the first response of each request is lost`);
  lines.push(input.dataDir === undefined
    ? '  data           in memory (--memory): gone when the process ends'
    : `  data           ${input.dataDir}   kept across restarts and crashes (--memory keeps nothing)`);
  lines.push('', 'Demo accounts: POST /sessions (cookie sid) or POST /tokens (bearer JWT) with {"username","password"}');
  for (const a of demoAccounts) {
    const owns = state.orders.filter((o) => o.user_id === a.userId).map((o) => o.id);
    const orders = owns.length > 0 ? `owns orders ${owns.join(', ')}` : a.roles.some((r) => roleGrants[r]?.onAnyOwner.includes('read:orders') === true) ? 'reads any order, changes none' : 'owns no orders';
    lines.push(`  ${a.username.padEnd(6)} id ${a.userId}  password ${a.password.padEnd(9)} role ${a.roles.join(',').padEnd(9)} ${orders}`);
  }
  lines.push('', 'Data:');
  for (const u of state.users) lines.push(`  user ${u.id}   ${u.name} <${u.email}>`);
  for (const o of state.orders) lines.push(`  order ${o.id} of ${nameOf(o.user_id)}: ${o.delivery_address}, ${o.products.join(', ')}, ${o.total_cents} cents`);
  for (const p of state.posts.posts) {
    const comments = state.posts.comments.filter((c) => c.postId === p.id).length;
    lines.push(`  post ${p.id}   by ${nameOf(p.authorId)}: "${p.title}" (${comments} comment${comments === 1 ? '' : 's'})`);
  }
  lines.push(`  notes: ${state.notes.length === 0 ? 'none yet (PUT /notes/<id> or POST /notes)' : String(state.notes.length)}`);
  const json = "-H 'content-type: application/json'";
  lines.push(
    '',
    'Try (README.md, "Run it on real sockets", has the whole tour):',
    `  curl -si ${originUrl}/orders/121                             # 401: no credential`,
    `  curl -s -c alice.jar ${json} -d '{"username":"alice","password":"alice-pw"}' ${originUrl}/sessions`,
    `  curl -si -b alice.jar ${originUrl}/orders/121                # 200: alice's order`,
    `  curl -si -b alice.jar ${originUrl}/orders/123                # ${input.existenceHidden === true ? '404 in owner-check (--hide-existence)' : '403 in owner-check'}: bob's order`,
    `  curl -si -b alice.jar -X PUT ${json} -d '{"content":"buy milk"}' ${originUrl}/notes/1`,
  );
  if (cacheUrl !== undefined) lines.push(`  curl -si -b alice.jar ${cacheUrl}/notes/1 | grep -i cache-status   # twice: miss, then hit`);
  if (unstableUrl !== undefined) lines.push(`  curl -sSi -b alice.jar -X PUT ${json} -d '{"content":"milk"}' ${unstableUrl}/notes/2   # twice: lost, then 200`);
  lines.push('', 'Ctrl-C stops it.');
  return lines.join('\n');
}
