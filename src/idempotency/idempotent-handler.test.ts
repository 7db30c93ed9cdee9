import { describe, expect, it } from 'vitest';
import type { Handler, Maybe } from '../http/handler.js';
import { type HttpRequest, type HttpResponse, jsonResponse, request, response } from '../http/message.js';
import { problem, problemResponse } from '../http/problem.js';
import { idempotent, type IdempotencyOptions, replayedHeader, readsIdempotencyKey } from './idempotent-handler.js';
import { IdempotencyStore } from './record-store.js';

const json = { 'content-type': 'application/json' };
const post = (key: string | undefined, body = '{"content":"a"}', path = '/notes') =>
  request('POST', path, key === undefined ? json : { ...json, 'idempotency-key': key }, body);
const parse = (res: HttpResponse) => JSON.parse(res.body ?? 'null') as Record<string, unknown>;

/** A POST /notes-like handler whose every call is an effect we can count. */
function creator() {
  const created: string[] = [];
  const handler: Handler = (req) => {
    created.push(req.body ?? '');
    const id = created.length;
    return jsonResponse(201, { id, content: req.body }, { location: `/notes/${id}` });
  };
  return { handler, created };
}

function setup(handler: Handler, options: Partial<IdempotencyOptions> = {}, retentionUs?: number) {
  let nowUs = 0;
  const store = new IdempotencyStore(() => nowUs, retentionUs === undefined ? {} : { retentionUs });
  const handle = idempotent(handler, store, { scopeOf: () => 'alice', ...options });
  return { store, handle, at: (us: number) => (nowUs = us) };
}

/** For the synchronous paths: a promise here would mean the wrapper broke "effect and record in one step". */
function sync(result: Maybe<HttpResponse>): HttpResponse {
  if (result instanceof Promise) throw new Error('expected a synchronous response');
  return result;
}

function deferred() {
  let resolve!: (res: HttpResponse) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<HttpResponse>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function expectProblem(res: HttpResponse, status: number, slug: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toBe('application/problem+json');
  expect(parse(res)).toMatchObject({ type: `/problems/${slug}`, status });
  expect(res.headers[replayedHeader]).toBeUndefined();
}

describe('which requests take part', () => {
  it('targets every unsafe method: POST, PATCH, PUT, DELETE and unknown ones', () => {
    expect(['POST', 'PATCH', 'PUT', 'DELETE', 'BREW'].map(readsIdempotencyKey)).toEqual([true, true, true, true, true]);
    expect(['GET', 'HEAD', 'OPTIONS', 'TRACE'].some(readsIdempotencyKey)).toBe(false);
  });

  it('passes safe methods through untouched, key or not, and stores nothing', () => {
    const seen: HttpRequest[] = [];
    const { store, handle } = setup((req) => (seen.push(req), response(200)), { requiresKey: () => true });
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      const req = request(method, '/notes/1', { 'idempotency-key': 'k' });
      sync(handle(req));
      sync(handle(req));
    }
    sync(handle(request('GET', '/notes/1', { 'idempotency-key': 'not a valid key' })));
    expect(seen).toHaveLength(7);
    expect(store.size).toBe(0);
  });

  it('replays a keyed PUT and DELETE instead of applying them again, so a late copy cannot undo a later write', () => {
    const notes = new Map<string, string>();
    const handler = (req: HttpRequest) => {
      if (req.method === 'PUT') notes.set(req.path, req.body!);
      else notes.delete(req.path);
      return response(req.method === 'PUT' ? 200 : 204);
    };
    const { handle } = setup(handler);
    const put = request('PUT', '/notes/1', { 'idempotency-key': 'put-1' }, '{"content":"a"}');
    sync(handle(put));
    sync(handle(request('DELETE', '/notes/1', { 'idempotency-key': 'delete-1' })));
    const late = sync(handle(put));
    expect(late.headers[replayedHeader]).toBe('true');
    expect(notes.has('/notes/1')).toBe(false);
    // Without a key a PUT is still applied every time: idempotent, and nothing more.
    sync(handle(request('PUT', '/notes/1', {}, '{"content":"a"}')));
    expect(notes.get('/notes/1')).toBe('{"content":"a"}');
  });

  it('passes a POST without a key through untouched when none is required: each one is an effect', () => {
    const { handler, created } = creator();
    const { store, handle } = setup(handler);
    const req = post(undefined);
    expect(sync(handle(req)).headers.location).toBe('/notes/1');
    expect(sync(handle(req)).headers.location).toBe('/notes/2');
    expect(created).toHaveLength(2);
    expect(store.size).toBe(0);
  });
});

describe('the error answers of the draft', () => {
  it('400 idempotency-key-missing when the endpoint requires a key and none is sent', () => {
    const { handler, created } = creator();
    const asked: string[] = [];
    const { handle } = setup(handler, { requiresKey: (req) => (asked.push(req.path), req.path === '/notes') });
    const res = sync(handle(post(undefined)));
    expectProblem(res, 400, 'idempotency-key-missing');
    expect(parse(res).title).toBe('Idempotency-Key is missing');
    expect(parse(res).detail).toMatch(/^POST \/notes requires an Idempotency-Key header: .*1 to 255 visible ASCII .*kept for 24 h/);
    expect(created).toHaveLength(0);
    expect(sync(handle(post(undefined, '{}', '/other'))).status).toBe(201); // the predicate decides per request
    expect(asked).toEqual(['/notes', '/other']);
  });

  it('400 idempotency-key-malformed for a key outside the format, even where none is required', () => {
    const { handler, created } = creator();
    const { store, handle } = setup(handler);
    for (const key of ['', 'has space', 'x'.repeat(256), '"a", "b"', 'naïve']) {
      const res = sync(handle(post(key)));
      expectProblem(res, 400, 'idempotency-key-malformed');
      expect(parse(res).detail).toMatch(/^The Idempotency-Key header is not valid: .+\. A unique key of 1 to 255/);
    }
    expect(created).toHaveLength(0);
    expect(store.size).toBe(0);
  });

  it('422 idempotency-key-reused for the same key with another body, path or method, without a second effect', () => {
    const { handler, created } = creator();
    const { handle } = setup(handler);
    const first = sync(handle(post('k', '{"content":"a"}')));
    const others = [
      post('k', '{"content":"b"}'),
      post('k', '{"content":"a"}', '/users'),
      request('PATCH', '/notes', { ...json, 'idempotency-key': 'k' }, '{"content":"a"}'),
      post('k', ''),
    ];
    for (const other of others) {
      const res = sync(handle(other));
      expectProblem(res, 422, 'idempotency-key-reused');
      expect(parse(res).title).toBe('Idempotency-Key is already used');
    }
    expect(created).toHaveLength(1);
    expect(sync(handle(post('k', '{"content":"a"}'))).body).toBe(first.body); // the record is intact
  });

  it('409 idempotency-key-in-flight for the same request while the first is still running', async () => {
    const pending = deferred();
    let calls = 0;
    const { store, handle } = setup(() => (calls++, pending.promise));
    const first = handle(post('k'));
    expect(first).toBeInstanceOf(Promise);
    const repeat = sync(handle(post('k')));
    expectProblem(repeat, 409, 'idempotency-key-in-flight');
    expect(parse(repeat).title).toBe('A request is outstanding for this Idempotency-Key');
    expect(store.get('alice', 'k')?.state).toBe('in-flight');

    pending.resolve(jsonResponse(201, { id: 1 }));
    expect((await first).status).toBe(201);
    const later = await handle(post('k'));
    expect([later.status, later.headers[replayedHeader]]).toEqual([201, 'true']);
    expect(calls).toBe(1);
  });

  it('422, not 409, for another body under a key that is in flight: misuse is refused whenever it comes', () => {
    const { handle } = setup(() => deferred().promise);
    void handle(post('k', '{"content":"a"}'));
    expectProblem(sync(handle(post('k', '{"content":"b"}'))), 422, 'idempotency-key-reused');
  });
});

describe('replay', () => {
  it('replays status, headers and body byte for byte, adding only the replay marker; N repeats, one effect', () => {
    const { handler, created } = creator();
    const { handle } = setup(handler);
    const first = sync(handle(post('k', '{"content":"crème 🍮"}')));
    expect(first.headers[replayedHeader]).toBeUndefined();
    for (let i = 0; i < 25; i++) {
      const again = sync(handle(post('k', '{"content":"crème 🍮"}')));
      expect(again.status).toBe(first.status);
      expect(again.body).toBe(first.body);
      expect(again.bodyBytes).toBe(first.bodyBytes);
      expect(Buffer.from(again.body!, 'utf8').equals(Buffer.from(first.body!, 'utf8'))).toBe(true);
      expect(again.headers).toEqual({ ...first.headers, [replayedHeader]: 'true' });
    }
    expect(created).toHaveLength(1);
  });

  it('keeps a synchronous handler synchronous, in its type too', () => {
    const original = jsonResponse(201, { id: 1 });
    const store = new IdempotencyStore(() => 0);
    const handle = idempotent((): HttpResponse => original, store, { scopeOf: () => 'alice' });
    const first: HttpResponse = handle(post('k')); // no Promise in the type: the notes routes can stay synchronous
    const again: HttpResponse = handle(post('k'));
    expect([first, again.headers[replayedHeader]]).toEqual([original, 'true']);
  });

  it('returns the first response itself untouched', () => {
    const original = jsonResponse(201, { id: 1 });
    const { handle } = setup(() => original);
    expect(sync(handle(post('k')))).toBe(original);
  });

  it('treats the bare and the quoted spelling of a key as one key', () => {
    const { handler, created } = creator();
    const { handle } = setup(handler);
    sync(handle(post('8e03978e-40d5-43e8-bc93-6894a57f9324')));
    expect(sync(handle(post('"8e03978e-40d5-43e8-bc93-6894a57f9324"'))).headers[replayedHeader]).toBe('true');
    expect(created).toHaveLength(1);
  });

  it('replays a re-send whose JSON body has another key order or spacing', () => {
    const { handler, created } = creator();
    const { handle } = setup(handler);
    sync(handle(post('k', '{"content":"a","tags":["x"]}')));
    const again = sync(handle(post('k', '{ "tags": [ "x" ], "content": "a" }')));
    expect([again.status, again.headers[replayedHeader]]).toEqual([201, 'true']);
    expect(created).toHaveLength(1);
  });

  it('stores and replays a 4xx answer of the handler, as the draft asks', () => {
    let calls = 0;
    const invalid = problemResponse(problem(422, 'invalid-body', 'Unprocessable Content', 'The field "content" is required.'));
    const { store, handle } = setup(() => (calls++, invalid));
    sync(handle(post('k', '{}')));
    const again = sync(handle(post('k', '{}')));
    expect([again.status, again.body, again.headers[replayedHeader]]).toEqual([422, invalid.body, 'true']);
    expect(calls).toBe(1);
    expect(store.get('alice', 'k')?.state).toBe('completed');
  });

  it('does not store a 5xx answer, so that a retry runs the handler again and can succeed', () => {
    const answers = [response(503), jsonResponse(201, { id: 1 })];
    let calls = 0;
    const { store, handle } = setup(() => answers[calls++]!);
    expect(sync(handle(post('k'))).status).toBe(503);
    expect(store.get('alice', 'k')).toBeUndefined();
    expect(sync(handle(post('k'))).status).toBe(201);
    expect(sync(handle(post('k'))).headers[replayedHeader]).toBe('true');
    expect(calls).toBe(2);
  });

  it('draws the line at 500: a 499 is stored and replayed, a 500 is not', () => {
    for (const [status, stored] of [[499, true], [500, false]] as const) {
      let calls = 0;
      const { store, handle } = setup(() => (calls++, response(status)));
      sync(handle(post('k')));
      const again = sync(handle(post('k')));
      expect([again.status, again.headers[replayedHeader], calls], String(status)).toEqual(stored ? [status, 'true', 1] : [status, undefined, 2]);
      expect(store.size).toBe(stored ? 1 : 0);
    }
  });

  it('covers PATCH as well as POST', () => {
    let calls = 0;
    const { handle } = setup(() => (calls++, jsonResponse(200, { patched: calls })));
    const patch = request('PATCH', '/users/1', { ...json, 'idempotency-key': 'k' }, '{"name":"x"}');
    sync(handle(patch));
    expect(parse(sync(handle(patch)))).toEqual({ patched: 1 });
    expect(calls).toBe(1);
  });
});

describe('effect and stored response are committed together', () => {
  it('a synchronous handler: the record is complete when the call returns, with no promise in between', () => {
    const { handler } = creator();
    const { store, handle } = setup(handler);
    const res = handle(post('k'));
    expect(res).not.toBeInstanceOf(Promise);
    expect(store.get('alice', 'k')).toMatchObject({ state: 'completed', response: res });
  });

  it('an asynchronous handler: the record completes when its promise resolves, not before', async () => {
    const pending = deferred();
    const { store, handle } = setup(() => pending.promise);
    const result = handle(post('k'));
    await Promise.resolve();
    expect(store.get('alice', 'k')?.state).toBe('in-flight');
    const created = jsonResponse(201, { id: 1 });
    pending.resolve(created);
    expect(await result).toBe(created);
    expect(store.get('alice', 'k')).toMatchObject({ state: 'completed', response: created });
  });

  it('a handler that throws leaves no record, the error propagates, and a retry runs again', () => {
    let calls = 0;
    const { store, handle } = setup(() => {
      if (++calls === 1) throw new Error('store unavailable');
      return jsonResponse(201, { id: 1 });
    });
    expect(() => handle(post('k'))).toThrow('store unavailable');
    expect(store.size).toBe(0);
    expect(sync(handle(post('k'))).status).toBe(201);
    expect(calls).toBe(2);
  });

  it('a handler whose promise rejects leaves no record either', async () => {
    const pending = deferred();
    const { store, handle } = setup(() => pending.promise);
    const result = handle(post('k'));
    pending.reject(new Error('lost the database'));
    await expect(result).rejects.toThrow('lost the database');
    expect(store.size).toBe(0);
  });
});

describe('scope and retention', () => {
  it('scopes keys by caller: the same key from two callers is two effects, each replaying its own', () => {
    const { handler, created } = creator();
    const { handle } = setup(handler, { scopeOf: (req) => req.headers['x-subject'] ?? 'anonymous' });
    const as = (subject: string, body: string) => ({ ...post('k', body), headers: { ...json, 'idempotency-key': 'k', 'x-subject': subject } });
    const alice = sync(handle(as('alice', '{"content":"a"}')));
    const bob = sync(handle(as('bob', '{"content":"b"}'))); // another body is fine: another caller's key space
    expect(created).toHaveLength(2);
    expect(sync(handle(as('alice', '{"content":"a"}'))).body).toBe(alice.body);
    expect(sync(handle(as('bob', '{"content":"b"}'))).body).toBe(bob.body);
    expect(created).toHaveLength(2);
  });

  it('replays until retentionUs after completion on the virtual clock, then forgets: a new effect', () => {
    const { handler, created } = creator();
    const { handle, at } = setup(handler, {}, 1_000_000);
    at(5_000);
    const first = sync(handle(post('k')));
    at(5_000 + 999_999);
    expect(sync(handle(post('k'))).body).toBe(first.body);
    expect(created).toHaveLength(1);
    at(5_000 + 1_000_000);
    const fresh = sync(handle(post('k')));
    expect([fresh.headers[replayedHeader], fresh.headers.location]).toEqual([undefined, '/notes/2']);
    expect(created).toHaveLength(2);
  });

  it('says the configured retention in its problem details', () => {
    const { handle } = setup(creator().handler, { requiresKey: () => true }, 90_000_000);
    expect(parse(sync(handle(post(undefined)))).detail).toMatch(/kept for 90 s after its response/);
  });
});
