import type { SubscriptionRecord } from '../../../sim/nodes/graph-socket-client.js';
import { formatMs } from '../../../sim/format.js';

const outcomeText: Record<SubscriptionRecord['outcome'], string> = {
  pending: 'never asked for (the run ended first)',
  active: 'still running when the run ended',
  completed: 'completed by the client',
  done: 'completed by the server',
  error: 'refused or failed (error)',
  closed: 'ended by the socket closing',
  refused: 'upgrade refused, no socket',
  cancelled: 'cancelled before it was sent',
};

/** Each subscription: what it asked, how it ended, and every message the server sent for it, with time and size. */
export function renderSubscriptions(records: readonly SubscriptionRecord[]): string[] {
  const out = ['Subscriptions (graphql-ws over a WebSocket at /graphql; times are arrival at the client)'];
  records.forEach((r, i) => {
    const socket = r.connection === undefined ? '' : `  socket #${r.connection}`;
    const id = r.id === undefined ? '' : `  id ${r.id}`;
    const upgrade = r.handshakeStatus === undefined || r.handshakeStatus === 101 ? '' : ` (upgrade answered ${r.handshakeStatus})`;
    const close = r.close === undefined ? '' : ` (close ${r.close.code} ${JSON.stringify(r.close.reason)})`;
    out.push(`  ${i + 1}. ${r.client}${socket}${id}  ${operationText(r.payload.query)}: ${outcomeText[r.outcome]}${upgrade}${close}`);
    for (const m of r.received) {
      const payload = m.payload === undefined ? '' : `  ${shorten(JSON.stringify(m.payload), 110)}`;
      out.push(`     ${formatMs(m.atUs).padStart(11)} ms  ${`${m.type} ${m.id ?? ''}`.padEnd(12)}${String(m.bytes).padStart(5)} B${payload}`);
    }
  });
  return out;
}

/** `subscription OnComment`, or the start of an anonymous document. */
function operationText(query: string): string {
  const named = /^\s*(subscription|query|mutation)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(query);
  return named === null ? shorten(query.replace(/\s+/g, ' ').trim(), 48) : `${named[1]!} ${named[2]!}`;
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
