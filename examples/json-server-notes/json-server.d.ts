// json-server 0.17 ships no types; this is the part of its API the example uses, as its README shows it.
declare module 'json-server' {
  import type { Express, RequestHandler } from 'express';

  /** lowdb's lodash chain over the router's data: only the calls the example makes. */
  interface Chain {
    get(collection: string): Chain;
    getById(id: string): Chain;
    value(): unknown;
  }
  interface Router extends RequestHandler {
    readonly db: Chain;
  }
  const jsonServer: {
    create(): Express;
    router(source: object): Router;
    defaults(options?: { readonly logger?: boolean; readonly static?: string; readonly noCors?: boolean }): RequestHandler[];
    readonly bodyParser: RequestHandler[];
  };
  export default jsonServer;
}
