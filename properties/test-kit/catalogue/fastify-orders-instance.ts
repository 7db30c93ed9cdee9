import { ordersApp } from './fastify-orders.js';

/**
 * The catalogue's Fastify orders handed over as Fastify users write an app: the instance itself, built at
 * the module's top level (`const app = Fastify()`, its routes registered, `export default app`), with no
 * listener or wrapper of ours. apisim makes it ready and drives it through `app.routing`, and imports this
 * module afresh for each run, so each run's orders start empty.
 */
const app = ordersApp(true);
export default app;

/** The same app whose DELETE checks sign-in only: Bob cancels Alice's order. */
export const flawed = ordersApp(false);
