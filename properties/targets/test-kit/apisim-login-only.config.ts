import { apisimTarget } from './apisim-owner-check.config.js';

/** apisim's own origin in the spec's flawed behaviour: GET /orders/<id> checks login only. */
export default apisimTarget('login-only');
