import type { Check } from './check.js';
import { auth401Before403 } from './checks/auth-401-before-403.js';
import { cacheUnsafeInvalidates } from './checks/cache-unsafe-invalidates.js';
import { graphCostLimit } from './checks/graph-cost-limit.js';
import { graphCostListSizes } from './checks/graph-cost-list-sizes.js';
import { graphDepthLimit } from './checks/graph-depth-limit.js';
import { graphFieldExact } from './checks/graph-field-exact.js';
import { graphPersistedGet } from './checks/graph-persisted-get.js';
import { notesDeleteIdempotent } from './checks/notes-delete-idempotent.js';
import { notesPostIdempotencyKeyOnce } from './checks/notes-post-idempotency-key.js';
import { notesPutIdempotent } from './checks/notes-put-idempotent.js';
import { notesUseAfterDelete } from './checks/notes-use-after-delete.js';
import { openapiAnswersKeepToSchema } from './checks/openapi-answers-keep-to-schema.js';
import { openapiInvalidInputRefused } from './checks/openapi-invalid-input-refused.js';
import { ordersOwnerIsolation } from './checks/orders-owner-isolation.js';

/** Every check, in the order they run: the gates first, then state, the cache, the OpenAPI description's schemas, and the graph. */
export const allChecks: readonly Check[] = [
  auth401Before403,
  ordersOwnerIsolation,
  notesUseAfterDelete,
  notesPutIdempotent,
  notesDeleteIdempotent,
  notesPostIdempotencyKeyOnce,
  cacheUnsafeInvalidates,
  openapiAnswersKeepToSchema,
  openapiInvalidInputRefused,
  graphFieldExact,
  graphPersistedGet,
  graphDepthLimit,
  graphCostLimit,
  graphCostListSizes,
];

/** The default budget: twice every check's own share (room for retries after a 429 and for cleanup), plus signing in. */
export const defaultMaxRequests = 2 * allChecks.reduce((sum, check) => sum + check.maxRequests, 0) + 50;
