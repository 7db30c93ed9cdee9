/**
 * The host a guest app believes it serves. `.test` is reserved by RFC 6761 §6.2 for exactly this: it is
 * never delegated in DNS, so a name under it means "a test environment" to anyone reading a trace, and an
 * app that tries to call itself by its own URL fails at once instead of reaching some real host.
 */
export const guestHost = 'origin.test';

/**
 * What a guest's `request.url` starts with; the simulated request's path (with its query) follows. Plain
 * `http`: the simulator has no TLS, and an app that asks its request for the scheme should hear the truth.
 */
export const guestOrigin = `http://${guestHost}`;
