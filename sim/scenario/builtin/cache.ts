import type { BuiltinScenario, ScenarioSteps } from '../builtin-scenario.js';

const writeThenRead: ScenarioSteps = [
  { method: 'PUT', path: '/notes/1', body: { content: 'first' } },
  { method: 'GET', path: '/notes/1' },
  { method: 'PUT', path: '/notes/1', body: { content: 'second' } },
  { method: 'GET', path: '/notes/1' },
];

/** The shared cache of spec §3: hits, misses, freshness, per-caller variants and invalidation by writes. */
export const cacheScenarios: readonly BuiltinScenario[] = [
  {
    name: 'notes-cache-hit',
    summary: 'A repeat GET within 60 s is answered by the cache (no origin, no 15 ms); bob\'s GET is his own variant, a miss.',
    build: () => ({
      steps: [
        { client: 'alice', method: 'PUT', path: '/notes/1', body: { content: 'cached' } },
        { client: 'alice', method: 'GET', path: '/notes/1' },
        { client: 'alice', method: 'GET', path: '/notes/1' },
        { client: 'bob', method: 'GET', path: '/notes/1', atUs: 1_000_000 },
      ],
      expect: { statuses: [200, 200, 200, 200], notes: 1, linearizable: true },
    }),
  },
  {
    name: 'notes-cache-expiry',
    summary: 'A stored note is fresh for 60 s: a GET after 61 s goes to the origin again.',
    build: () => ({
      steps: [
        { method: 'PUT', path: '/notes/1', body: { content: 'short-lived' } },
        { method: 'GET', path: '/notes/1' },
        { method: 'GET', path: '/notes/1', atUs: 30_000_000 },
        { method: 'GET', path: '/notes/1', atUs: 61_500_000 },
      ],
      expect: { statuses: [200, 200, 200, 200], notes: 1, linearizable: true },
    }),
  },
  {
    name: 'notes-cache-write-then-read',
    summary: 'GET stores the note, a PUT through the cache discards it (RFC 9111 §4.4), the next GET sees the new content.',
    build: () => ({ steps: writeThenRead, expect: { statuses: [200, 200, 200, 200], finalState: { '/notes/0/content': 'second' }, linearizable: true } }),
  },
  {
    name: 'notes-cache-no-invalidation',
    summary: 'The same with a broken cache that ignores §4.4: the GET after the PUT returns the old content.',
    // The origin holds "second" all the same: the stale read is the cache's alone, which only the history shows.
    build: () => ({
      modes: { cache: 'no-invalidation' },
      steps: writeThenRead,
      expect: { statuses: [200, 200, 200, 200], finalState: { '/notes/0/content': 'second' }, linearizable: false },
    }),
  },
];
