/**
 * The request header of the IETF Idempotency-Key draft (draft-ietf-httpapi-idempotency-key-header), shared
 * by the client that sends it and the origin that honours it. Header names travel in lower case.
 */
export const idempotencyKeyHeader = 'idempotency-key';
