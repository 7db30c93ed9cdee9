import { Buffer } from 'node:buffer';
import { connect, type Socket } from 'node:net';

/** A response as read off a raw socket: what the server wrote, byte for byte, until it closed. */
export interface RawResponse {
  readonly status: number;
  /** Lower-case names; a repeated field appears joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** The whole text, head included. */
  readonly text: string;
}

/**
 * Writes `chunks` to a fresh connection and reads until the server closes it, so tests can send what no
 * HTTP client would (a lying Content-Length, bad bytes, a body cut short) and see exactly what comes back.
 * `closeAfterMs` ends the wait for servers that keep the connection open.
 */
export function rawExchange(url: string, chunks: readonly (string | Buffer)[], options: { readonly closeAfterMs?: number } = {}): Promise<RawResponse | 'closed-without-response'> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host: hostname, port: Number(port) }, () => {
      for (const chunk of chunks) socket.write(chunk);
    });
    const received: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    if (options.closeAfterMs !== undefined) timer = setTimeout(() => socket.destroy(), options.closeAfterMs);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    // A reset after the response arrived (the server closed with our body unread) still counts as an answer.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(received).toString('utf8');
      resolve(text === '' ? 'closed-without-response' : parse(text));
    });
  });
}

function parse(text: string): RawResponse {
  const end = text.indexOf('\r\n\r\n');
  const head = text.slice(0, end < 0 ? text.length : end).split('\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head[0] ?? '')?.[1] ?? NaN);
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return { status, headers, body: end < 0 ? '' : text.slice(end + 4), text };
}
