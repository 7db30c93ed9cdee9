import type { ConformanceSettings } from './conformance-settings.js';
import type { DocumentedOperation } from './schema-check.js';
import { specEndpoints } from './spec-endpoints.js';

/**
 * What the checks know of a service's shape: where its resources are and how to write to them. Plain data,
 * so that it can come from the command line (the spec's shape, `specShape`) or from a target description
 * (`properties/targets/conformance-shape.ts` maps `apisim.config.ts` onto it). An area left out is one the
 * checks that need it skip, saying what to declare. Paths name an object's id as `{id}`, as OpenAPI
 * writes them.
 */
export interface ServiceShape {
  /** Two ordinary users the checks may sign in as; without them, the checks that need a caller skip. */
  readonly users: boolean;
  /** What one user owns and the other may neither read nor change (spec §4 A: orders). */
  readonly owned: readonly OwnedShape[];
  /** A collection clients write to (spec §4 B: notes). */
  readonly writable: WritableShape | undefined;
  /** How the service takes an `Idempotency-Key` on a POST to the writable collection, when it does. */
  readonly idempotencyKey: IdempotencyKeyShape | undefined;
  readonly graph: GraphShape | undefined;
  /** A user's own record, `{id}` their user id, when the service has one: a no-op write by the other user must be refused. */
  readonly userItem: string | undefined;
  /** Every endpoint gate 1 guards: probed without a credential and with broken ones (auth/401-before-403). */
  readonly endpoints: readonly EndpointShape[];
  /** Endpoints declared open to anyone (a registration, `POST /users`): among `endpoints`, not probed for a 401. */
  readonly publicEndpoints: readonly EndpointShape[];
  /**
   * Every operation of the target's OpenAPI description (`{name}` parameters, as the description writes
   * them): the rows of the coverage matrix, and what the schema checks send and judge. Undefined when it
   * names none.
   */
  readonly operations?: readonly OperationShape[] | undefined;
}

/** One operation of an OpenAPI description, as the schema checks send it and judge its answers. */
export interface OperationShape extends EndpointShape, DocumentedOperation {
  /** Whether a caller needs a credential: sent as the user when it does, with none when it does not. */
  readonly secured: boolean;
  /**
   * The kind whose new object fills its path's parameters, and whether it is sent to the object itself or
   * to the collection the object was made in; undefined when its path has none, or nothing fills them.
   */
  readonly on: { readonly kind: OwnedShape; readonly part: 'item' | 'collection' } | undefined;
  /** A body its schema accepts, when it takes a JSON body. */
  readonly body: unknown;
  /** Its query (`?page=1`, or empty) and header parameters, with values their schemas accept. */
  readonly query: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Requests its schemas refuse (a body, a required parameter), each checked to be refused. */
  readonly invalidInputs: readonly InvalidInput[];
}

/** A request made wrong on purpose, the rest of it valid, and how a verdict names it. */
export interface InvalidInput {
  readonly what: string;
  /** Sent as JSON; or `raw`, as it is, with `contentType`; or no body. */
  readonly json?: unknown;
  readonly raw?: string;
  readonly contentType?: string;
  readonly query: string;
  readonly headers: Readonly<Record<string, string>>;
  /**
   * For members the schema does not declare: the values they were sent with, which an accepted body's answer
   * must not show (mass assignment).
   */
  readonly markers?: Readonly<Record<string, string>>;
}

/** A request sent as written (a creation). */
export interface RequestShape {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export interface OwnedShape {
  /** For humans: `orders`. */
  readonly name: string;
  /** One object, e.g. `/orders/{id}`. */
  readonly item: string;
  /** Objects that exist before the run, read as both users: whose each is shows in who may read it. */
  readonly probeIds: readonly string[];
  /** How a user makes one they own (its id read from the answer's `id` or `Location`), when the service lets them. */
  readonly create: RequestShape | undefined;
  /** The member that names the owner in an object's record (spec: `user_id`), when it has one. */
  readonly ownerField: string | undefined;
  /** Members an owner may PATCH (JSON Merge Patch): the other user's PATCH of their current value changes nothing if it got through. */
  readonly patchable: readonly string[];
  /** The write methods an object takes, when declared; otherwise its `OPTIONS` answer's `Allow` says, or all are tried. */
  readonly writes: readonly ('PATCH' | 'PUT' | 'DELETE')[] | undefined;
  /**
   * A kind made inside an object of another (a project's tasks): the parent kind, and the name its id
   * takes in this kind's `item` and `create.path` (`/projects/{projectId}/tasks/{id}`).
   */
  readonly within?: { readonly parent: OwnedShape; readonly param: string };
}

export interface WritableShape {
  readonly name: string;
  /** Where POST creates one, e.g. `/notes`. */
  readonly collection: string;
  /** One of them, e.g. `/notes/{id}`. */
  readonly item: string;
  /** A body that creates one; `field` is varied to tell the checks' writes apart. */
  readonly body: Readonly<Record<string, unknown>>;
  /** A string member of `body` (spec: the note's content, `--note-field`). */
  readonly field: string;
  /** What the item answers: the checks that need PUT or DELETE skip without them. */
  readonly methods: readonly string[];
  /** Only a signed-in user may write: without users, the checks skip. */
  readonly byUser: boolean;
  /**
   * A PUT of an item that does not exist creates it (the spec's notes, §3). RFC 9110 lets a service answer
   * 404 instead; only where the service is the spec's is that a finding.
   */
  readonly putCreates: boolean;
}

export interface IdempotencyKeyShape {
  /** Lower-case. */
  readonly header: string;
  /** `sf-string` (`"…"`, as the IETF draft writes it) or `bare`. */
  readonly style: 'sf-string' | 'bare';
}

export interface GraphShape {
  readonly path: string;
  /**
   * The spec's schema (`user(id)`, `posts(limit)`, `comments`, `author`, apisim's `createPost(title)`): the
   * checks build their own queries, deep and costly ones included. Otherwise only `queries` are sent.
   */
  readonly specSchema: boolean;
  /** Queries that must be answered in exactly their shape, by name. */
  readonly queries: readonly { readonly name: string; readonly query: string }[];
  /** `user(id:)` in the spec schema's queries; when unset, the user's own id, else "1". */
  readonly userId: string | undefined;
  /** The depth limit the service claims; when unset, read from a refusal's `extensions.maxDepth`. */
  readonly maxDepth: number | undefined;
  readonly persisted: 'apq' | 'off';
  /** The cost limit the service claims, in its own units: reported beside the boundary the cost check finds. */
  readonly maxCost?: number | undefined;
  /** Sent on every graph request, GET and POST: a CSRF guard's header (Apollo's `apollo-require-preflight`), say. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * What the service's refusal for each limit carries: an `extensions.code`, or words of its message. A refusal
   * counts for a limit only when it carries these, publishes the limit (`extensions.maxDepth`/`maxCost`) or,
   * when none are named, names the limit in its code or message (`graph-refusal-reason.ts`).
   */
  readonly limitErrors?: { readonly depth?: string | undefined; readonly cost?: string | undefined };
}

export interface EndpointShape {
  readonly method: string;
  /** With `<name>` parameters as the spec writes them, or `{id}` as a target does. */
  readonly path: string;
}

/** The spec's shape (`spec/service-spec.md`), with what it leaves open taken from the command line. */
export function specShape(settings: Omit<ConformanceSettings, 'runId'>): ServiceShape {
  return {
    users: true,
    owned: [{ name: 'orders', item: '/orders/{id}', probeIds: settings.orderIds.map(String), create: undefined, ownerField: 'user_id', patchable: ['delivery_address'], writes: undefined }],
    writable: { name: 'notes', collection: '/notes', item: '/notes/{id}', body: { [settings.noteField]: '' }, field: settings.noteField, methods: ['GET', 'PUT', 'DELETE'], byUser: true, putCreates: true },
    idempotencyKey: { header: 'idempotency-key', style: settings.idempotencyKeyStyle },
    graph: { path: '/graphql', specSchema: true, queries: [], userId: settings.graphUserId, maxDepth: settings.graphMaxDepth, persisted: settings.persistedQueries },
    userItem: '/users/{id}',
    endpoints: specEndpoints,
    publicEndpoints: [],
  };
}

/** The same endpoint, whatever its id is called: `/users/<user_id>` and `/users/{id}` are one. */
export const sameEndpoint = (a: EndpointShape, b: EndpointShape): boolean => {
  const path = (e: EndpointShape) => e.path.replace(/<[^>/]+>|\{[^}/]+\}/g, '{}').replace(/\/+$/, '');
  return a.method === b.method && path(a) === path(b);
};

/** An item path with its id: `"/orders/{id}"` with `"7"` is `"/orders/7"`. */
export const itemPath = (template: string, id: string): string => template.replace('{id}', encodeURIComponent(id));
