import type { Caller } from '../conformance/caller.js';
import { NoResponse, type Transport } from '../conformance/transport.js';
import type { WireResponse } from '../conformance/wire.js';
import { setCookieList } from '../../sim/host/adapters/set-cookie-list.js';
import type { TargetSession } from './target-session.js';

/**
 * The conformance checks' transport in the simulator: each request is a step of the session, sent by the
 * client of the caller's role (`user`, `other-user`, or `anonymous` for a request with no caller), through
 * the simulated line and shared cache to the app, with the headers the check built (the caller's credential
 * among them). A wait is kept on the virtual clock: the next request starts that much later, in the run and
 * in its recording.
 */
export function sessionTransport(run: TargetSession, baseUrl: string): Transport {
  let notBeforeUs = 0;
  return {
    baseUrl,
    async exchange(request, as: Caller | undefined) {
      const path = request.url.startsWith(baseUrl) ? request.url.slice(baseUrl.length) || '/' : request.url;
      const exchange = await run.session.send(
        { client: as?.role ?? 'anonymous', method: request.method, path, headers: request.headers, ...(request.body === undefined ? {} : { rawBody: request.body }) },
        { notBeforeUs },
      );
      const response = exchange.response;
      if (response === undefined) throw new NoResponse(`${request.method} ${path}: no response; the client gave up after ${exchange.attempts} attempt${exchange.attempts === 1 ? '' : 's'}`, request);
      const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => name !== 'set-cookie'));
      const answer: WireResponse = { status: response.status, headers, setCookies: setCookieList(response.headers), body: response.body ?? '', elapsedMs: (exchange.latencyUs ?? 0) / 1000, attempts: exchange.attempts };
      return answer;
    },
    wait: (ms) => {
      notBeforeUs = run.session.nowUs + Math.round(ms * 1000);
      return Promise.resolve();
    },
    nowMs: () => run.session.nowUs / 1000,
  };
}
