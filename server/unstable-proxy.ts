import { dropResponse, type FrontOptions, httpFront, subscriptionsAtTheOrigin } from './http-front.js';
import { listen, type ListenOptions, type RunningServer } from './listening-server.js';
import { resendIdentity } from './resend-identity.js';
import { Upstream } from './upstream.js';

export interface UnstableProxyOptions extends ListenOptions, Pick<FrontOptions, 'allowedHosts' | 'fronts'> {
  readonly upstreamUrl: string;
  readonly log?: (line: string) => void;
}

/** Requests whose response was dropped and whose re-send has not come yet; the oldest are forgotten first. */
const maxAwaitingResend = 10_000;

/**
 * The spec's unstable line (§3, §8.5) as a proxy, like `sim/faults/unstable-line.ts`: every request goes
 * upstream and is processed there, then the first response of each request is lost (the client's
 * connection is closed with no answer) and the re-send of the same request (`resendIdentity`) gets its
 * response. After that the request is forgotten, so sending it once more is a new request, which loses its
 * first response too: exactly one response lost per request.
 */
export async function startUnstableProxy(options: UnstableProxyOptions): Promise<RunningServer> {
  const upstream = new Upstream(options.upstreamUrl, '1.1 apisim-unstable-line', { fronts: options.fronts });
  const awaitingResend = new Set<string>();
  const server = httpFront(async (req) => {
    const identity = resendIdentity(req);
    const resend = awaitingResend.delete(identity);
    if (!resend) {
      awaitingResend.add(identity);
      if (awaitingResend.size > maxAwaitingResend) awaitingResend.delete(awaitingResend.values().next().value!);
    }
    const res = await upstream.send(req);
    return resend ? res : dropResponse;
  }, { ...options, upgradeRefusalDetail: subscriptionsAtTheOrigin() });
  const running = await listen(server, options);
  return {
    url: running.url,
    close: async () => {
      await running.close();
      upstream.close();
    },
  };
}
