import { Buffer } from 'node:buffer';

/**
 * Every byte of a response body the app wrote as a stream, or one `made-body.ts` could not take as it was
 * made: chunks enqueued over time, read to the end, as a client reads a whole response before the simulator
 * delivers it.
 *
 * Read with the stream's own reader rather than `response.arrayBuffer()`: for a body of one chunk that is
 * two reads and no copy, where undici's `arrayBuffer()` adds its own checks, promises and a `Buffer.concat`,
 * about 2 µs of a 16 µs round trip (docs/adapters.md, "Speed").
 */
export async function wholeBody(stream: ReadableStream<unknown>): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // What `arrayBuffer()` demands too (Fetch Standard, "fully read body"): a body is bytes.
    if (!(value instanceof Uint8Array)) throw new TypeError('a response body chunk that is not a Uint8Array');
    chunks.push(value);
    bytes += value.byteLength;
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, bytes);
}
