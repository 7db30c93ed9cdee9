import { type EndpointShape, type InvalidInput, type OperationShape, type OwnedShape, sameEndpoint, type ServiceShape, type WritableShape } from '../conformance/service-shape.js';
import { specEndpoints } from '../conformance/spec-endpoints.js';
import type { Derivation } from './openapi/derivation.js';
import type { Operation } from './openapi/operations.js';
import { type Breach, breached, validBody } from './openapi/request-body.js';
import { parameterParts, validParameters } from './openapi/request-parameters.js';
import { madeKind, type OwnedSpec, type Target, type WritableSpec } from './target.js';

/**
 * A target description as the conformance checks read it (docs/conformance-config.md). apisim's own origin
 * is the spec's service, so what the spec fixes and the description cannot say (the owner's member
 * `user_id`, a patchable `delivery_address`, user records, every endpoint of §4) comes from the spec; for
 * anyone's app, only what the description declares is checked.
 */
/**
 * Whether the target serves the spec's graph schema: apisim's own origin, or a graph whose description names
 * the user its `user(id:)` queries ask for (`graph.userId`). The spec's graph has a depth and a cost limit
 * whether or not the description claims them.
 */
export const specSchema = (target: Target): boolean => 'apisim' in target.app || target.graph?.userId !== undefined;

export function conformanceShape(target: Target, derivation?: Derivation): ServiceShape {
  const own = 'apisim' in target.app;
  const graph = target.graph;
  const owned = ownedShapes(target, own);
  return {
    users: target.users !== undefined,
    owned,
    writable: target.writable[0] === undefined ? undefined : writableShape(target.writable[0], own),
    idempotencyKey: target.idempotencyKey === undefined ? undefined : { header: target.idempotencyKey.header.toLowerCase(), style: target.idempotencyKey.style },
    graph: graph === undefined ? undefined : {
      path: graph.path,
      specSchema: specSchema(target),
      queries: Object.entries(graph.queries).map(([name, query]) => ({ name, query })),
      userId: graph.userId,
      maxDepth: graph.maxDepth,
      persisted: graph.persisted,
      maxCost: graph.maxCost,
      headers: graph.headers,
      limitErrors: graph.limitErrors,
    },
    userItem: own ? '/users/{id}' : undefined,
    endpoints: own ? specEndpoints : withDescribed(declaredEndpoints(target), derivation),
    operations: derivation === undefined ? undefined : operationShapes(target, derivation, owned),
    publicEndpoints: target.public.map((endpoint) => ({ method: endpoint.slice(0, endpoint.indexOf(' ')), path: endpoint.slice(endpoint.indexOf(' ') + 1) })),
  };
}

/**
 * The owned kinds that stand alone: the endpoints gate 1 is probed on name one of them, since a nested kind's
 * path needs its parent's id (`orders/owner-isolation` makes the parent first).
 */
const topLevel = (target: Target): OwnedSpec[] => target.owned.filter((o) => o.within === undefined);

/** Every owned kind, top-level ones first, each nested one with its parent's shape. */
function ownedShapes(target: Target, own: boolean): OwnedShape[] {
  const shapes = new Map<string, OwnedShape>();
  const shapeOf = (owned: OwnedSpec): OwnedShape => {
    const known = shapes.get(owned.name);
    if (known !== undefined) return known;
    const parent = owned.within === undefined ? undefined : target.owned.find((o) => o.name === owned.within!.owned);
    const shape = { ...ownedShape(owned, own), ...(parent === undefined ? {} : { within: { parent: shapeOf(parent), param: owned.within!.param } }) };
    shapes.set(owned.name, shape);
    return shape;
  };
  return [...topLevel(target), ...target.owned.filter((o) => o.within !== undefined)].map(shapeOf);
}

function ownedShape(owned: OwnedSpec, own: boolean): OwnedShape {
  return {
    name: owned.name,
    item: owned.path,
    probeIds: [...(owned.ids?.user ?? []), ...(owned.ids?.otherUser ?? [])],
    create: owned.create === undefined ? undefined : { method: owned.create.method, path: owned.create.path, headers: owned.create.headers, body: owned.create.body },
    ownerField: own ? 'user_id' : owned.owner,
    patchable: own && owned.path === '/orders/{id}' ? ['delivery_address'] : [],
    // GET alone (the default) declares no write: then the object's own `Allow` says which it takes.
    writes: own ? undefined : declaredWrites(owned.methods),
  };
}

function declaredWrites(methods: readonly string[]): OwnedShape['writes'] {
  const writes = (['PATCH', 'PUT', 'DELETE'] as const).filter((m) => methods.includes(m));
  return writes.length === 0 ? undefined : writes;
}

function writableShape(writable: WritableSpec, own: boolean): WritableShape {
  // The first string member is the one the checks vary; with none, they cannot tell their writes apart ('').
  const field = Object.entries(writable.body).find(([, value]) => typeof value === 'string')?.[0] ?? '';
  return { name: writable.name, collection: writable.collection, item: writable.item, body: writable.body, field, methods: ['GET', ...writable.methods.filter((m) => m !== 'GET')], byUser: writable.by === 'user', putCreates: own };
}

/**
 * The endpoints with every operation of the OpenAPI description that needs a credential and is not among
 * them already (a nested collection's GET, a list): its parameters as `<id>`, probed where nothing exists.
 */
function withDescribed(endpoints: EndpointShape[], derivation: Derivation | undefined): EndpointShape[] {
  const secured = (derivation?.operations ?? []).filter((o) => o.secured).map((o) => ({ method: o.method, path: o.path.replace(/\{[^}]+\}/g, '<id>') }));
  return [...endpoints, ...secured.filter((o) => !endpoints.some((e) => sameEndpoint(e, o)))];
}

/**
 * What gate 1 must guard, as far as the description says: every declared method of every owned object and
 * their creation, and the writes to a writable resource that only a signed-in user may make. Reads of a
 * writable resource and the graph endpoint may be open, so they are not probed. `<order_id>` and
 * `<note_id>` stand for an object of the first owned and of the writable resource, as the spec's endpoints
 * write them; `<id>`, for an object of another owned kind (probed where none exists: a 401 does not depend
 * on it).
 */
function declaredEndpoints(target: Target): EndpointShape[] {
  const endpoints: EndpointShape[] = [];
  topLevel(target).forEach((owned, i) => {
    const item = owned.path.replace('{id}', i === 0 ? '<order_id>' : '<id>');
    for (const method of new Set(['GET', ...owned.methods])) endpoints.push({ method, path: item });
    if (owned.create !== undefined) endpoints.push({ method: owned.create.method, path: owned.create.path });
  });
  const writable = target.writable[0];
  if (writable?.by === 'user') {
    endpoints.push({ method: 'POST', path: writable.collection });
    for (const method of writable.methods.filter((m) => m !== 'GET')) endpoints.push({ method, path: writable.item.replace('{id}', '<note_id>') });
  }
  return endpoints;
}

/**
 * Every operation of the description as the schema checks send it: the object its parameters name made of
 * the kind its resource became (an owned kind, else a writable one, made the same way), a body its schema
 * accepts, its parameters, and one request of each way it can be made wrong.
 */
function operationShapes(target: Target, derivation: Derivation, owned: readonly OwnedShape[]): OperationShape[] {
  const kindOf = (name: string | undefined): OwnedShape | undefined => {
    const kind = madeKind(target, name);
    return kind === undefined ? undefined : (owned.find((o) => o.name === kind.name) ?? ownedShape(kind, false));
  };
  return derivation.described.map((operation, i) => {
    const derived = derivation.operations[i]!;
    const kind = operation.path.includes('{') ? kindOf(derived.resource) : undefined;
    return {
      method: operation.method,
      path: operation.path,
      secured: operation.secured,
      answers: operation.answers,
      dialect: operation.dialect,
      on: kind === undefined ? undefined : { kind, part: derived.part === 'item' ? 'item' : 'collection' },
      body: validBody(operation),
      ...parameterParts(validParameters(operation)),
      invalidInputs: invalidInputs(operation),
    };
  });
}

/** Each way a request can be made wrong, once, the rest of it valid: those its schemas allow are left out. */
const breaches: readonly Breach[] = [
  { kind: 'not-json' }, { kind: 'wrong-type', member: 0 }, { kind: 'missing', member: 0 }, { kind: 'undeclared' },
  { kind: 'parameter-missing', member: 0 }, { kind: 'parameter-wrong', member: 0 },
];

function invalidInputs(operation: Operation): InvalidInput[] {
  return breaches.flatMap((breach) => {
    const wrong = breached(operation, undefined, breach);
    if (typeof wrong === 'string') return [];
    const { body, rawBody, headers = {} } = wrong.request;
    const content = rawBody === undefined ? (body === undefined ? {} : { json: body }) : { raw: rawBody, contentType: headers['content-type'] };
    return [{ what: wrong.what, ...content, query: wrong.query, headers: Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'content-type')), ...(wrong.markers === undefined ? {} : { markers: wrong.markers }) }];
  });
}
