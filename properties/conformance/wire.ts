import type { SequenceDiagram } from '../../api/cli/render/html/report-model.js';

/**
 * What travels between the suite and the target, recorded as sent and received, so that a failure can be
 * shown as the exact request that reproduces it.
 */
export interface WireRequest {
  readonly method: string;
  /** Absolute URL. */
  readonly url: string;
  /** Lower-case names, as sent. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
}

export interface WireResponse {
  readonly status: number;
  /** Lower-case names; repeated fields joined with ", " except `set-cookie`, kept in `setCookies`. */
  readonly headers: Readonly<Record<string, string>>;
  readonly setCookies: readonly string[];
  readonly body: string;
  readonly elapsedMs: number;
  /**
   * How many times the request was sent before this answer: 1 over sockets; in the simulator, a client on a
   * faulty line re-sends, and the answer may be to a later copy.
   */
  readonly attempts?: number;
  /**
   * In the simulator, when its trace is kept (`--html`): what the exchange did on each hop, through the line
   * and the cache to the app and back, as the HTML report draws it.
   */
  readonly sequence?: SequenceDiagram;
}

export interface WireExchange {
  readonly request: WireRequest;
  readonly response: WireResponse;
}

/** An exchange a check made, with who sent it and where to: the requests a report draws. */
export interface SentExchange extends WireExchange {
  /** The caller's role (`user`, `other-user`), or `anonymous` for a request that carries no credential. */
  readonly as: string;
  /** The base URL it went to: the origin's, or the cache's. */
  readonly to: string;
}

/** The body as JSON, or undefined when it is empty or not JSON. */
export function jsonOf(response: WireResponse): unknown {
  if (response.body === '') return undefined;
  try {
    return JSON.parse(response.body) as unknown;
  } catch {
    return undefined;
  }
}

/** `404 {"type":"/problems/not-found",...}`, shortened: for one-line reasons and "got" lines. */
export function describeResponse(response: WireResponse, maxChars = 160): string {
  const body = response.body.replace(/\s+/g, ' ').trim();
  const shown = body.length > maxChars ? `${body.slice(0, maxChars)}…` : body;
  return shown === '' ? `${response.status} (no body)` : `${response.status} ${shown}`;
}
