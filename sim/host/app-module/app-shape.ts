import type { FetchApp, FetchHandler } from '../adapters/fetch-origin.js';
import type { RequestListener } from '../adapters/listener-origin.js';
import { isClass, valueText } from './value-text.js';

/** What a scenario's `origin.kind` may say an export is, when its shape would mislead. */
export type OriginKind = 'factory' | 'fetch' | 'listener';

/** What an export, or what a factory returned, was found to be. */
export type AppShape =
  | { readonly kind: 'fetch'; readonly app: FetchApp }
  | { readonly kind: 'listener'; readonly app: RequestListener }
  | ServedApp
  | { readonly kind: 'factory'; readonly build: (...args: never[]) => unknown }
  | { readonly kind: 'none'; readonly problem: string };

/**
 * A framework's app object that serves through a Node listener it hands out once started: `app` is the
 * object the user made (what `state(app)` and `restart(app)` are given), `listener` starts it and gives
 * the listener. Started inside the run's world, so that what it does while starting is virtual too.
 */
export interface ServedApp {
  readonly kind: 'served';
  readonly app: object;
  /** The framework, for messages: `Fastify`, `Koa`, `NestJS`. */
  readonly framework: string;
  readonly listener: () => Promise<RequestListener>;
}

/** The sentence every "not an app" error ends with. */
export const whatAnAppIs =
  'An origin is a fetch app ({ fetch }, e.g. a Hono app), a fetch function (request) => Response, a Node listener (req, res) ' +
  '(e.g. an Express app), a Fastify instance, a Koa app, a NestJS application, or a factory () => one of those (docs/guest-world.md, "Naming your app in a scenario file")';

type AnyFunction = (...args: never[]) => unknown;

/**
 * The rule that tells an app from a factory (docs/guest-world.md): an object with a `fetch` method is a fetch
 * app (its `fetch` decides first: an itty-router answers any other member too); a Fastify instance or a Koa app
 * serves through the listener it hands out (`servedApp`); a function with `handle` and `listen` methods is an
 * Express app, a listener; any other function is told
 * by its number of declared parameters: 0 a factory, 1 a fetch function, 2 or more a listener. `kind` overrides
 * the count for a function whose parameters would mislead (`(request, env) => …`, `createApp(options?)`).
 *
 * What a factory returns is told the same way, except that it cannot be a factory again (`asBuilt`).
 */
export function appShape(value: unknown, kind?: OriginKind, asBuilt = false): AppShape {
  if (typeof value === 'function') return functionShape(value as AnyFunction, kind, asBuilt);
  if (kind === 'factory' || kind === 'listener') return none(`${valueText(value)}, and "kind": "${kind}" needs a function`);
  if (typeof value !== 'object' || value === null) return none(valueText(value));
  const fetch = (value as { fetch?: unknown }).fetch;
  if (typeof fetch === 'function') return { kind: 'fetch', app: value as { fetch: FetchHandler } };
  if (fetch !== undefined) return none(`${valueText(value)}, whose fetch is ${valueText(fetch)}, not a function`);
  if (value instanceof Promise) {
    return none(`a promise: export the factory that makes the app (export default createApp), or await it in the module (export default await createApp())`);
  }
  if (value instanceof Response) return none('a Response: an app answers requests with one, it is not one');
  return servedApp(value) ?? none(`${valueText(value)}, with no fetch method`);
}

/**
 * A Fastify instance, a Koa app or a NestJS application, told by the methods each framework's own test tools
 * use, so that a user exports the app exactly as the framework's docs build it:
 * - Fastify: made ready, then driven through `app.routing`, its request handler, as Fastify's own `inject`
 *   does (ready() boots its plugins; routing is what its server listens with);
 * - Koa: `app.callback()`, the listener its `listen` and supertest use;
 * - NestJS (`NestFactory.create(AppModule)`): `app.init()`, then the app its HTTP adapter holds, as Nest's
 *   testing recipe hands `app.getHttpServer()` to supertest: an Express app by default, a Fastify instance
 *   with `FastifyAdapter`, each served as above.
 */
function servedApp(value: object): ServedApp | undefined {
  const nest = value as { init?: unknown; getHttpAdapter?: unknown; getHttpServer?: unknown };
  if (typeof nest.init === 'function' && typeof nest.getHttpAdapter === 'function' && typeof nest.getHttpServer === 'function') {
    const init = nest.init as () => PromiseLike<unknown>;
    const adapter = nest.getHttpAdapter as () => { getInstance(): unknown };
    return {
      kind: 'served', app: value, framework: 'NestJS',
      listener: async () => {
        await init.call(value);
        return nestListener(adapter.call(value).getInstance());
      },
    };
  }
  const fastify = value as { ready?: unknown; routing?: unknown; inject?: unknown };
  if (typeof fastify.ready === 'function' && typeof fastify.routing === 'function' && typeof fastify.inject === 'function') {
    const ready = fastify.ready as () => PromiseLike<unknown>;
    const routing = fastify.routing as RequestListener;
    return {
      kind: 'served', app: value, framework: 'Fastify',
      listener: async () => {
        await ready.call(value);
        return routing;
      },
    };
  }
  const koa = value as { callback?: unknown; listen?: unknown };
  if (typeof koa.callback === 'function' && typeof koa.listen === 'function') {
    const callback = koa.callback as () => RequestListener;
    return { kind: 'served', app: value, framework: 'Koa', listener: () => Promise.resolve(callback.call(value)) };
  }
  return undefined;
}

/** What a NestJS application's HTTP adapter holds, as a listener: an Express app is one, a Fastify instance hands one out. */
async function nestListener(instance: unknown): Promise<RequestListener> {
  if (typeof instance === 'function' && isExpress(instance as AnyFunction)) return instance as RequestListener;
  const served = typeof instance === 'object' && instance !== null ? servedApp(instance) : undefined;
  if (served === undefined) throw new Error(`the NestJS application's HTTP adapter holds ${valueText(instance)}, neither an Express app nor a Fastify instance`);
  return served.listener();
}

function functionShape(fn: AnyFunction, kind: OriginKind | undefined, asBuilt: boolean): AppShape {
  if (isClass(fn)) return none(`${valueText(fn)}, which cannot be called without new: export an instance, or a factory () => new ${fn.name || 'App'}()`);
  if (kind === 'fetch') return { kind: 'fetch', app: fn as unknown as FetchHandler };
  if (kind === 'listener' || isExpress(fn)) return { kind: 'listener', app: fn as unknown as RequestListener };
  if (kind === 'factory' || fn.length === 0) {
    if (asBuilt) return none(`${valueText(fn)}, which would be a factory again: a factory returns the app itself`);
    return { kind: 'factory', build: fn };
  }
  return fn.length === 1 ? { kind: 'fetch', app: fn as unknown as FetchHandler } : { kind: 'listener', app: fn as unknown as RequestListener };
}

/** An Express app is a function `(req, res, next)` that also has `handle` and `listen`: a listener, whatever its arity. */
function isExpress(fn: AnyFunction): boolean {
  const app = fn as unknown as { handle?: unknown; listen?: unknown };
  return typeof app.handle === 'function' && typeof app.listen === 'function';
}

function none(problem: string): AppShape {
  return { kind: 'none', problem };
}
