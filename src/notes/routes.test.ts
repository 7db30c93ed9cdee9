import { describe, expect, it } from 'vitest';
import { type HttpResponse, request } from '../http/message.js';
import { maxJsonBodyBytes } from '../http/json-body.js';
import { createOrigin, defaultOriginSettings } from '../origin.js';
import { testEnvironment } from '../testing-kit.js';

const json = { 'content-type': 'application/json' };
const put = (id: string, body: string, headers: Record<string, string> = json) => request('PUT', `/notes/${id}`, headers, body);
const body = (res: HttpResponse) => JSON.parse(res.body ?? 'null') as Record<string, unknown>;

const sessions = new WeakMap<object, string>();

/** Sends as alice, signed in: these tests are about the resource, gate 1 has tests of its own. */
async function send(origin: ReturnType<typeof createOrigin>, req: ReturnType<typeof request>) {
  let sid = sessions.get(origin);
  if (sid === undefined) {
    sid = origin.login.openSession(origin.accounts.byId(1)!, 0);
    sessions.set(origin, sid);
  }
  return origin.handle({ ...req, headers: { ...req.headers, cookie: `sid=${sid}` } });
}

describe('notes, as the spec state table says', () => {
  it('PUT creates or replaces with 200, and the same PUT twice leaves the same state', async () => {
    const origin = createOrigin(testEnvironment());
    const first = await send(origin, put('1', '{"content":"a"}'));
    expect([first.status, body(first)]).toEqual([200, { id: 1, content: 'a' }]);
    const again = await send(origin, put('1', '{"content":"a"}'));
    expect(again.status).toBe(200);
    expect(origin.state().notes).toEqual([{ id: 1, content: 'a' }]);
  });

  it('POST adds one note per call with 201 and a Location; a repeat is a second note', async () => {
    const origin = createOrigin(testEnvironment());
    const a = await send(origin, request('POST', '/notes', json, '{"content":"x"}'));
    const b = await send(origin, request('POST', '/notes', json, '{"content":"x"}'));
    expect([a.status, a.headers.location, b.headers.location]).toEqual([201, '/notes/1', '/notes/2']);
    expect(origin.state().notes).toHaveLength(2);
  });

  it('POST never reuses an id that a PUT created', async () => {
    const origin = createOrigin(testEnvironment());
    await send(origin, put('1', '{"content":"put"}'));
    const posted = await send(origin, request('POST', '/notes', json, '{"content":"post"}'));
    expect(body(posted)).toEqual({ id: 2, content: 'post' });
  });

  it('DELETE removes with 204; a repeat finds nothing (404) and the state is the same', async () => {
    const origin = createOrigin(testEnvironment());
    await send(origin, put('1', '{"content":"a"}'));
    expect((await send(origin, request('DELETE', '/notes/1'))).status).toBe(204);
    const repeat = await send(origin, request('DELETE', '/notes/1'));
    expect([repeat.status, repeat.headers['content-type']]).toEqual([404, 'application/problem+json']);
    expect(origin.state().notes).toEqual([]);
  });

  it('GET is safe: it returns the note and changes nothing', async () => {
    const origin = createOrigin(testEnvironment());
    await send(origin, put('7', '{"content":"seven"}'));
    const before = origin.state();
    expect(body(await send(origin, request('GET', '/notes/7')))).toEqual({ id: 7, content: 'seven' });
    expect((await send(origin, request('GET', '/notes/8'))).status).toBe(404);
    expect(origin.state()).toEqual(before);
  });
});

describe('notes reject bad input precisely and change nothing', () => {
  const cases: [string, ReturnType<typeof request>, number, string][] = [
    ['malformed JSON', put('1', '{"content":'), 400, '/problems/malformed-json'],
    ['no body', request('PUT', '/notes/1'), 400, '/problems/body-required'],
    ['a body that is not an object', put('1', '["a"]'), 422, '/problems/invalid-body'],
    ['a wrong type', put('1', '{"content":42}'), 422, '/problems/invalid-body'],
    ['a missing field', put('1', '{}'), 422, '/problems/invalid-body'],
    ['an unknown field', put('1', '{"content":"a","owner":"mallory"}'), 422, '/problems/invalid-body'],
    ['a non-JSON media type', put('1', '{"content":"a"}', { 'content-type': 'text/plain' }), 415, '/problems/unsupported-media-type'],
    ['an oversized body', put('1', JSON.stringify({ content: 'x'.repeat(maxJsonBodyBytes) })), 413, '/problems/body-too-large'],
    ['an unsupported method', request('PATCH', '/notes/1', json, '{"content":"a"}'), 405, '/problems/method-not-allowed'],
    ['GET on the collection', request('GET', '/notes'), 405, '/problems/method-not-allowed'],
    ['a non-numeric id', put('abc', '{"content":"a"}'), 404, '/problems/not-found'],
    ['an id with a leading zero', put('01', '{"content":"a"}'), 404, '/problems/not-found'],
    ['an unknown path', request('GET', '/nope'), 404, '/problems/not-found'],
  ];

  it.each(cases)('%s → %i problem details', async (_name, req, status, type) => {
    const origin = createOrigin(testEnvironment());
    await send(origin, put('1', '{"content":"original"}'));
    const res = await send(origin, req);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(body(res)).toMatchObject({ type, status });
    expect(typeof body(res).detail).toBe('string');
    expect(origin.state().notes).toEqual([{ id: 1, content: 'original' }]);
  });

  it('names the field at fault with a JSON pointer', async () => {
    const res = await send(createOrigin(testEnvironment()), put('1', '{"content":"a","colour":"red"}'));
    expect(body(res).errors).toEqual([{ pointer: '/colour', detail: 'Unknown field "colour"; a note has only "content".' }]);
  });

  it('answers 405 with an Allow header listing what is allowed', async () => {
    const res = await send(createOrigin(testEnvironment()), request('POST', '/notes/1', json, '{"content":"a"}'));
    expect(res.headers.allow).toBe('GET, HEAD, PUT, DELETE, OPTIONS');
  });

  it('accepts a JSON media type with parameters, and unicode content counted in UTF-8 bytes', async () => {
    const origin = createOrigin(testEnvironment());
    const res = await send(origin, put('1', '{"content":"crème brûlée 🍮"}', { 'content-type': 'application/json; charset=utf-8' }));
    expect(res.status).toBe(200);
    expect(res.bodyBytes).toBe(Buffer.byteLength(res.body!, 'utf8'));
    expect(res.bodyBytes).toBeGreaterThan(res.body!.length);
  });
});

describe('notes: HEAD and OPTIONS', () => {
  it('OPTIONS lists what each URL supports, HEAD answers like GET without a body', async () => {
    const origin = createOrigin(testEnvironment());
    await send(origin, put('1', '{"content":"a"}'));
    const item = await send(origin, request('OPTIONS', '/notes/1'));
    const collection = await send(origin, request('OPTIONS', '/notes'));
    expect([item.status, item.headers.allow, collection.headers.allow]).toEqual([204, 'GET, HEAD, PUT, DELETE, OPTIONS', 'POST, OPTIONS']);
    const head = await send(origin, request('HEAD', '/notes/1'));
    expect([head.status, head.body, head.headers['content-type']]).toEqual([200, undefined, 'application/json']);
  });
});

describe('problem details name the whole body with the empty JSON Pointer (RFC 6901)', () => {
  it('points at "" when the body is not an object', async () => {
    const res = await send(createOrigin(testEnvironment()), put('1', '["a"]'));
    expect((body(res).errors as { pointer: string }[])[0]!.pointer).toBe('');
  });

  it('refuses a note past the caller\'s quota with 507 problem details and keeps nothing; deleting one makes room', async () => {
    const origin = createOrigin(testEnvironment(), { ...defaultOriginSettings, quotas: { ...defaultOriginSettings.quotas, notes: { count: 2, bytes: 100 } } });
    const post = () => send(origin, request('POST', '/notes', json, '{"content":"x"}'));
    expect([(await post()).status, (await post()).status]).toEqual([201, 201]);
    const refused = await post();
    expect([refused.status, body(refused)]).toMatchObject([507, { type: '/problems/quota-exceeded', limit: 'notes', max: 2, used: 2 }]);
    expect((await send(origin, put('9', '{"content":"y"}'))).status).toBe(507);
    expect((await send(origin, put('1', `{"content":"${'z'.repeat(99)}"}`))).status).toBe(200);
    expect(origin.state().notes).toHaveLength(2);
    expect((await send(origin, request('DELETE', '/notes/2', {}))).status).toBe(204);
    expect((await post()).status).toBe(201);
  });
});
