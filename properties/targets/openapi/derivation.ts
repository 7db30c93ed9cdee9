import type { OwnedSpec, Target, WritableSpec } from '../target.js';
import type { OpenApiDocument } from './document.js';
import { exampleValue, type Json } from './example-value.js';
import { isSuccess, type Operation, operationsOf, record, type Schema } from './operations.js';

/** The members of a target a description declares (`deriveTarget`), before what is written by hand overlays them. */
export interface DerivedMembers {
  readonly owned: OwnedSpec[];
  readonly writable: WritableSpec[];
  readonly public: string[];
  readonly idempotencyKey: Target['idempotencyKey'];
}

/** One operation and what it became: the resource it belongs to, and how the principles see it. */
export interface DerivedOperation {
  readonly method: string;
  readonly path: string;
  readonly operationId: string | undefined;
  readonly secured: boolean;
  /** The resource's name, when the operation is one of a resource's. */
  readonly resource: string | undefined;
  /** Which of the resource's operations it is: the POST that makes one, the GET of the collection, or one on an item. */
  readonly part: 'create' | 'list' | 'item' | undefined;
  /** What it became, or why it became nothing, in words. */
  readonly role: string;
}

export interface Derivation {
  readonly members: DerivedMembers;
  readonly operations: readonly DerivedOperation[];
  /** The same operations as the description writes them, schemas included, in the same order: what the schema principles send and judge. */
  readonly described: readonly Operation[];
}

/**
 * A resource, as the description shows one: a collection whose POST answers with an id (its body's `id`, or
 * a `Location` header), and an item below it, the collection's path and one parameter more, that answers
 * GET. A collection below another resource's item (`/projects/{projectId}/tasks`) is nested in it.
 */
interface Resource {
  readonly name: string;
  readonly collection: string;
  readonly item: string;
  readonly parent: Resource | undefined;
  /** What its paths call its parents' ids, outermost first (`slotsOf`). */
  readonly slots: readonly string[];
  readonly create: Operation;
  readonly list: Operation | undefined;
  readonly itemMethods: readonly (typeof itemMethodOrder)[number][];
  readonly secured: boolean;
}

const itemMethodOrder = ['GET', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * What a description declares, as a target's members:
 * - `owned`: every resource whose operations need a credential: presumed private to the user who made it
 *   (a nested one is made inside an object of its parent's kind, `within`);
 * - `writable`: every resource that is not nested and lists its items (GET on the collection), written by
 *   its users when it needs a credential, by anyone when it does not;
 * - `public`: every operation that needs no credential;
 * - `idempotencyKey`: when the POST of every writable resource declares an `Idempotency-Key` header.
 * Bodies are the description's examples, or values its schemas accept (`exampleValue`).
 */
export function deriveTarget(document: OpenApiDocument): Derivation {
  const operations = operationsOf(document);
  const resources = resourcesOf(operations);
  const owned = resources.filter((r) => r.secured).map(ownedOf);
  const writes = resources.filter((r) => r.parent === undefined && r.list !== undefined && stringMember(bodyOf(r.create)));
  const writable = writes.map(writableOf);
  // A target says of all its POSTs at once that they honour the key, so every writable one must declare it.
  const keys = writes.map((r) => r.create.parameters.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'));
  const keyed = keys.every((k) => k !== undefined) ? keys[0] : undefined;
  return {
    members: {
      owned,
      writable,
      public: operations.filter((o) => !o.secured).map((o) => `${o.method} ${o.path}`),
      idempotencyKey: keyed === undefined ? undefined : { header: keyed.name, style: 'bare' },
    },
    operations: operations.map((o) => described(o, resources, owned, writable)),
    described: operations,
  };
}

function resourcesOf(operations: readonly Operation[]): Resource[] {
  const at = (method: string, path: string) => operations.find((o) => o.method === method && o.path === path);
  const linked = linkedCreates(operations);
  const resources: Resource[] = [];
  // Shorter paths first, so that a parent is known before what is nested in it.
  // A linked item is as deep as what makes it.
  const depth = (item: string) => (linked.get(item)?.path ?? item).split('/').length;
  const items = [...new Set(operations.map((o) => o.path))].filter((p) => /\/\{[^}/]+\}$/.test(p)).sort((a, b) => depth(a) - depth(b));
  for (const item of items) {
    // A link from a POST's answer to the item's GET says which POST makes what it reads, wherever their
    // paths are; without one, the POST to the path above the item does.
    const heuristic = at('POST', item.slice(0, item.lastIndexOf('/')));
    const create = linked.get(item) ?? (heuristic !== undefined && namesAnId(heuristic) ? heuristic : undefined);
    if (create === undefined || at('GET', item) === undefined) continue;
    const collection = create.path;
    // A parent's item and its children's collections may name its id differently: compare their shapes.
    const above = collection.slice(0, collection.lastIndexOf('}') + 1);
    // A parent made by a linked POST may be read elsewhere: its id then follows the path that makes it.
    const parent = above === '' ? undefined : resources.find((r) => shape(r.item) === shape(above) || shape(`${r.collection}/{}`) === shape(above));
    // A collection below a parameter that is no resource's item cannot be made: nothing says what fills it.
    if (parent === undefined && collection.includes('{')) continue;
    const itemMethods = itemMethodOrder.filter((m) => at(m, item) !== undefined);
    const own = [create, at('GET', collection), ...itemMethods.map((m) => at(m, item))].filter((o): o is Operation => o !== undefined);
    resources.push({
      name: uniqueName(item.slice(0, item.lastIndexOf('/')), parent, resources),
      collection,
      item,
      parent,
      slots: slotsOf(collection, parent),
      create,
      list: at('GET', item.slice(0, item.lastIndexOf('/'))),
      itemMethods,
      secured: own.some((o) => o.secured),
    });
  }
  return resources;
}

/**
 * The POSTs whose success answers link to an item's GET with the item's own id read from what they answer
 * (`$response.body#/id`, or the `Location` header: where the targets read a made object's id), by the
 * item's path.
 */
function linkedCreates(operations: readonly Operation[]): Map<string, Operation> {
  const linked = new Map<string, Operation>();
  for (const post of operations.filter((o) => o.method === 'POST')) {
    for (const link of post.answers.filter(isSuccess).flatMap((a) => a.links)) {
      const target = operations.find((o) => o.method === 'GET' && ((link.operationId !== undefined && o.operationId === link.operationId) || (link.operationRef !== undefined && refersTo(link.operationRef, o))));
      const own = target?.path.match(/\{([^}/]+)\}$/)?.[1];
      const read = own === undefined ? undefined : link.parameters[own];
      if (target !== undefined && read !== undefined && /^\$response\.(body#\/id|header\.location)$/i.test(read) && !linked.has(target.path)) linked.set(target.path, post);
    }
  }
  return linked;
}

/** Whether an `operationRef` within the document (`#/paths/~1files~1{fileId}/get`) names the operation. */
function refersTo(ref: string, operation: Operation): boolean {
  const pointer = decodeURIComponent(ref.slice(ref.indexOf('#') + 1)).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return pointer.length === 4 && pointer[1] === 'paths' && pointer[2] === operation.path && pointer[3]?.toUpperCase() === operation.method;
}

/** A path with its parameters' names left out: `/projects/{}/tasks`. */
const shape = (path: string): string => path.replace(/\{[^}]+\}/g, '{}');

/** Whether a create's success answer names what it made: its body's `id`, or a `Location` header. */
function namesAnId(create: Operation): boolean {
  return create.answers.filter(isSuccess).some((s) => s.location || (s.schema !== undefined && 'id' in objectProperties(s.schema)));
}

function objectProperties(schema: Schema): Record<string, unknown> {
  const parts = Array.isArray(schema.allOf) ? schema.allOf.map(record) : [];
  return parts.reduce<Record<string, unknown>>((all, part) => ({ ...all, ...objectProperties(part) }), { ...record(schema.properties) });
}

/** The collection's last word (`tasks`), lower-case; after its parent's (`projects-tasks`) when a kind already has it. */
function uniqueName(collection: string, parent: Resource | undefined, known: readonly Resource[]): string {
  const word = collection.split('/').filter((s) => s !== '' && !s.startsWith('{')).pop() ?? 'items';
  let name = word.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^[^a-z]+|-+$/g, '') || 'items';
  if (known.some((r) => r.name === name) && parent !== undefined) name = `${parent.name}-${name}`;
  let n = 2;
  const base = name;
  while (known.some((r) => r.name === name)) name = `${base}-${n++}`;
  return name;
}

/**
 * The names of the parameters in a resource's collection path, one per kind it is nested in, from the
 * outermost: the description's own names, except that none may be `id` (the item's own) or repeat one
 * above it, since a target fills each name once. A nested kind reuses its parent's names, so that what
 * fills the parent's paths fills its own (`makeOwned`).
 */
function slotsOf(collection: string, parent: Resource | undefined): string[] {
  if (parent === undefined) return [];
  const written = [...collection.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const taken = new Set(['id', ...parent.slots]);
  let name = written.at(-1) ?? 'parentId';
  if (taken.has(name)) name = `${parent.name.replace(/-(.)/g, (_, c: string) => c.toUpperCase())}Id`;
  for (let n = 2; taken.has(name); n++) name = `${name.replace(/\d+$/, '')}${n}`;
  return [...parent.slots, name];
}

/**
 * A path with its parameters renamed, in order: those of the collection to `slots`, an item's own (its last)
 * to `{id}`. An item a link names may sit apart from its collection (`/tasks/{taskId}` made by
 * `POST /projects/{projectId}/tasks`), with fewer parameters than the slots.
 */
function template(path: string, slots: readonly string[], item = false): string {
  const count = (path.match(/\{[^}]+\}/g) ?? []).length;
  let k = 0;
  return path.replace(/\{[^}]+\}/g, () => {
    const i = k++;
    return `{${item && i === count - 1 ? 'id' : (slots[i] ?? 'id')}}`;
  });
}

function ownedOf(resource: Resource): OwnedSpec {
  const body = bodyOf(resource.create);
  const parentSlot = resource.slots.at(-1);
  return {
    name: resource.name,
    path: template(resource.item, resource.slots, true),
    methods: [...resource.itemMethods],
    create: { method: 'POST', path: template(resource.collection, resource.slots), headers: {}, ...(body === undefined ? {} : { body }) },
    ...(resource.parent === undefined || parentSlot === undefined ? {} : { within: { owned: resource.parent.name, param: parentSlot } }),
  };
}

function writableOf(resource: Resource): WritableSpec {
  return {
    name: resource.name,
    collection: resource.collection,
    item: template(resource.item, resource.slots, true),
    body: bodyOf(resource.create) as Record<string, Json>,
    methods: [...resource.itemMethods],
    by: resource.secured ? 'user' : 'anyone',
  };
}

/** The body a create sends: the description's example, or a value its schema accepts. */
function bodyOf(create: Operation): Json | undefined {
  if (create.body === undefined) return undefined;
  return (create.body.example as Json | undefined) ?? exampleValue(create.body.schema);
}

/** Whether a body is an object with a string member: the writable checks mark their writes there. */
function stringMember(body: Json | undefined): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && Object.values(body).some((v) => typeof v === 'string');
}

function described(operation: Operation, resources: readonly Resource[], owned: readonly OwnedSpec[], writable: readonly WritableSpec[]): DerivedOperation {
  const resource = resources.find((r) => operation === r.create || operation === r.list || operation.path === r.collection || operation.path === r.item);
  const part: DerivedOperation['part'] = resource === undefined ? undefined : operation === resource.create ? 'create' : operation.path === resource.item ? 'item' : 'list';
  const base = { method: operation.method, path: operation.path, operationId: operation.operationId, secured: operation.secured, resource: resource?.name, part };
  if (resource === undefined) return { ...base, role: operation.secured ? 'probed by no principle: no resource' : 'public' };
  const kinds = [owned.some((o) => o.name === resource.name) ? 'owned' : undefined, writable.some((w) => w.name === resource.name) ? 'writable' : undefined].filter((k) => k !== undefined);
  const nested = resource.parent === undefined ? '' : `, in ${resource.parent.name}`;
  const judged = kinds.length === 0 ? 'neither owned nor writable' : kinds.join(' and ');
  return { ...base, role: `${part} (${judged}${nested})${operation.secured ? '' : ', public'}` };
}
