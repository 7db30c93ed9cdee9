import type { HttpRequest, HttpResponse } from './message.js';

/** Anything that answers requests: the origin, or a stand-in in a test. All the simulator needs of a server. */
export interface RequestHandler {
  handle(req: HttpRequest): HttpResponse | Promise<HttpResponse>;
}
