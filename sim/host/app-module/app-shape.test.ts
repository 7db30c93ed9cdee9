import express from 'express';
import Fastify from 'fastify';
import { AutoRouter, Router } from 'itty-router';
import Koa from 'koa';
import { Hono } from 'hono';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { describe, expect, it } from 'vitest';
import { appShape } from './app-shape.js';

const kindOf = (...args: Parameters<typeof appShape>) => appShape(...args).kind;
const problemOf = (...args: Parameters<typeof appShape>): string => {
  const shape = appShape(...args);
  return shape.kind === 'none' ? shape.problem : `not refused: ${shape.kind}`;
};

describe('telling an app from a factory', () => {
  it('takes an object with fetch for a fetch app: a Hono app, export default { fetch }', () => {
    expect(kindOf(new Hono())).toBe('fetch');
    expect(kindOf({ fetch: (request: Request, env: unknown) => new Response(request.url + String(env)) })).toBe('fetch');
  });

  it('takes an Express app for a listener whatever its parameters, and tells other functions by their count', () => {
    expect(kindOf(express())).toBe('listener');
    expect(kindOf(() => new Hono())).toBe('factory');
    expect(kindOf((request: Request) => new Response(request.url))).toBe('fetch');
    expect(kindOf((_req: unknown, res: { end(): void }) => res.end())).toBe('listener');
    expect(kindOf((req: unknown, res: unknown, next: unknown) => [req, res, next])).toBe('listener');
  });

  it('lets "kind" override the count, for parameters that would mislead', () => {
    const createApp = (options?: { name: string }) => new Hono({ strict: options === undefined });
    expect([kindOf(createApp), kindOf(createApp, 'factory')]).toEqual(['fetch', 'factory']);
    const cloudflareStyle = (request: Request, env: unknown) => new Response(request.url + String(env));
    expect([kindOf(cloudflareStyle), kindOf(cloudflareStyle, 'fetch')]).toEqual(['listener', 'fetch']);
    expect(kindOf(() => undefined, 'listener')).toBe('listener');
  });

  it('takes a Fastify instance and a Koa app for apps that serve through a listener, and an itty-router for a fetch app', () => {
    const served = (value: unknown) => {
      const shape = appShape(value);
      return shape.kind === 'served' ? shape.framework : shape.kind;
    };
    expect([served(Fastify()), served(new Koa())]).toEqual(['Fastify', 'Koa']);
    // Its Router answers every member with a route builder (ready, routing, inject, callback, listen too): its fetch decides.
    expect([served(Router()), served(AutoRouter())]).toEqual(['fetch', 'fetch']);
    expect(served({ callback: () => undefined })).toBe('none');
  });

  it('takes a NestJS application for an app served, once started, through the Express app its HTTP adapter holds', async () => {
    // A module with nothing in it, decorated by a call: this file is not compiled with decorators.
    // eslint-disable-next-line @typescript-eslint/no-extraneous-class
    class EmptyModule {}
    Module({})(EmptyModule);
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- an options object, as Nest's docs pass it
    const app = await NestFactory.create(EmptyModule, new ExpressAdapter(), { logger: false, abortOnError: false });
    try {
      const shape = appShape(app);
      expect(shape.kind === 'served' ? shape.framework : shape.kind).toBe('NestJS');
      const listener = shape.kind === 'served' ? await shape.listener() : undefined;
      expect(listener).toBe(app.getHttpAdapter().getInstance());
      expect(kindOf(listener)).toBe('listener');
    } finally {
      await app.close();
    }
  });

  it('never takes what a factory built for a factory again', () => {
    expect(problemOf(() => new Hono(), undefined, true)).toBe('a function of 0 parameters, which would be a factory again: a factory returns the app itself');
  });

  it.each([
    [42, 'the number 42'],
    ['hono', 'the string "hono"'],
    [null, 'null'],
    [undefined, 'undefined'],
    [[1, 2], 'an array of 2 items, with no fetch method'],
    [{ routes: [], port: 3000 }, 'an object with keys routes, port, with no fetch method'],
    [{ fetch: 'https://example.test' }, 'an object with keys fetch, whose fetch is the string "https://example.test", not a function'],
    [Promise.resolve(new Hono()), 'a promise: export the factory that makes the app (export default createApp), or await it in the module (export default await createApp())'],
    [new Response('hi'), 'a Response: an app answers requests with one, it is not one'],
    [class App { readonly routes = []; }, 'the class App, which cannot be called without new: export an instance, or a factory () => new App()'],
  ])('refuses %o, saying what it is', (value, problem) => {
    expect(problemOf(value)).toBe(problem);
  });

  it('refuses a kind that does not fit', () => {
    expect(problemOf({ fetch: () => new Response() }, 'listener')).toBe('an object with keys fetch, and "kind": "listener" needs a function');
    expect(problemOf(7, 'factory')).toBe('the number 7, and "kind": "factory" needs a function');
    expect(problemOf({}, 'fetch')).toBe('an object with no keys, with no fetch method');
  });
});
