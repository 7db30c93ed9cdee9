import { z } from 'zod';
import { cacheModes } from '../nodes/cache.js';

/**
 * The words a scenario file and a target description (`apisim.config.ts`) share: a request's parts, the app
 * that stands in for apisim's origin, and the behaviours of apisim's own origin. Both schemas are built from
 * these, so the two files take the same header names, methods, paths and app, and refuse them in the same
 * words.
 */

/** RFC 9110 §5.6.2's token: what a field name is (§5.1), and a cookie's name (RFC 6265 §4.1.1). */
const httpToken = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export const headerName = z.string().regex(httpToken, 'must be an HTTP header name (RFC 9110 token)');

export const cookieName = z.string().regex(httpToken, 'must be a cookie name (RFC 6265: a token, like "sid")');

export const httpMethod = z.string().regex(/^[A-Z]{1,16}$/, 'must be an upper-case HTTP method like "GET"');

/**
 * A path sent as written: a scenario's step, a target's sign-in or creation. It may carry a query, because
 * users write one there (`/users?limit=5`, `/graphql?query=…`, a login at `/auth/token?grant_type=password`)
 * and it reaches the service untouched. A fragment never leaves a client (RFC 9110 §7.1), so it is refused.
 */
export const requestPath = z.string().regex(/^\/[^\s#]*$/, 'must start with "/" and contain no spaces or fragment');

/**
 * A path apisim builds on rather than sends as written: an object's `{id}` template, a collection, the graph
 * endpoint (a persisted query adds `?query=` to it), a public endpoint compared with the paths requests go
 * to. A query there would be sent twice over, or never match, so it is refused.
 */
export const resourcePath = z.string().regex(/^\/[^\s#?]*$/, 'must start with "/" and hold no spaces, query or fragment');

/**
 * The app that runs as the origin in place of apisim's own (docs/guest-world.md, "Naming your app in a
 * scenario file"): a scenario file's `origin`, a target description's `app`. `sim/host/app-module/` loads it,
 * relative to the file that names it.
 */
export const appModuleSpec = z
  .strictObject({
    module: z.string().min(1).describe('The app\'s module, a path relative to the file that names it (the scenario file, or apisim.config.ts), e.g. "./app.ts" (npm run sim runs under tsx, so TypeScript works).'),
    export: z
      .string()
      .regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, 'must be the name of an export, like "default" or "createApp"')
      .default('default')
      .describe('Which export of the module is the app: a fetch app ({ fetch }, e.g. Hono), a fetch function (request) => Response, a Node listener (req, res) (e.g. Express), or a factory () => one of those, called once per run (recommended).'),
    kind: z
      .enum(['factory', 'fetch', 'listener'])
      .optional()
      .describe('What the export is, when its number of parameters would mislead: by default a function of 0 parameters is a factory, of 1 a fetch function, of 2 or more a Node listener.'),
    options: z
      .json()
      .optional()
      .describe('Handed to the factory as its one argument, a fresh copy each run (createApp({ ownerCheck: false })): one module, several variants. The export must then be a factory, whatever its number of parameters.'),
    allowNativeAddons: z
      .array(z.string().regex(/^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/, 'must be an npm package name, like "better-sqlite3"'))
      .optional()
      .describe('The npm packages whose native addon the app may load in the virtual world, e.g. ["better-sqlite3"]: only addons whose every call finishes its work before it returns; any other addon is refused.'),
  })
  .describe('Your own app as the origin, in place of apisim\'s: its module may also export state(app), the final state --json reports.');

export type AppModuleSpec = z.output<typeof appModuleSpec>;

/**
 * apisim's own origin in one of its behaviours, the spec's correct one by default: a scenario's `modes` and a
 * target's `app.apisim` hold these.
 */
export const ownOriginModes = {
  idempotencyRecord: z.enum(['with-effect', 'write-behind']).default('with-effect')
    .describe('"write-behind": a broken origin that writes the idempotency record in a step after the effect, so a crash between them duplicates the effect on the re-send.'),
  cache: z.enum(cacheModes).default('rfc9111').describe('"no-invalidation": a broken cache that keeps serving what it stored after a write (RFC 9111 §4.4 ignored).'),
  orders: z.enum(['owner-check', 'login-only']).default('owner-check').describe('The spec\'s two server behaviours for GET /orders/<id> (§1.2).'),
};

/**
 * Whether someone else's order can be told from a missing one. Left without a default here: a scenario that
 * does not say takes the origin's default, a target description writes it out.
 */
export const orderExistenceMode = z.enum(['revealed', 'hidden'])
  .describe('Someone else\'s order: "revealed" (default, the spec\'s pair) answers 403 and a missing one 404; "hidden" answers 404 for both, so existence cannot be observed (npm start --hide-existence).');
