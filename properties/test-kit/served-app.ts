import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FetchApp } from '../../sim/host/adapters/fetch-origin.js';
import type { RequestListener } from '../../sim/host/adapters/listener-origin.js';
import { appShape } from '../../sim/host/app-module/app-shape.js';
import { importModule } from '../../sim/host/app-module/module-import.js';
import { loadTarget } from '../targets/load-target.js';
import { root } from '../targets/test-kit/conformance-run.js';

/** An app on a loopback port, as a deployment the conformance checks know only by its URL. */
export interface ServedApp {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves the app a target description names (`config`, a path from the repository's root) on 127.0.0.1, with
 * the real clock: its module imported the way apisim imports a user's app, its factory called once, a Node
 * listener served as it is and a fetch app through `fetchListener`.
 */
export async function serveDescribedApp(config: string): Promise<ServedApp> {
  const { target, file } = await loadTarget(join(root, config));
  if (!('module' in target.app)) throw new Error(`${config} names apisim's own origin, not an app to serve`);
  const module = await importModule(pathToFileURL(resolve(dirname(file), target.app.module)).href);
  const exported = appShape(module[target.app.export], target.app.kind);
  const shape = exported.kind === 'factory' ? appShape(exported.build(), undefined, true) : exported;
  if (shape.kind === 'none') throw new Error(`${config}: export ${target.app.export} is ${shape.problem}`);
  if (shape.kind === 'factory') throw new Error(`${config}: export ${target.app.export} made a factory, not an app`);
  const server = createServer(shape.kind === 'listener' ? shape.app : shape.kind === 'served' ? await shape.listener() : fetchListener(shape.app));
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

/** A fetch app (Hono, a graphql-js handler) as a Node listener: the request read whole, the answer written whole. */
function fetchListener(app: FetchApp): RequestListener {
  const fetch = typeof app === 'function' ? app : app.fetch.bind(app);
  return (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) for (const one of [value ?? []].flat()) headers.append(name, one);
      const method = req.method ?? 'GET';
      const body = method === 'GET' || method === 'HEAD' || chunks.length === 0 ? undefined : Buffer.concat(chunks);
      const response = await fetch(new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, { method, headers, body }));
      res.statusCode = response.status;
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') res.setHeader(name, value);
      });
      // A fetch app's own Headers may be a ponyfill without getSetCookie (GraphQL Yoga's).
      const cookies: string[] = 'getSetCookie' in response.headers ? response.headers.getSetCookie() : [];
      if (cookies.length > 0) res.setHeader('set-cookie', cookies);
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  };
}
