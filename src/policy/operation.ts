/** What a request wants to do, in the policy's words. */
export type Action = 'read' | 'list' | 'create' | 'update' | 'delete';
export type Resource = 'orders' | 'notes' | 'users' | 'posts' | 'sessions';

export interface Operation {
  readonly action: Action;
  readonly resource: Resource;
}

/** The object of a decision; `id` is absent for a collection. */
export interface ObjectRef {
  readonly resource: Resource;
  readonly id?: number;
}

/** RFC 9110 method → action. HEAD reads; OPTIONS is answered before gate 2 and never reaches here. */
export function actionFor(method: string, onCollection: boolean): Action | undefined {
  switch (method) {
    case 'GET':
    case 'HEAD':
      return onCollection ? 'list' : 'read';
    case 'POST':
      return 'create';
    case 'PUT':
    case 'PATCH':
      return 'update';
    case 'DELETE':
      return 'delete';
    default:
      return undefined;
  }
}

/** A scope only says the kind of operation may be done (spec §5.5): `read:orders`, `write:orders`. */
export function requiredScope(op: Operation): string {
  return `${op.action === 'read' || op.action === 'list' ? 'read' : 'write'}:${op.resource}`;
}

export function describeOperation(op: Operation): string {
  return `${op.action} ${op.resource}`;
}

export function describeObject(object: ObjectRef): string {
  return object.id === undefined ? object.resource : `${object.resource}/${object.id}`;
}
