import { Console } from 'node:console';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import type { AppOutputLine, AppOutputLog, AppOutputStream } from '../../scenario/guest-origin.js';
import type { VirtualTimeSource } from './virtual-clock.js';
import { Loans } from './loans.js';

const require = createRequire(import.meta.url);
const fsModule = require('node:fs') as Record<string, unknown>;

// Taken when this module loads, before any world is lent: a write to another descriptor goes to the real one.
const realFsWrite = fsModule.write as (...args: unknown[]) => unknown;
const realFsWriteSync = fsModule.writeSync as (...args: unknown[]) => number;

type StreamWrite = (text: string) => boolean;

/** While a world is lent, the streams' writes as they were before it (lent with the rest, so given back with it). */
const writesBeforeTheWorld: Partial<Record<AppOutputStream, StreamWrite>> = {};

const hostWrite = (stream: AppOutputStream) => (text: string): void => {
  const write = writesBeforeTheWorld[stream] ?? process[stream].write.bind(process[stream]);
  write(text);
};

/**
 * apisim's own output, which no lent world takes for the app's: what a command prints while an app may be
 * running (a progress line, the reason the adapter answered 500) goes through here, to the streams as they
 * were before the world was lent.
 */
export const hostOutput: Readonly<Record<AppOutputStream, (text: string) => void>> = { stdout: hostWrite('stdout'), stderr: hostWrite('stderr') };

/** Lines kept per run; past these they are counted, so that an app that logs every request keeps a run's memory bounded. */
export const appOutputLineLimit = 10_000;

const streamOfFd = (fd: unknown): AppOutputStream | undefined => (fd === 1 ? 'stdout' : fd === 2 ? 'stderr' : undefined);

/**
 * What the app writes to its standard output and error while the world is lent, kept as the run's log
 * instead of reaching the process's own: apisim prints its timeline or its `--json` document there, and an
 * app's `console.log` in a handler would break both. Lent, and given back with the rest of the world:
 * - `console`, a console of the log's own (so a test runner's console, which writes elsewhere, is replaced too);
 * - `process.stdout.write` and `process.stderr.write`, which Node's own console and direct writes go through;
 * - `fs.write` and `fs.writeSync` on descriptors 1 and 2, which a logger may write through below the streams
 *   (pino's own destination does, when the logger was made before the world was lent; made inside it, it
 *   finds `process.stdout.write` replaced and writes there); any other descriptor goes to the real one.
 *
 * Each line is kept with the virtual time it began, and the stream; text after the last newline is a line
 * of its own at the end (`log`).
 */
export class AppOutput {
  readonly #time: VirtualTimeSource;
  readonly #lines: AppOutputLine[] = [];
  readonly #partial: Record<AppOutputStream, { text: string; atUs: number } | undefined> = { stdout: undefined, stderr: undefined };
  #omitted = 0;

  constructor(time: VirtualTimeSource) {
    this.#time = time;
  }

  lendTo(loans: Loans): void {
    const capture = (stream: AppOutputStream) => ({ write: (text: string) => this.write(stream, text) });
    // Plain writers, not streams: with `ignoreErrors: false` a console calls only their `write`.
    const appConsole = new Console({ stdout: capture('stdout') as unknown as NodeJS.WritableStream, stderr: capture('stderr') as unknown as NodeJS.WritableStream, ignoreErrors: false, colorMode: false });
    loans.lend(globalThis, 'console', appConsole);
    for (const stream of ['stdout', 'stderr'] as const) {
      const target = process[stream];
      loans.lend(writesBeforeTheWorld, stream, target.write.bind(target));
      loans.lend(target, 'write', (chunk: unknown, encoding?: unknown, callback?: unknown): boolean => {
        this.write(stream, textOf(chunk));
        const done = typeof encoding === 'function' ? encoding : callback;
        if (typeof done === 'function') process.nextTick(done);
        return true;
      });
    }
    loans.lend(fsModule, 'writeSync', (fd: unknown, data: unknown, ...rest: unknown[]): number => {
      const stream = streamOfFd(fd);
      if (stream === undefined) return realFsWriteSync(fd, data, ...rest);
      const bytes = bytesOf(data, rest);
      this.write(stream, bytes.toString('utf8'));
      return bytes.byteLength;
    });
    loans.lend(fsModule, 'write', (fd: unknown, data: unknown, ...rest: unknown[]): unknown => {
      const stream = streamOfFd(fd);
      if (stream === undefined) return realFsWrite(fd, data, ...rest);
      const bytes = bytesOf(data, rest);
      this.write(stream, bytes.toString('utf8'));
      const done = rest.findLast((arg) => typeof arg === 'function') as ((error: null, written: number, data: unknown) => void) | undefined;
      if (done !== undefined) process.nextTick(() => done(null, bytes.byteLength, data));
      return undefined;
    });
  }

  /** Takes what the app wrote to `stream`, split into lines. */
  write(stream: AppOutputStream, text: string): void {
    let start = 0;
    for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
      this.#line(stream, text.slice(start, newline));
      start = newline + 1;
    }
    if (start < text.length) {
      const partial = this.#partial[stream];
      this.#partial[stream] = { text: (partial?.text ?? '') + text.slice(start), atUs: partial?.atUs ?? this.#time.nowUs };
    }
  }

  /** Every line kept so far, in the order written, each unfinished one last; and how many were not kept. */
  log(): AppOutputLog {
    const unfinished = (['stdout', 'stderr'] as const).flatMap((stream) => {
      const partial = this.#partial[stream];
      return partial === undefined ? [] : [{ atUs: partial.atUs, stream, text: partial.text }];
    });
    const room = Math.max(0, appOutputLineLimit - this.#lines.length);
    return { lines: [...this.#lines, ...unfinished.slice(0, room)], omitted: this.#omitted + Math.max(0, unfinished.length - room) };
  }

  #line(stream: AppOutputStream, rest: string): void {
    const partial = this.#partial[stream];
    this.#partial[stream] = undefined;
    if (this.#lines.length >= appOutputLineLimit) {
      this.#omitted++;
      return;
    }
    this.#lines.push({ atUs: partial?.atUs ?? this.#time.nowUs, stream, text: (partial?.text ?? '') + rest });
  }
}

/** A stream write's chunk as text: a string as it is, bytes as UTF-8, which is what a terminal shows. */
function textOf(chunk: unknown): string {
  if (typeof chunk === 'string') return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8');
  return String(chunk);
}

/**
 * The bytes an `fs.write(fd, data, …)` would write: a string whole (its other arguments are a position and an
 * encoding, which a terminal ignores), a buffer from its offset for its length when they are given.
 */
function bytesOf(data: unknown, rest: readonly unknown[]): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (!ArrayBuffer.isView(data)) return Buffer.from(String(data), 'utf8');
  const view = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const options = typeof rest[0] === 'object' && rest[0] !== null ? (rest[0] as { offset?: unknown; length?: unknown }) : undefined;
  const offset = Number(options?.offset ?? (typeof rest[0] === 'number' ? rest[0] : 0));
  const length = Number(options?.length ?? (typeof rest[1] === 'number' ? rest[1] : view.byteLength - offset));
  return view.subarray(offset, offset + length);
}

/**
 * `work` (importing the app's module before any run, outside any world) with what the app writes meanwhile
 * kept in a log of its own, as a run keeps it: a module that logs at its top level must not print into
 * apisim's output either. Its lines are at time 0: no virtual clock runs yet.
 */
export async function keepingOutput<T>(work: () => Promise<T>): Promise<{ readonly value: T; readonly output: AppOutputLog }> {
  const output = new AppOutput({ nowUs: 0 });
  const loans = new Loans();
  output.lendTo(loans);
  syncBuiltinESMExports();
  try {
    return { value: await work(), output: output.log() };
  } finally {
    loans.giveBack();
    syncBuiltinESMExports();
  }
}
