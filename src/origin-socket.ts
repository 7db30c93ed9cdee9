import type { Authenticator, GateOne } from './auth/authenticate.js';
import { callerKey, type Subject } from './auth/subject.js';
import type { SocketPeer } from './graph/subscriptions/connection.js';
import type { CallerCheck, SocketCaller } from './graph/subscriptions/graph-operations.js';
import type { GraphSocket, GraphSockets } from './graph/subscriptions/graph-sockets.js';
import { switchingProtocols, tooManySockets, upgradeRefusal } from './graph/subscriptions/upgrade.js';
import { andThen, type Maybe } from './http/handler.js';
import type { HttpRequest, HttpResponse } from './http/message.js';
import { audited, type UndecidedWords } from './pipeline/audit.js';
import { authenticate } from './pipeline/authenticate.js';
import { answerTo } from './pipeline/head-as-get.js';
import { rateLimit } from './pipeline/rate-limit.js';
import { callerOf, RequestContext } from './pipeline/request-context.js';
import { type Next, pipeline } from './pipeline/stage.js';
import type { TokenBuckets } from './rate-limit/token-bucket.js';
import type { AuditLog } from './policy/audit-log.js';
import { auditRecord, auditTarget } from './policy/audit-record.js';
import { Guard } from './policy/guard.js';
import type { Policy } from './policy/policy.js';

/** The handshake's answer: 101 and the socket's server side, or a refusal and no socket. */
export interface SocketOpening {
  readonly response: HttpResponse;
  readonly socket: GraphSocket | undefined;
}

/** What the origin lends its WebSocket door: the same gate 1, rate limit, policy and audit as every request. */
export interface SocketDoorParts {
  readonly now: () => number;
  readonly authenticator: Authenticator;
  readonly policy: Policy;
  readonly buckets: TokenBuckets;
  readonly audit: AuditLog;
  readonly sockets: GraphSockets;
}

/** An upgrade's context: the peer the socket will talk to, and the socket once the door opens it. */
class UpgradeContext extends RequestContext {
  readonly peer: SocketPeer;
  socket: GraphSocket | undefined = undefined;

  constructor(path: string, peer: SocketPeer) {
    super(path);
    this.peer = peer;
  }
}

const upgradeWords: UndecidedWords = (_req, res) => ({
  operation: 'open socket',
  reason: res.status === 101 ? 'gate 1 passed; gate 2 is asked for each operation' : `upgrade refused (${res.status})`,
});

/**
 * The origin's WebSocket door (`GET /graphql` with `Upgrade: websocket`). The upgrade is a request like any
 * other and passes the same stages: gate 1 with the cookie or bearer token it carries (the same 401 when it
 * fails), then the caller's rate limit (the same 429), then the upgrade's own checks, and every step is
 * audited. Past the door the socket stays as strict: every `subscribe` passes gate 1 and the rate limit
 * again with the handshake's credential (so a socket is not a way around either), and every push passes
 * gate 1 again, so a session revoked or a token expired since the upgrade ends the socket (4401) instead of
 * receiving on.
 */
export function graphSocketDoor(parts: SocketDoorParts): (req: HttpRequest, peer: SocketPeer) => Maybe<SocketOpening> {
  const upgrade: Next<UpgradeContext> = (req, ctx) => {
    const refusal = upgradeRefusal(req, ctx.pathname);
    if (refusal !== undefined) return refusal;
    const subject = callerOf(ctx).subject;
    ctx.socket = parts.sockets.open(ctx.peer, socketCaller(parts, req, subject), callerKey(subject));
    return ctx.socket === undefined ? tooManySockets(parts.sockets.maxSocketsPerCaller) : switchingProtocols();
  };
  const door = pipeline<UpgradeContext>(
    [audited(parts.audit, parts.now, upgradeWords), authenticate(parts.authenticator, parts.policy, parts.now), rateLimit(parts.buckets, parts.now)],
    upgrade,
  );
  return (req, peer) => {
    const ctx = new UpgradeContext(req.path, peer);
    return andThen(door(req, ctx), (res) => ({ response: answerTo(req, res), socket: ctx.socket }));
  };
}

/** Gate 1 (and for a `subscribe`, the rate limit) asked again with the credential the upgrade carried. */
function socketCaller(parts: SocketDoorParts, handshake: HttpRequest, opener: Subject): SocketCaller {
  const socketOperation = (guard: Guard | undefined) => auditTarget(guard, 'socket operation', '/graphql');
  const check = (rateLimited: boolean) => (gate: GateOne): CallerCheck => {
    const atUs = parts.now();
    if (!gate.ok) {
      parts.audit.record(auditRecord(atUs, opener, socketOperation(undefined), 'deny', gate.reason, 401));
      return { ok: false, closeReason: gate.reason };
    }
    const subject = gate.subject;
    if (rateLimited) {
      const admitted = parts.buckets.admit(callerKey(subject), atUs);
      if (!admitted.ok) {
        parts.audit.record(auditRecord(atUs, subject, socketOperation(undefined), 'deny', 'rate limited', 429));
        const message = `Too many requests: try again in ${admitted.retryAfterSeconds} s.`;
        return { ok: false, errors: [{ message, extensions: { code: 'RATE_LIMITED', retryAfterSeconds: admitted.retryAfterSeconds } }] };
      }
    }
    return { ok: true, guard: new Guard(subject, parts.policy) };
  };
  const admitting = check(true);
  const identifying = check(false);
  return {
    admit: () => andThen(parts.authenticator.authenticate(handshake, parts.now()), admitting),
    current: () => andThen(parts.authenticator.authenticate(handshake, parts.now()), identifying),
    // One socket operation: gate 2's last decision, or the socket when none was asked.
    record: (guard, status, reason) =>
      parts.audit.record(auditRecord(parts.now(), guard?.subject ?? opener, socketOperation(guard), status < 400 ? 'allow' : 'deny', reason, status)),
  };
}
