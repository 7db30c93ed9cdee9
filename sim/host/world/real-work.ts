import { createHook } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Loans } from './loans.js';

/**
 * How a kind of Node resource finishes, for the drain's wait:
 * - `request`: Node lists it in `process.getActiveResourcesInfo()` while it is pending, and it is pending
 *   only while its work is under way (a file operation, a DNS lookup, a socket's connect or write);
 * - `handle`: Node lists it while it is open (a socket, a child process, a watcher, the module loader's
 *   worker while an `import()` waits on it); one open before the world was lent, or left open by the app's
 *   start, is not waited for;
 * - `callback`: Node does not list it, but runs its callback once, when it is done (Web Crypto and async
 *   `node:crypto` jobs, a file handle's close);
 * - `writes`: a zlib stream, pending while one of its writes is (one callback a write);
 * - `none`: not waited for (a real timer or immediate, which the drain handles apart; a file handle, which
 *   lives until garbage-collected while its operations are file operations of their own).
 */
type Finish = 'request' | 'handle' | 'callback' | 'writes' | 'none';

/**
 * A kind of Node resource in words, matched on the names of both `getActiveResourcesInfo` (`FSReqCallback`,
 * `TCPSocketWrap`) and `async_hooks` (`FSREQCALLBACK`, `TCPWRAP`). `io`: its completion comes at a real time.
 */
const kinds: readonly { readonly pattern: RegExp; readonly what: string; readonly io: boolean; readonly finish: Finish }[] = [
  { pattern: /^FSReq/i, what: 'a file operation', io: true, finish: 'request' },
  { pattern: /^FileHandleCloseReq$/i, what: 'a file operation', io: true, finish: 'callback' },
  { pattern: /^FileHandle$/i, what: 'a file operation', io: true, finish: 'none' },
  { pattern: /^(FSEvent|StatWatcher)/i, what: 'a file watcher', io: true, finish: 'handle' },
  { pattern: /^(TCPConnect|PipeConnect|Write|Shutdown|UDPSend)Wrap$/i, what: 'a real socket', io: true, finish: 'request' },
  { pattern: /^(TCP|TLS|UDP|Pipe)/i, what: 'a real socket', io: true, finish: 'handle' },
  { pattern: /^(GetAddrInfo|GetNameInfo|Query)/i, what: 'a DNS lookup', io: true, finish: 'request' },
  { pattern: /^Process/i, what: 'a child process', io: true, finish: 'handle' },
  { pattern: /^MessagePort$/i, what: 'a message port (the module loader, while an import() waits on it)', io: true, finish: 'handle' },
  // Node names its crypto jobs in capitals (HASHREQUEST, PBKDF2REQUEST); an AsyncResource a library names
  // after a function (on-finished's `logRequest`, for morgan) is not one, and may run long after.
  { pattern: /^[A-Z0-9]+REQUEST$/, what: 'a crypto job (Web Crypto, async node:crypto)', io: true, finish: 'callback' },
  { pattern: /^Zlib$/i, what: 'async zlib', io: true, finish: 'writes' },
  { pattern: /^Timeout$/, what: 'a real timer, set by code that took setTimeout before the world was lent', io: false, finish: 'none' },
  { pattern: /^Immediate$/, what: 'a real setImmediate', io: false, finish: 'none' },
];

const kindOf = (resource: string) => kinds.find((k) => k.pattern.test(resource));

/** Real I/O the whole process has pending now (sockets, file operations, lookups, child processes), counted. */
export function realIoPending(): number {
  return process.getActiveResourcesInfo().filter((resource) => kindOf(resource)?.io === true).length;
}

function counted(resources: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const kind of resources) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
}

/** Who started an operation, told from the code on the stack when Node made it (`startedBy`). */
export type Starter = 'app' | 'loader' | 'unknown';

/** An operation Node does not list while it is pending, started in this world and not yet done. */
interface Unlisted {
  readonly what: string;
  /** Pending writes of a zlib stream; 1 for a crypto job or a file handle's close, until its callback. */
  pending: number;
  /** Node's object for it: a crypto job made for the sync form (`randomFillSync`) runs at once, and never calls back. */
  readonly resource: object;
}

/** A crypto job of a sync form has no `ondone`: it ran as it was made. Anything else that calls back does. */
function callsBack(resource: object): boolean {
  return !/Job$/.test(resource.constructor.name) || typeof Reflect.get(resource, 'ondone') === 'function';
}

const require = createRequire(import.meta.url);
const zlibModule = require('node:zlib') as typeof import('node:zlib');

/**
 * The prototypes of Node's native zlib handles, whose `write` starts a job on libuv's thread pool. Taken from
 * streams made (and closed) when this module loads, since Node exposes the classes no other way.
 */
const zlibHandlePrototypes: readonly object[] = [zlibModule.createGzip(), zlibModule.createBrotliCompress()].map((stream) => {
  const handle = (stream as unknown as { _handle: object })._handle;
  stream.close();
  return Object.getPrototypeOf(handle) as object;
});

// This folder's own frames are apisim's (a watched source calls through one), not the app's.
const worldFolder = fileURLToPath(new URL('.', import.meta.url));
const worldFolderUrl = new URL('.', import.meta.url).href;

/**
 * The module loaders: Node's own (`import()` reads files or asks the loader's worker) and tsx's (which also
 * writes its cache of compiled files, after the import it served has resolved, when the cache was cold).
 */
function isLoaderFile(file: string): boolean {
  return file.startsWith('node:internal/modules/') || /[\\/]node_modules[\\/]tsx[\\/]/.test(file);
}

/** The world's own modules; its tests and their kit, beside them, stand for an app. */
function isWorldFile(file: string): boolean {
  return (file.startsWith(worldFolder) || file.startsWith(worldFolderUrl)) && !/(\.test|test-kit)\.[jt]s$/.test(file);
}

function isAppFile(file: string): boolean {
  return file !== '' && file !== 'native' && !file.startsWith('node:') && !isWorldFile(file);
}

/**
 * Who is making an operation, from the frames on the stack as Node makes it: the loader when a loader's code
 * is there (an app's lazy `import()` included: loading code is the loader's work, paid once per process),
 * else the app when any code outside Node is (a library counts as the app), else unknown: a step of an
 * operation already under way, run from Node's own callbacks (the rest of a `readFile` after its `open`), or
 * work begun inside what the world lends (`randomInt` refilling its cache through a watched source, named in
 * `notVirtual` instead).
 */
export function startedBy(): Starter {
  const limit = Error.stackTraceLimit;
  const holder: { stack?: unknown } = {};
  try {
    Error.stackTraceLimit = 40;
    Error.captureStackTrace(holder);
  } finally {
    Error.stackTraceLimit = limit;
  }
  // A frame's place is what its line ends with: `(file:line:column)`, or `file:line:column` after `at `.
  const files = typeof holder.stack === 'string' ? holder.stack.split('\n').slice(1).map((line) => /(?:\(|at )([^()\s]+?)(?::\d+){0,2}\)?$/.exec(line.trim())?.[1] ?? '') : [];
  // The first frames are this function's and the hook's.
  const first = files.findIndex((file) => !isWorldFile(file));
  let app = false;
  for (const file of first === -1 ? [] : files.slice(first)) {
    if (isLoaderFile(file)) return 'loader';
    if (isWorldFile(file)) return 'unknown';
    app ||= isAppFile(file);
  }
  return app ? 'app' : 'unknown';
}

/**
 * The real work of the process, as the virtual world sees it: what Node lists as pending
 * (`process.getActiveResourcesInfo`) beyond what it listed when the world was lent, and, watched with
 * `async_hooks` while the world is lent, what Node does not list (crypto jobs, zlib writes) and who started
 * each operation. What the app itself started (not the module loader, not a step Node runs on its own) is
 * named, in words and without counts, for the trace: the same requests start the same kinds of work on every
 * run, whatever the real timing.
 */
export class RealWork {
  #baseline: Map<string, number>;
  readonly #unlisted = new Map<number, Unlisted>();
  readonly #named = new Set<string>();
  #woken: (() => void) | undefined;
  readonly #hook = createHook({
    init: (asyncId, type, _trigger, resource: object) => {
      if (type === 'PROMISE' || type === 'TickObject' || type === 'Timeout' || type === 'Immediate' || type === 'Microtask') return;
      const kind = kindOf(type);
      if (kind === undefined || kind.finish === 'none') return;
      if (startedBy() === 'app') this.#named.add(kind.what);
      if (kind.finish === 'callback' || kind.finish === 'writes') {
        this.#unlisted.set(asyncId, { what: `${type} (${kind.what})`, pending: kind.finish === 'callback' ? 1 : 0, resource });
      }
    },
    after: (asyncId) => {
      const op = this.#unlisted.get(asyncId);
      if (op !== undefined && op.pending > 0) op.pending--;
      this.#wake();
    },
  });

  constructor() {
    this.#baseline = counted(process.getActiveResourcesInfo());
  }

  /** Starts watching: from now on, until `stopWatching`, the operations made are seen. */
  watch(loans: Loans): void {
    this.#hook.enable();
    const unlisted = this.#unlisted;
    for (const prototype of zlibHandlePrototypes) {
      const write = Reflect.get(prototype, 'write') as (...args: unknown[]) => unknown;
      loans.lend(prototype, 'write', function (this: { getAsyncId(): number }, ...args: unknown[]): unknown {
        const op = unlisted.get(this.getAsyncId());
        if (op !== undefined) op.pending++;
        return Reflect.apply(write, this, args);
      });
    }
  }

  stopWatching(): void {
    this.#hook.disable();
    this.#wake();
  }

  /**
   * What is pending now becomes the baseline, and what was named is forgotten: the app's start is over, and
   * what it left open (a connection it keeps) is its own.
   */
  rebaseline(): void {
    this.#baseline = counted(process.getActiveResourcesInfo());
    this.#unlisted.clear();
    this.#named.clear();
  }

  /**
   * Real operations pending now, in words: every request under way, every handle opened since the world was
   * lent (or its start ended), every operation Node does not list that has not called back. A request is
   * never part of the baseline: one under way when the world was lent (the loader writing its cache) ends
   * soon, and counting it there would hide one of the app's of the same kind.
   */
  pending(): string[] {
    const out: string[] = [];
    for (const [resource, count] of counted(process.getActiveResourcesInfo())) {
      const kind = kindOf(resource);
      const more = kind?.finish === 'request' ? count : kind?.finish === 'handle' ? count - (this.#baseline.get(resource) ?? 0) : 0;
      if (more > 0) out.push(`${more === 1 ? '' : `${more} × `}${resource} (${kind!.what})`);
    }
    for (const op of this.#unlisted.values()) if (op.pending > 0 && callsBack(op.resource)) out.push(op.what);
    return out;
  }

  /** Called once, at the next callback of any real operation: one may have finished. */
  set onCallback(callback: (() => void) | undefined) {
    this.#woken = callback;
  }

  /** The kinds of work the app started since the last time this was asked, in words, sorted; then forgotten. */
  takeNamed(): string[] {
    const named = [...this.#named].sort();
    this.#named.clear();
    for (const [id, op] of this.#unlisted) if (op.pending === 0) this.#unlisted.delete(id);
    return named;
  }

  /** How many more of each kind are pending than when the world was lent. */
  beyondBaseline(): Map<string, number> {
    const extra = new Map<string, number>();
    for (const [kind, count] of counted(process.getActiveResourcesInfo())) {
      const more = count - (this.#baseline.get(kind) ?? 0);
      if (more > 0) extra.set(kind, more);
    }
    return extra;
  }

  /** Real immediates queued beyond the baseline: the drain turns the loop again for them. */
  immediates(extra: ReadonlyMap<string, number>): number {
    return extra.get('Immediate') ?? 0;
  }

  /** Everything real pending beyond the baseline, in words. */
  describe(): string[] {
    return describe(this.beyondBaseline());
  }

  #wake(): void {
    const woken = this.#woken;
    this.#woken = undefined;
    woken?.();
  }
}

function describe(extra: ReadonlyMap<string, number>): string[] {
  const out: string[] = [];
  for (const [resource, count] of extra) {
    const known = kindOf(resource);
    out.push(`${count === 1 ? '' : `${count} × `}${resource}${known === undefined ? '' : ` (${known.what})`}`);
  }
  return out;
}
