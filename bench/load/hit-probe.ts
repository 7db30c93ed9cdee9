import { Agent, get } from 'node:http';

/** One timed read the shared cache answered from its store. */
export interface HitTiming {
  /** Since the soak started. */
  readonly atSeconds: number;
  readonly latencyMs: number;
}

export interface HitProbe {
  /** The hits timed so far, and how many reads were not hits (a miss after the note's minute, a refusal). */
  readonly hits: readonly HitTiming[];
  readonly others: () => number;
  stop(): Promise<void>;
}

/**
 * What a customer sees while the floods run: one read of a note through the shared cache every
 * `intervalMs`, one at a time, from a loopback address of its own, timed from the request to the last byte.
 * Only hits count (`Cache-Status: …; hit`): a hit touches neither the origin's stores nor a password, so its
 * latency is the event loop's, which is what a flood starves.
 */
export function startHitProbe(url: string, cookie: string, localAddress: string, intervalMs: number, startedMs: number): HitProbe {
  const agent = new Agent({ keepAlive: true, localAddress });
  const hits: HitTiming[] = [];
  let others = 0;
  let stopping = false;
  const once = (): Promise<void> => new Promise((resolve) => {
    const sentMs = performance.now();
    const req = get(url, { agent, headers: { cookie } }, (res) => {
      res.resume();
      res.on('end', () => {
        const hit = /(^|;)\s*hit\b/.test(String(res.headers['cache-status'] ?? ''));
        if (hit && res.statusCode === 200) hits.push({ atSeconds: (sentMs - startedMs) / 1_000, latencyMs: performance.now() - sentMs });
        else others++;
        resolve();
      });
    });
    req.on('error', () => {
      others++;
      resolve();
    });
  });
  const loop = (async () => {
    while (!stopping) {
      const began = performance.now();
      await once();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - (performance.now() - began))));
    }
  })();
  return {
    hits,
    others: () => others,
    stop: async () => {
      stopping = true;
      await loop;
      agent.destroy();
    },
  };
}

/** The 99th percentile of each minute's hit latencies (nearest rank), minute 1 first; a minute without hits is absent. */
export function p99ByMinute(hits: readonly HitTiming[]): { readonly minute: number; readonly hits: number; readonly p99Ms: number }[] {
  const minutes = new Map<number, number[]>();
  for (const hit of hits) {
    const minute = Math.floor(hit.atSeconds / 60) + 1;
    const latencies = minutes.get(minute) ?? [];
    latencies.push(hit.latencyMs);
    minutes.set(minute, latencies);
  }
  return [...minutes].sort(([a], [b]) => a - b).map(([minute, latencies]) => {
    const sorted = latencies.sort((a, b) => a - b);
    return { minute, hits: sorted.length, p99Ms: Math.round(sorted[Math.ceil(sorted.length * 0.99) - 1]! * 10) / 10 };
  });
}
