import { z } from 'zod';
import { appModuleSpec, headerName, httpMethod, orderExistenceMode, ownOriginModes, requestPath, resourcePath } from '../../sim/scenario/vocabulary.js';

/**
 * What apisim must know of a service to check its principles (docs/your-service.md): written once, in
 * `apisim.config.ts` with `defineTarget`, and read both by `apisim conformance --config` (the checks, through
 * the simulator or over sockets) and by `principles(target)` in a project's own tests (the properties).
 *
 * Paths name their id with `{id}`, as OpenAPI writes them. Bodies are JSON values, sent as written. A request
 * sent as written (a sign-in, a creation) may carry a query in its path; a path the checks build on may not
 * (`sim/scenario/vocabulary.ts` says why).
 */
const itemPath = resourcePath.refine((p) => p.includes('{id}'), { message: 'must name the id as {id}, e.g. "/orders/{id}"' });
const headers = z.record(headerName, z.string());
const json = z.json();

/**
 * An id as the service names it: a string, or an integer for a service whose ids are numbers (`"id": 7`),
 * written either way. Held as its text, which is how it travels in a path and how an answer's id is compared
 * (`createdId`, an owner member read as a number or a string).
 */
const serviceId = z.union([z.string().min(1), z.number().int()], { error: 'must be an id: a non-empty string or an integer' }).transform(String);

/** `"POST /users"`: a method and a path, as the spec writes its endpoints. */
const endpoint = z.string().refine((text) => {
  const space = text.indexOf(' ');
  return space > 0 && httpMethod.safeParse(text.slice(0, space)).success && resourcePath.safeParse(text.slice(space + 1)).success;
}, 'must be "METHOD /path", e.g. "POST /users"');

/** A request the checks send as written: a sign-in, a creation. */
const requestSpec = z.strictObject({
  method: httpMethod.default('POST'),
  path: requestPath,
  headers: headers.default({}),
  body: json.optional(),
});

/**
 * How one ordinary user gets a credential: a sign-in request whose answer sets a cookie (`credential:
 * "cookie"`, as a session login does) or names a bearer token in a body member (`credential: { bearer:
 * "access_token" }`); or headers given as they are.
 */
const userSpec = z.union([
  z.strictObject({
    login: requestSpec,
    credential: z.union([z.literal('cookie'), z.strictObject({ bearer: z.string().min(1) })], { error: 'must be "cookie", or { bearer: "<the member of the answer\'s body that holds the token>" }' }).default('cookie')
      .describe('"cookie": the answer\'s Set-Cookie is sent back as Cookie; { bearer: "access_token" }: that member of the answer\'s body is sent as Authorization: Bearer.'),
    id: serviceId.optional().describe('The user\'s id as the service names it, where objects name their owner: a string, or a number for a service whose ids are numbers.'),
  }),
  z.strictObject({
    headers: z
      .custom<Readonly<Record<string, string>> | UserHeaders>((value) => typeof value === 'function' || headers.safeParse(value).success, 'must be headers (HTTP header names, each to a string), or a function that returns them')
      .describe('Sent on every request of this user, e.g. { authorization: "Bearer ..." }; or a function that returns them, called once per run (in a simulated run, on its virtual clock: a token it signs is dated in virtual time).'),
    id: serviceId.optional(),
  }),
]);

/** A user's headers made when a run needs them: a token signed with your own key, say. */
export type UserHeaders = () => Readonly<Record<string, string>> | Promise<Readonly<Record<string, string>>>;

/** What one user owns and the other must neither read nor change (the orders rule, spec §4 A). */
const ownedSpec = z
  .strictObject({
    name: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a lower-case name like "orders"'),
    path: itemPath.describe('One object, e.g. "/orders/{id}".'),
    methods: z.array(z.enum(['GET', 'PUT', 'PATCH', 'DELETE'])).default(['GET'])
      .describe('What the object answers: the other user tries each, and must be refused; PUT and PATCH send the create body.'),
    create: requestSpec.optional().describe('How a user makes one they own; its id is read from the answer\'s body (id) or Location.'),
    owner: z.string().min(1).optional()
      .describe('The member of an object\'s record that names its owner (the spec\'s "user_id"): a read that shows someone else\'s is a finding.'),
    ids: z
      .strictObject({ user: z.array(serviceId).default([]), otherUser: z.array(serviceId).default([]) })
      .optional()
      .describe('Objects that exist before any request, by owner: for a service with data of its own.'),
    within: z
      .strictObject({
        owned: z.string().min(1).describe('The name of the owned kind it is made in, e.g. "projects".'),
        param: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a path parameter\'s name, e.g. "projectId"'),
      })
      .optional()
      .describe('A nested object, made inside an object of another owned kind (a task in a project): the user makes that one first, and its id fills {<param>} in path and create.path.'),
  })
  .refine((o) => o.create !== undefined || o.ids !== undefined, { message: 'say how the users come to own one: "create", "ids" or both' })
  .superRefine((o, ctx) => {
    if (o.within === undefined) return;
    const slot = `{${o.within.param}}`;
    if (o.create === undefined || o.ids !== undefined) ctx.addIssue({ code: 'custom', path: ['within'], message: 'a nested object is made in its parent\'s, so it needs "create" and no "ids"' });
    if (!o.path.includes(slot)) ctx.addIssue({ code: 'custom', path: ['path'], message: `must name its parent as ${slot}, as within.param says` });
    if (o.create !== undefined && !o.create.path.includes(slot)) ctx.addIssue({ code: 'custom', path: ['create', 'path'], message: `must name its parent as ${slot}, as within.param says` });
  });

/** A collection clients write to (the notes rules, spec §4 B). */
const writableSpec = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a lower-case name like "notes"'),
  collection: resourcePath.describe('Where POST creates one, e.g. "/notes".'),
  item: itemPath.describe('One of them, e.g. "/notes/{id}".'),
  body: z.record(z.string(), json).describe('A body that creates one; the checks vary the string members to tell their writes apart.'),
  methods: z.array(z.enum(['GET', 'PUT', 'PATCH', 'DELETE'])).default(['GET']).describe('What the item answers besides GET of the collection.'),
  by: z.enum(['user', 'anyone']).default('anyone').describe('"user": only a signed-in user may write, and the checks send the user\'s credential.'),
});

const graphSpec = z.strictObject({
  path: resourcePath.default('/graphql'),
  queries: z.record(z.string().regex(/^[_A-Za-z][_0-9A-Za-z]*$/, 'must be a GraphQL type name'), z.string().min(1)).default({})
    .describe('A query per type, e.g. { Author: "{ author(id: 1) { name books { title } } }" }: each must be answered in exactly its shape. With introspect, these overlay the derived ones.'),
  introspect: z.union([z.literal(true), z.string().min(1)]).optional()
    .describe('Derive a query per type from the schema: true asks the endpoint (the introspection query), "./schema.graphql" reads an SDL file relative to this one (docs/openapi.md).'),
  maxDepth: z.number().int().min(1).optional().describe('The depth limit the service claims: a deeper query is refused before any resolver runs.'),
  maxCost: z.number().int().min(1).optional().describe('The cost limit the service claims: a dearer query is refused before any resolver runs (with introspect, a query nesting its list fields past it is derived and sent).'),
  persisted: z.enum(['apq', 'off']).default('off').describe('"apq": Apollo\'s automatic persisted queries on GET.'),
  userId: serviceId.optional().describe('The id the checks put in user(id:) queries (apisim\'s own graph).'),
  headers: headers.optional().describe('Sent on every graph request, GET and POST: e.g. { "apollo-require-preflight": "true" } for Apollo Server\'s CSRF prevention.'),
  limitErrors: z.strictObject({ depth: z.string().min(1).optional(), cost: z.string().min(1).optional() }).optional()
    .describe('What the refusal for each limit carries: an extensions.code (e.g. "QUERY_TOO_DEEP") or words of its message (e.g. "depth limit").'),
});

/** apisim's own origin as a target, in one of its server behaviours. */
const ownApp = z.strictObject({
  apisim: z.strictObject({ ...ownOriginModes, orderExistence: orderExistenceMode.default('revealed') }),
});

export const targetSpec = z.strictObject({
  name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be lower-case words joined by "-"').optional(),
  app: z.union([appModuleSpec, ownApp]).describe('{ module: "./app.ts", export: "default" }: your app, as a scenario\'s origin names it; or { apisim: {...} }: apisim\'s own origin.'),
  users: z.strictObject({ user: userSpec, otherUser: userSpec }).optional().describe('Two ordinary users; without them, the principles that need a caller are not checked.'),
  owned: z.array(ownedSpec).default([]),
  writable: z.array(writableSpec).default([]),
  idempotencyKey: z
    .strictObject({ header: z.string().default('Idempotency-Key'), style: z.enum(['sf-string', 'bare']).default('bare') })
    .optional()
    .describe('The service honours Idempotency-Key on POST: "sf-string" writes it "..." as the IETF draft does, "bare" as Stripe\'s clients do.'),
  graph: graphSpec.optional(),
  public: z.array(endpoint).default([])
    .describe('Endpoints anyone may call without a credential (a registration, "POST /users"): gate 1 is not probed there.'),
  openapi: z.string().min(1).optional()
    .describe('The service\'s OpenAPI (3.0, 3.1) or Swagger 2 description: a path the app serves ("/openapi.json"), or a file relative to this one ("./openapi.yaml"). What it declares is derived into owned, writable, public and idempotencyKey; what is written here overlays it (docs/openapi.md).'),
}).superRefine((target, ctx) => {
  // A nested kind's parent is made first, so it must be a kind the users can make, and no kind its own
  // ancestor. The parent may be one the OpenAPI description declares: then the check waits for it.
  if (target.openapi !== undefined) return;
  const byName = new Map(target.owned.map((o) => [o.name, o]));
  target.owned.forEach((owned, i) => {
    const problem = ancestryProblem(owned, byName);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', path: ['owned', i, 'within', 'owned'], message: problem });
  });
});

/** What is wrong with the kinds a nested kind is made in, from its parent up, if anything. */
function ancestryProblem(owned: z.output<typeof ownedSpec>, byName: ReadonlyMap<string, z.output<typeof ownedSpec>>): string | undefined {
  const seen = new Set([owned.name]);
  for (let parent = owned.within; parent !== undefined;) {
    const kind = byName.get(parent.owned);
    if (kind === undefined) return `names no owned kind: ${[...byName.keys()].map((n) => `"${n}"`).join(', ')}`;
    if (kind.create === undefined) return `names "${kind.name}", which has no create`;
    if (seen.has(kind.name)) return `makes "${kind.name}" inside itself`;
    seen.add(kind.name);
    parent = kind.within;
  }
  return undefined;
}

export type Target = z.output<typeof targetSpec>;
export type TargetInput = z.input<typeof targetSpec>;
export type UserSpec = z.output<typeof userSpec>;
export type OwnedSpec = z.output<typeof ownedSpec>;
export type WritableSpec = z.output<typeof writableSpec>;
export type GraphTargetSpec = z.output<typeof graphSpec>;
export type RequestSpec = z.output<typeof requestSpec>;

/** The id in an item path: `"/orders/{id}"` with `"7"` is `"/orders/7"`. */
export const itemAt = (template: string, id: string): string => template.replace('{id}', encodeURIComponent(id));

/**
 * The kind a resource became, as something to make an object of: its owned kind, or its writable
 * collection, made the same way (one POST, its id read from the answer).
 */
export function madeKind(target: Target, name: string | undefined): OwnedSpec | undefined {
  const owned = target.owned.find((o) => o.name === name && o.create !== undefined);
  if (owned !== undefined) return owned;
  const writable = target.writable.find((w) => w.name === name);
  return writable === undefined ? undefined : { name: writable.name, path: writable.item, methods: writable.methods, create: { method: 'POST', path: writable.collection, headers: {}, body: writable.body } };
}
