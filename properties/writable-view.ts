import type { Role, TargetSession } from './targets/target-session.js';

/** A read that shows part of what the service holds: who asks, and where. */
export interface HeldRead {
  readonly role: Role;
  readonly path: string;
}

/**
 * What the service holds, as far as these reads show it: each read's status and body, in order. Each asks
 * the cache to go to the origin (`Cache-Control: no-cache`, RFC 9111 §5.2.1.4), so that a stored copy
 * cannot hide a change, nor a stale one invent one.
 *
 * apisim's own origin also reports its stores exactly (`state()`), and that is added. A guest's `state(app)`
 * is not: it is whatever the app chose to report, and may count requests (the Yoga example counts resolver
 * calls), which a read rightly moves.
 *
 * `shown` is what of a body the view keeps: all of it, unless the caller compares less (`intendedEffect`).
 */
export async function heldView(run: TargetSession, reads: readonly HeldRead[], shown: (body: string | undefined) => string = (body) => body ?? ''): Promise<string[]> {
  const lines: string[] = [];
  for (const { role, path } of reads) {
    const exchange = await run.send(role, { method: 'GET', path, headers: { 'cache-control': 'no-cache' } });
    const response = exchange.response;
    lines.push(`${role} GET ${path}: ${response === undefined ? 'no answer' : `${response.status} ${shown(response.body)}`}`);
  }
  if ('apisim' in run.target.app) lines.push(`the origin's stores: ${shown(JSON.stringify(run.session.state()))}`);
  return lines;
}

/** What differs between two views of the same reads, a line each; empty when they agree. */
export function viewChanges(before: readonly string[], after: readonly string[]): string[] {
  const changes: string[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const [was, now] = [before[i], after[i]];
    if (was !== now) changes.push(`was ${around(was, now)}, now ${around(now, was)}`);
  }
  return changes;
}

/** A long line from a little before where it first differs from the other: the stores are one long line. */
function around(line: string | undefined, other: string | undefined): string {
  if (line === undefined) return 'nothing';
  if (line.length <= 240) return line;
  let at = 0;
  while (at < line.length && line[at] === other?.[at]) at++;
  const from = Math.max(0, Math.min(at - 80, line.length - 240));
  return `${from > 0 ? '…' : ''}${line.slice(from, from + 240)}${from + 240 < line.length ? '…' : ''}`;
}
