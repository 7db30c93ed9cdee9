/**
 * Every endpoint of the spec (section 4: Area A orders, Area B notes and users, Area C the graph endpoint), as
 * the spec writes them. Login (`POST /sessions`, `POST /tokens` in apisim) is not among them: the spec leaves
 * it open, and it is the one request that must pass without a credential.
 */
export interface SpecEndpoint {
  readonly method: string;
  /** With `<name>` parameters, as in the spec. */
  readonly path: string;
}

export const specEndpoints: readonly SpecEndpoint[] = [
  { method: 'GET', path: '/orders/<order_id>' },
  { method: 'GET', path: '/notes/<note_id>' },
  { method: 'PUT', path: '/notes/<note_id>' },
  { method: 'POST', path: '/notes' },
  { method: 'DELETE', path: '/notes/<note_id>' },
  { method: 'POST', path: '/users' },
  { method: 'GET', path: '/users' },
  { method: 'GET', path: '/users/<user_id>' },
  { method: 'PUT', path: '/users/<user_id>' },
  { method: 'PATCH', path: '/users/<user_id>' },
  { method: 'DELETE', path: '/users/<user_id>' },
  { method: 'GET', path: '/users/<user_id>/posts' },
  { method: 'POST', path: '/graphql' },
  { method: 'GET', path: '/graphql' },
];
