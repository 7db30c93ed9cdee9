import { apisimTarget } from './apisim-owner-check.config.js';

/** apisim's owner-check origin that answers someone else's order 404, as a missing one (`--hide-existence`). */
export default apisimTarget('owner-check', 'hidden');
