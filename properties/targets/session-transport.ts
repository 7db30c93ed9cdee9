import { z } from 'zod';
import type { Caller } from '../conformance/caller.js';
import { LostOnTheLine, NoResponse, type Transport } from '../conformance/transport.js';
import type { WireResponse } from '../conformance/wire.js';
import { setCookieList } from '../../src/http/set-cookie-list.js';
import type { Exchange } from '../../sim/exchange.js';
import type { Session, SessionRequest } from '../../sim/session/session.js';
import { runSequence } from '../../api/cli/render/run-sequence.js';

/** What a request in the simulator is addressed to: a name under `.invalid` (RFC 6761), which reaches nothing real. */
export const simulatedBaseUrl = (targetName: string) => `http://${targetName}.apisim.invalid`;

/**
 * The conformance checks' transport in the simulator: each request is a step of the session, sent by the
 * client of the caller's role (`user`, `other-user`), or by `client` for a request with no caller
 * (`anonymous`, or the user a sign-in is for), through the simulated line and shared cache to the app, with
 * the headers the check built (the caller's credential among them). A wait is kept on the virtual clock: the
 * next request starts that much later, in the run and in its recording. When the session keeps its trace,
 * each response carries the hops its exchange took, drawn for the HTML report, the app's lane named `app`.
 */
export function sessionTransport(session: Session, baseUrl: string, client = 'anonymous', lossy = false, app = 'app'): Transport {
  let notBeforeUs = 0;
  return {
    baseUrl,
    async exchange(request, as: Caller | undefined) {
      const path = request.url.startsWith(baseUrl) ? request.url.slice(baseUrl.length) || '/' : request.url;
      const eventsBefore = session.trace.count;
      const exchange = await session.send(
        { client: as?.role ?? client, method: request.method, path, headers: request.headers, ...stepBody(request.body, request.headers) },
        { notBeforeUs },
      );
      const response = exchange.response;
      if (response === undefined) {
        const why = `${request.method} ${path}: no response; the client gave up after ${exchange.attempts} attempt${exchange.attempts === 1 ? '' : 's'}`;
        // On a line that loses messages, that is the line's doing; on one that does not, the app never answered.
        throw lossy ? new LostOnTheLine(`${why} on a line that loses messages`, request) : new NoResponse(why, request);
      }
      const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => name !== 'set-cookie'));
      const answer: WireResponse = { status: response.status, headers, setCookies: setCookieList(response.headers), body: response.body ?? '', elapsedMs: (exchange.latencyUs ?? 0) / 1000, attempts: exchange.attempts };
      return session.trace.mode === 'full' && session.trace.omittedEvents === 0 ? { ...answer, sequence: hops(session, eventsBefore, exchange, app) } : answer;
    },
    wait: (ms) => {
      notBeforeUs = session.nowUs + Math.round(ms * 1000);
      return Promise.resolve();
    },
    nowMs: () => session.nowUs / 1000,
  };
}

/**
 * What one exchange did, from the events recorded since it was sent: its own, and the node events (a crash,
 * a restart) among them. Late copies of earlier exchanges that land meanwhile belong to those.
 */
function hops(session: Session, eventsBefore: number, exchange: Exchange, app: string) {
  const events = session.trace.events.slice(eventsBefore).filter((e) => e.exchangeId === exchange.id || e.method === '');
  return runSequence(events, [exchange], { app });
}

const jsonMediaType = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/**
 * The body as the step records it. A JSON text sent as JSON is kept as its value, as a scenario file writes a
 * body, so that a recorded sign-in reads as the description wrote it; only when the step sends exactly these
 * bytes again (`body` is checked as a JSON value and sent as its JSON text), else the text is kept as it is.
 * The request carries its content type, so the step adds none.
 */
function stepBody(text: string | undefined, headers: Readonly<Record<string, string>>): Pick<SessionRequest, 'body' | 'rawBody'> {
  if (text === undefined) return {};
  const type = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  if (type === undefined || !jsonMediaType.test(type)) return { rawBody: text };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { rawBody: text };
  }
  const kept = z.json().safeParse(value);
  return kept.success && JSON.stringify(kept.data) === text ? { body: kept.data } : { rawBody: text };
}
