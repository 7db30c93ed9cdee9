import { describe, expect, it } from 'vitest';
import { request } from '../../../src/http/message.js';
import { GuestRequest } from './guest-request.js';

const put = (): Request => new GuestRequest(request('PUT', '/notes/1?draft=yes', { 'content-type': 'application/json', cookie: 'sid=1' }, '{"content":"é"}'));

describe('GuestRequest, the Request a fetch app receives', () => {
  it('is a Request, for the url on origin.test, with the simulated fields and a host', () => {
    const req = put();
    expect(req).toBeInstanceOf(Request);
    expect(Object.prototype.toString.call(req)).toBe('[object Request]');
    expect(req.method).toBe('PUT');
    expect(req.url).toBe('http://origin.test/notes/1?draft=yes');
    expect([...req.headers]).toEqual([['content-type', 'application/json'], ['cookie', 'sid=1'], ['host', 'origin.test']]);
    expect(req.headers).toBe(req.headers);
  });

  it('keeps a host the simulated request carries', () => {
    const req = new GuestRequest(request('GET', '/', { host: 'api.example' }));
    expect(req.headers.get('host')).toBe('api.example');
  });

  it('reads its body once, as text or JSON, and refuses a second read as undici does', async () => {
    const req = put();
    expect(req.bodyUsed).toBe(false);
    expect(await req.json()).toEqual({ content: 'é' });
    expect(req.bodyUsed).toBe(true);
    await expect(req.text()).rejects.toThrow(new TypeError('Body is unusable: Body has already been read'));
    const real = new Request('http://origin.test/', { method: 'PUT', body: 'x' });
    await real.text();
    await expect(real.text()).rejects.toThrow(new TypeError('Body is unusable: Body has already been read'));
  });

  it('gives its body as UTF-8 bytes', async () => {
    expect([...new Uint8Array(await put().arrayBuffer())]).toEqual([...new TextEncoder().encode('{"content":"é"}')]);
    expect((await new GuestRequest(request('POST', '/', {}, 'ü')).bytes()).byteLength).toBe(2);
  });

  it('has no body on GET, as WHATWG Request cannot, and reads it as empty any number of times', async () => {
    const req = new GuestRequest(request('GET', '/', {}, 'ignored'));
    expect(await req.text()).toBe('');
    expect(await req.text()).toBe('');
    expect(req.bodyUsed).toBe(false);
    expect(req.body).toBeNull();
  });

  it("answers what only undici's Request knows from one built behind it: the body stream, clone, signal, formData", async () => {
    const req = put();
    expect(req.signal.aborted).toBe(false);
    expect(req.cache).toBe('default');
    expect(req.redirect).toBe('follow');
    const copy = req.clone();
    expect(await copy.text()).toBe('{"content":"é"}');
    expect(await new Response(req.body).text()).toBe('{"content":"é"}');
    expect(req.bodyUsed).toBe(true);
    const form = new GuestRequest(request('POST', '/', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1&b=two'));
    expect([...(await form.formData()).entries()]).toEqual([['a', '1'], ['b', 'two']]);
  });

  it('tells undici its body was read when something asks undici after a fast read', async () => {
    const req = put();
    await req.text();
    expect(req.signal.aborted).toBe(false);
    expect(req.bodyUsed).toBe(true);
    expect(() => req.clone()).toThrow(TypeError);
  });

  it('can be wrapped, as middlewares and proxies do: new Request(request, init) keeps its method, fields and body', async () => {
    const req = put();
    const wrapped = new Request(req, { headers: { 'content-type': 'text/plain' } });
    expect([wrapped.method, wrapped.url, [...wrapped.headers]]).toEqual(['PUT', 'http://origin.test/notes/1?draft=yes', [['content-type', 'text/plain']]]);
    expect(await wrapped.text()).toBe('{"content":"é"}');
    expect(req.bodyUsed).toBe(true);
    const changed = put();
    changed.headers.set('x-added', 'by a middleware');
    const same = new Request(changed);
    expect([...same.headers]).toEqual([['content-type', 'application/json'], ['cookie', 'sid=1'], ['host', 'origin.test'], ['x-added', 'by a middleware']]);
    expect(await same.json()).toEqual({ content: 'é' });
  });

  it('answers a Request property the class does not name, from undici, instead of an illegal invocation', () => {
    const req = put() as Request & { readonly isHistoryNavigation: boolean };
    expect(req.isHistoryNavigation).toBe(false);
  });
});
