import { constants, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { HttpRequest, HttpResponse } from '../src/http/message.js';
import { problem, problemResponse } from '../src/http/problem.js';

/** The share of the old generation's limit past which new work is shed, unless `--heap-budget` says otherwise. */
export const defaultHeapBudgetFraction = 0.8;

/**
 * V8's young generation, which `heap_size_limit` counts beside the old one: three 16 MiB semi-spaces on a
 * 64-bit node 20 (measured: the limit is `--max-old-space-size` plus 48 MiB at 32, 64, 160, 1,024 and 4,096).
 */
const youngGenerationBytes = 48 * 1024 * 1024;

/** The old generation's limit, `--max-old-space-size` or V8's default: where every record ends up. */
export function oldSpaceLimitBytes(): number {
  return v8.getHeapStatistics().heap_size_limit - youngGenerationBytes;
}

/** How long a shed request is told to wait: a few full collections, or a caller deleting what it made. */
const retryAfterSeconds = 5;

/**
 * Whether the heap is past its budget, judged by what the last full collection left: the data that stays.
 * The heap in use between collections is mostly garbage a collection frees, so judged by it a busy server
 * would shed work it has room for; V8 collects in full before its heap fills, so the figure is never stale
 * for long.
 */
export class HeapBudget {
  readonly budgetBytes: number;
  #retainedBytes = 0;

  constructor(fraction: number, limitBytes: number = oldSpaceLimitBytes()) {
    this.budgetBytes = Math.floor(fraction * limitBytes);
  }

  /** Hears every full collection of this process from now on, for as long as it runs. */
  watch(): this {
    new PerformanceObserver((list) => {
      // A major collection is a full mark-sweep-compact; the others touch only the young generation or part of
      // it. The heap is read when node reports the collection, a moment after it.
      const full = list.getEntries().some((entry) => (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
      if (full) this.collected(v8.getHeapStatistics().used_heap_size);
    }).observe({ entryTypes: ['gc'] });
    return this;
  }

  /** What a full collection left in use. */
  collected(usedBytes: number): void {
    this.#retainedBytes = usedBytes;
  }

  get past(): boolean {
    return this.#retainedBytes > this.budgetBytes;
  }

  /**
   * 503 for a request that may add to what the process keeps, while the heap is past its budget; undefined
   * for any other. Reads, deletes and logins go on: they keep nothing, free room, or are bounded and the way
   * back in (a caller must sign in to delete). A graph query sent by POST is shed with the rest, since a
   * POST may carry a mutation; the same query by GET is answered. A WebSocket upgrade is `shedSocket`'s.
   */
  shed(req: HttpRequest): HttpResponse | undefined {
    return this.past && mayAdd(req) ? this.#refusal() : undefined;
  }

  /** 503 for a new WebSocket while the heap is past its budget: each holds buffers and subscriptions. */
  shedSocket(): HttpResponse | undefined {
    return this.past ? this.#refusal() : undefined;
  }

  #refusal(): HttpResponse {
    return problemResponse(
      problem(503, 'memory-budget', 'Service Unavailable',
        `The server's memory is past its budget (${mib(this.#retainedBytes)} of ${mib(this.budgetBytes)} MiB kept after a full collection), so it takes no new writes for now; reads and deletes go on. Try again in ${retryAfterSeconds} s.`,
        { retainedBytes: this.#retainedBytes, budgetBytes: this.budgetBytes }),
      { 'retry-after': String(retryAfterSeconds), 'cache-control': 'no-store' },
    );
  }
}

function mayAdd(req: HttpRequest): boolean {
  if (req.method !== 'POST' && req.method !== 'PUT' && req.method !== 'PATCH') return false;
  const path = req.path.split('?', 1)[0];
  return path !== '/sessions' && path !== '/tokens';
}

function mib(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}
