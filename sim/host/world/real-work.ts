/** What a kind of Node resource is, in words, and whether it is real I/O (a socket, a file, a lookup, a process). */
const kinds: readonly { readonly pattern: RegExp; readonly what: string; readonly io: boolean }[] = [
  { pattern: /^(TCP|TLS|UDP|Pipe)/, what: 'a real socket', io: true },
  { pattern: /^(FSReq|FileHandle|FSEvent|StatWatcher)/, what: 'a file operation', io: true },
  { pattern: /^(GetAddrInfo|GetNameInfo|Query)/, what: 'a DNS lookup', io: true },
  { pattern: /^Process/, what: 'a child process', io: true },
  { pattern: /^Timeout$/, what: 'a real timer, set by code that took setTimeout before the world was lent', io: false },
  { pattern: /^Immediate$/, what: 'a real setImmediate', io: false },
];

/** Real I/O the whole process has pending now (sockets, file operations, lookups, child processes), counted. */
export function realIoPending(): number {
  return process.getActiveResourcesInfo().filter((kind) => kinds.some((k) => k.io && k.pattern.test(kind))).length;
}

function counted(resources: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const kind of resources) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
}

/**
 * Real work the process has pending beyond what it had when the world was lent, as Node lists its active
 * handles and requests (`process.getActiveResourcesInfo`): sockets, file operations, DNS lookups, child
 * processes, real timers and immediates. The virtual world cannot see into any of them: their completion
 * comes at a real time. Node does not list everything (zlib and Web Crypto jobs, worker threads' messages),
 * so this finds much, not all.
 */
export class RealWork {
  #baseline: Map<string, number>;

  constructor() {
    this.#baseline = counted(process.getActiveResourcesInfo());
  }

  /** What is pending now becomes the baseline: the app's start is over, and what it left open is its own. */
  rebaseline(): void {
    this.#baseline = counted(process.getActiveResourcesInfo());
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

  /** Real I/O among `extra`, in words, e.g. `TCPSocketWrap (a real socket)`. */
  io(extra: ReadonlyMap<string, number>): string[] {
    return describe(extra, true);
  }

  /** Everything real pending beyond the baseline, in words. */
  describe(): string[] {
    return describe(this.beyondBaseline(), false);
  }
}

function describe(extra: ReadonlyMap<string, number>, ioOnly: boolean): string[] {
  const out: string[] = [];
  for (const [kind, count] of extra) {
    const known = kinds.find((k) => k.pattern.test(kind));
    if (ioOnly && known?.io !== true) continue;
    out.push(`${count === 1 ? '' : `${count} × `}${kind}${known === undefined ? '' : ` (${known.what})`}`);
  }
  return out;
}
