import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * A Fastify instance as a Node listener, the way Fastify's serverless guide hands one to a platform that
 * brings its own server: ready (plugins loaded, routes built), then the request emitted on `fastify.server`.
 * The catalogue's Fastify apps are handed to apisim so, as a factory of this listener.
 */
export function fastifyFunction(fastify: FastifyInstance): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    await fastify.ready();
    fastify.server.emit('request', req, res);
  };
}
