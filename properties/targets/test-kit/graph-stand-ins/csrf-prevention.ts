import type { Plugin } from 'graphql-yoga';

/** The headers Apollo Server's `csrfPrevention` (on by default since v4) accepts as proof of a preflight. */
const preflightHeaders = ['x-apollo-operation-name', 'apollo-require-preflight'];

/**
 * Apollo Server's CSRF prevention: a GET (which a browser sends cross-site without a preflight) must carry a
 * non-empty preflight header, or it is refused with 400 before anything is parsed.
 */
export const csrfPrevention = (): Plugin => ({
  onRequest(payload) {
    const { request, fetchAPI } = payload;
    if (request.method !== 'GET' || preflightHeaders.some((name) => (request.headers.get(name) ?? '') !== '')) return;
    const message = `This operation has been blocked as a potential Cross-Site Request Forgery (CSRF). Please either specify a 'content-type' header (with a type that is not one of application/x-www-form-urlencoded, multipart/form-data, text/plain) or provide a non-empty value for one of the following headers: ${preflightHeaders.join(', ')}`;
    payload.endResponse(new fetchAPI.Response(JSON.stringify({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] }), { status: 400, headers: { 'content-type': 'application/json' } }));
  },
});
