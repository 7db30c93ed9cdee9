import { describe, expect, it } from 'vitest';
import { request } from '../../../src/http/message.js';
import { fetchOrigin } from './fetch-origin.js';
import { madeBody } from './made-body.js';

describe('madeBody, what a Response body was made from, taken without reading its stream', () => {
  it("takes the string or the bytes a Response was made from, leaving its stream unread (undici's state is where it is looked)", () => {
    const fromString = new Response('{"content":"tea"}');
    expect(madeBody(fromString)).toBe('{"content":"tea"}');
    expect(fromString.bodyUsed).toBe(false);
    expect(madeBody(Response.json({ content: 'tea' }))).toEqual(new TextEncoder().encode('{"content":"tea"}'));
    expect(madeBody(new Response(Uint8Array.of(0xff, 0x00)))).toEqual(Uint8Array.of(0xff, 0x00));
    // undici makes a body string a USVString when the Response is made: the lone surrogate is gone already.
    expect(madeBody(new Response('a lone \uD800'))).toBe('a lone \uFFFD');
  });

  it('leaves to the stream a body written as one, a string that starts with a BOM, and a body locked or read', async () => {
    const used = new Response('read');
    await used.text();
    const locked = new Response('locked');
    locked.body!.getReader();
    for (const res of [new Response(new Response('a stream').body), new Response(''), new Response('\uFEFFa BOM first'), used, locked]) {
      expect(madeBody(res)).toBeUndefined();
    }
  });

  it.each([
    ['JSON', (): string | Uint8Array<ArrayBuffer> => '{"content":"tea"}'], ['multi-byte text', (): string | Uint8Array<ArrayBuffer> => 'café ☕ 😀'], ['a BOM first', (): string | Uint8Array<ArrayBuffer> => '\uFEFFbom'],
    ['a lone surrogate', (): string | Uint8Array<ArrayBuffer> => 'lone \uDC00'], ['5,000 characters', (): string | Uint8Array<ArrayBuffer> => 'x'.repeat(5_000)],
    ['bytes that are not UTF-8', (): string | Uint8Array<ArrayBuffer> => Uint8Array.of(0x63, 0x61, 0x66, 0xe9)], ['no bytes', (): string | Uint8Array<ArrayBuffer> => new Uint8Array(0)],
  ])('gives through fetchOrigin exactly what reading the stream gives: %s', async (_, body) => {
    const type = { 'content-type': 'text/plain; charset=utf-8' };
    const made = fetchOrigin(() => new Response(body(), { headers: type }));
    const streamed = fetchOrigin(() => new Response(new Response(body()).body, { headers: type }));
    expect(await made.handle(request('GET', '/'))).toEqual(await streamed.handle(request('GET', '/')));
  });
});
