import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The ceiling of `npm run load`: node:http answering every request with twelve bytes and no work. Run as a
 * process of its own, like the server, so it never shares an event loop with autocannon; whatever the
 * origin does beyond this (routing, both gates, the stores, JSON) is what its ratio to this row costs.
 */
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('hello world\n');
});
server.listen(0, '127.0.0.1', () => {
  console.log(`hello-world http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
