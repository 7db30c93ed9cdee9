import { beforeAll, describe, expect, it } from 'vitest';
import { runScenario, type RunResult } from '../../sim/scenario/run.js';
import { graphVsRestMatrix } from './graph-vs-rest.js';
import { commentsPath, postsPath, restSample, userPath } from './rest-client.js';
import type { MatrixRow, VariantSummary } from './rows.js';
import { type MatrixResult, runScenarioMatrix } from './runner.js';

let result: MatrixResult;
const summary = (variant: string): VariantSummary => result.summaries.find((s) => s.variant === variant)!;
const rows = (variant: string): MatrixRow[] => result.rows.filter((r) => r.variant === variant);

beforeAll(async () => {
  result = await runScenarioMatrix({ quick: true, filter: /^graph-vs-rest\// });
});

async function runVariant(name: string): Promise<RunResult> {
  const variant = graphVsRestMatrix.variants.find((v) => v.name === name)!;
  const plan = await variant.plan(graphVsRestMatrix.seed);
  return runScenario(name, plan.spec, { seed: graphVsRestMatrix.seed });
}

const bodyAt = (run: RunResult, path: string): unknown => JSON.parse(run.exchanges.find((x) => x.request.path === path)!.response!.body!);

interface Authored {
  readonly id: number;
  readonly authorId: number;
}

describe('graph vs REST: the spec\'s nested sample fetched five ways', () => {
  it('REST takes more round trips and more response bytes than the one graph POST', () => {
    const graph = summary('graph-post');
    expect([graph.round_trips, graph.exchanges]).toEqual([1, 1]);
    for (const rest of ['rest-waterfall', 'rest-parallel']) {
      // user, posts, a comments list per post (3), each author not yet known (bob, carol)
      expect(summary(rest).round_trips).toBe(7);
      expect(summary(rest).response_bytes).toBeGreaterThan(graph.response_bytes);
      expect(summary(rest).origin_requests).toBe(7);
    }
    expect(summary('rest-waterfall').span_ms).toBeGreaterThan(summary('rest-parallel').span_ms!);
    expect(summary('rest-parallel').span_ms).toBeGreaterThan(graph.span_ms!);
  });

  it('asks REST in the same waves either way; in parallel each wave starts as the last answer of the one before arrives', () => {
    const paths = (variant: string) => rows(variant).map((r) => r.path);
    expect(paths('rest-waterfall')).toEqual(paths('rest-parallel'));
    const parallel = rows('rest-parallel');
    const waves = [parallel.slice(0, 2), parallel.slice(2, 5), parallel.slice(5)];
    expect(waves.map((w) => new Set(w.map((r) => r.start_ms)).size)).toEqual([1, 1, 1]);
    for (let i = 1; i < waves.length; i++) {
      const lastAnswer = Math.max(...waves[i - 1]!.map((r) => r.start_ms + r.latency_ms!));
      expect(waves[i]![0]!.start_ms).toBeCloseTo(lastAnswer, 9);
    }
    // The waterfall: each request leaves when the previous answer is in.
    const waterfall = rows('rest-waterfall');
    for (let i = 1; i < waterfall.length; i++) expect(waterfall[i]!.start_ms).toBeCloseTo(waterfall[i - 1]!.start_ms + waterfall[i - 1]!.latency_ms!, 9);
  });

  it('the warm persisted GET is a cache hit: no origin, 15 ms less than cold, the same bytes', () => {
    const cold = summary('graph-persisted-cold');
    const warm = summary('graph-persisted-warm');
    expect([cold.cache_hits, cold.origin_requests, warm.cache_hits, warm.origin_requests]).toEqual([0, 1, 1, 0]);
    expect(warm.response_bytes).toBe(cold.response_bytes);
    expect(Math.round(warm.span_ms! * 1000)).toBe(Math.round(cold.span_ms! * 1000) - 15_000);
    expect(rows('graph-persisted-warm').map((r) => [r.phase, r.cache_hits])).toEqual([['warm-up', 0], ['measured', 1]]);
    expect(summary('graph-post').request_bytes).toBeGreaterThan(0);
    expect(cold.request_bytes).toBe(0); // the query travels as a hash in the URL, which the body count leaves out
  });

  it('every variant answers 200 and changes nothing', () => {
    expect(result.rows.every((r) => r.status === 200 && r.attempts === 1)).toBe(true);
    expect(new Set(result.summaries.map((s) => `${s.state_figure}=${s.state_value}`))).toEqual(new Set(['posts_count=9']));
  });

  it('REST and the graph carry the same information: the REST answers rebuild the graph\'s data exactly', async () => {
    const rest = await runVariant('rest-waterfall');
    const graph = await runVariant('graph-post');
    const graphData = (JSON.parse(graph.exchanges[0]!.response!.body!) as { data: unknown }).data;

    const name = (id: number) => (bodyAt(rest, userPath(id)) as { name: string }).name;
    const posts = (bodyAt(rest, postsPath) as { items: (Authored & { title: string })[] }).items;
    const rebuilt = {
      user: {
        name: name(restSample.userId),
        posts: posts.map((post) => ({
          title: post.title,
          author: { name: name(post.authorId) },
          comments: (bodyAt(rest, commentsPath(post.id)) as { items: (Authored & { body: string })[] }).items.map((c) => ({ body: c.body, author: { name: name(c.authorId) } })),
        })),
      },
    };
    expect(rebuilt).toEqual(graphData);
    expect(rebuilt.user.posts).toHaveLength(restSample.postsLimit);
    // REST over-fetches whole records: fields the query never asked for come back.
    const user = bodyAt(rest, userPath(1)) as Record<string, unknown>;
    expect(Object.keys(user).sort()).toEqual(['bio', 'email', 'id', 'name']);
    expect(JSON.stringify(graphData)).not.toMatch(/"(email|bio|id|authorId|postId)"/);
  });
});
