import { type Authenticator, type GateOne, unauthenticated } from './auth/authenticate.js';
import type { Subject } from './auth/subject.js';
import { type HttpRequest, type HttpResponse, response, splitPath } from './http/message.js';
import type { SocketPeer } from './graph/subscriptions/connection.js';
import type { CallerCheck, SocketCaller } from './graph/subscriptions/graph-operations.js';
import type { GraphSocket, GraphSockets } from './graph/subscriptions/graph-sockets.js';
import { switchingProtocols, upgradeRefusal } from './graph/subscriptions/upgrade.js';
import type { TokenBuckets } from './rate-limit/token-bucket.js';
import type { AuditLog, AuditRecord } from './policy/audit-log.js';
import { Guard } from './policy/guard.js';
import { describeObject, describeOperation } from './policy/operation.js';
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
  readonly buckets: TokenBuckets;
  readonly policy: Policy;
  readonly audit: AuditLog;
  readonly sockets: GraphSockets;
  readonly tooManyRequests: (retryAfterSeconds: number) => HttpResponse;
}

/**
 * The origin's WebSocket door (`GET /graphql` with `Upgrade: websocket`). The upgrade is a request like any
 * other: gate 1 with the cookie or bearer token it carries (the same 401 when it fails), then the caller's
 * rate limit (the same 429), then the upgrade's own checks, and every step is audited. Past the door the
 * socket stays as strict: every `subscribe` passes gate 1 and the rate limit again with the handshake's
 * credential (so a socket is not a way around either), and every push passes gate 1 again, so a session
 * revoked or a token expired since the upgrade ends the socket (4401) instead of receiving on.
 */
export function openSocket(parts: SocketDoorParts, req: HttpRequest, peer: SocketPeer): SocketOpening | Promise<SocketOpening> {
  const gate = parts.authenticator.authenticate(req, parts.now());
  return gate instanceof Promise ? gate.then((g) => upgrade(parts, req, g, peer)) : upgrade(parts, req, gate, peer);
}

function upgrade(parts: SocketDoorParts, req: HttpRequest, gate: GateOne, peer: SocketPeer): SocketOpening {
  const { pathname } = splitPath(req.path);
  const at = { atUs: parts.now(), operation: 'open socket', object: pathname, objectId: null };
  if (!gate.ok) {
    parts.audit.record({ ...at, userId: null, username: null, via: null, decision: 'deny', reason: gate.reason, status: 401 });
    return refused(req, unauthenticated(gate.reason, gate.tokenPresented));
  }
  const subject = gate.subject;
  const who = { userId: subject.userId, username: subject.username, via: subject.via };
  const admitted = parts.buckets.admit(`user:${subject.userId}`, at.atUs);
  const refusal = !admitted.ok ? parts.tooManyRequests(admitted.retryAfterSeconds) : upgradeRefusal(req, pathname);
  if (refusal !== undefined) {
    parts.audit.record({ ...at, ...who, decision: 'deny', reason: admitted.ok ? `upgrade refused (${refusal.status})` : 'rate limited', status: refusal.status });
    return refused(req, refusal);
  }
  parts.audit.record({ ...at, ...who, decision: 'allow', reason: 'gate 1 passed; gate 2 is asked for each operation', status: 101 });
  return { response: switchingProtocols(), socket: parts.sockets.open(peer, socketCaller(parts, req, subject)) };
}

/** A response to HEAD has no content (RFC 9110 §9.3.2), a refusal included, as `handle` answers it; found by the WebSocket fuzzing. */
function refused(req: HttpRequest, res: HttpResponse): SocketOpening {
  return { response: req.method === 'HEAD' ? response(res.status, res.headers) : res, socket: undefined };
}

/** Gate 1 (and for a `subscribe`, the rate limit) asked again with the credential the upgrade carried. */
function socketCaller(parts: SocketDoorParts, handshake: HttpRequest, opener: Subject): SocketCaller {
  const check = (rateLimited: boolean) => (gate: GateOne): CallerCheck => {
    const atUs = parts.now();
    if (!gate.ok) {
      parts.audit.record({
        atUs, userId: opener.userId, username: opener.username, via: opener.via, operation: 'socket operation', object: '/graphql', objectId: null,
        decision: 'deny', reason: gate.reason, status: 401,
      });
      return { ok: false, closeReason: gate.reason };
    }
    const subject = gate.subject;
    if (rateLimited) {
      const admitted = parts.buckets.admit(`user:${subject.userId}`, atUs);
      if (!admitted.ok) {
        parts.audit.record({
          atUs, userId: subject.userId, username: subject.username, via: subject.via, operation: 'socket operation', object: '/graphql', objectId: null,
          decision: 'deny', reason: 'rate limited', status: 429,
        });
        const message = `Too many requests: try again in ${admitted.retryAfterSeconds} s.`;
        return { ok: false, errors: [{ message, extensions: { code: 'RATE_LIMITED', retryAfterSeconds: admitted.retryAfterSeconds } }] };
      }
    }
    return { ok: true, guard: new Guard(subject, parts.policy) };
  };
  const ask = (rateLimited: boolean): CallerCheck | Promise<CallerCheck> => {
    const gate = parts.authenticator.authenticate(handshake, parts.now());
    return gate instanceof Promise ? gate.then(check(rateLimited)) : check(rateLimited)(gate);
  };
  return {
    admit: () => ask(true),
    current: () => ask(false),
    record: (guard, status, reason) => parts.audit.record(operationRecord(parts.now(), guard, opener, status, reason)),
  };
}

/** One socket operation as the audit log reads it: gate 2's last decision, or the socket when none was asked. */
function operationRecord(atUs: number, guard: Guard | undefined, opener: Subject, status: number, reason: string): AuditRecord {
  const subject = guard?.subject ?? opener;
  const d = guard?.decision;
  return {
    atUs, userId: subject.userId, username: subject.username, via: subject.via,
    operation: d === undefined ? 'socket operation' : describeOperation(d.operation),
    object: d === undefined ? '/graphql' : describeObject(d.object),
    objectId: d?.object.id ?? null,
    decision: status < 400 ? 'allow' : 'deny',
    reason,
    status,
  };
}
