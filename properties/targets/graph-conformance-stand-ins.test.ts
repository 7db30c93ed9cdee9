import { describe, expect, it } from 'vitest';
import type { JsonReport } from '../conformance/json-report.js';
import { conformance } from './test-kit/conformance-run.js';

/**
 * The graph checks' verdicts on Yoga stand-ins for what they were found wrong about on real deployments
 * (`test-kit/graph-stand-ins/`), each run in the simulator from its target description. Every verdict here was
 * a false pass, a false failure or a false skip before the checks judged which limit refused a probe.
 */

const graphChecks = ['graph/field-exact', 'graph/persisted-get-equals-post', 'graph/depth-limit-before-execution', 'graph/cost-limit-before-execution', 'graph/cost-estimate-counts-list-sizes'];

async function verdicts(standIn: string): Promise<Record<string, { readonly outcome: string; readonly reason: string; readonly whats: readonly string[] }>> {
  const ran = await conformance('--config', `properties/targets/test-kit/graph-stand-ins/${standIn}.config.ts`, '--only', graphChecks.join(','), '--json');
  if (ran.stdout === '') throw new Error(`no report (exit ${ran.code}): ${ran.stderr}`);
  const report = JSON.parse(ran.stdout) as JsonReport<'replay'>;
  return Object.fromEntries(report.checks.map((c) => [c.name, { outcome: c.outcome, reason: c.reason, whats: c.findings.map((f) => f.what) }]));
}

describe('the graph checks on Yoga stand-ins', { timeout: 30_000 }, () => {
  it('no depth limit behind a cost limit: the depth check could not run, and says the cost limit stopped it', async () => {
    const v = await verdicts('no-depth-limit-behind-cost');
    const depth = v['graph/depth-limit-before-execution']!;
    expect(depth.outcome).toBe('unrun');
    expect(depth.reason).toMatch(/^could not run: no query was refused for its depth: depth 14 executed, depth 15 refused \(\d+ Syntax Error: Query Cost limit of 1000 exceeded, found [\d.]+\.\), which is not about depth/);
    expect(v['graph/cost-limit-before-execution']!.outcome).toBe('pass');
  });

  it('a limit cap of 20 and no cost limit: the cost check fails, its probes kept under the cap', async () => {
    const v = await verdicts('limit-cap-no-cost');
    expect(v['graph/cost-limit-before-execution']).toMatchObject({ outcome: 'fail', whats: ['a query estimated at 25611 objects (posts(limit: 10) × 128 comment-author selections) got a `data` member: it was executed'] });
    expect(v['graph/cost-estimate-counts-list-sizes']!.reason).toMatch(/^could not run: no query was refused for its cost/);
    expect(v['graph/depth-limit-before-execution']!.reason).toMatch(/^depth 7 executed, depth 8 refused \(\d+ QUERY_TOO_DEEP\); a createPost over the limit was refused and created nothing$/);
    expect(v['graph/depth-limit-before-execution']!.outcome).toBe('pass');
  });

  it('user(id: Int!): every graph check passes, the id written bare as introspection types it', async () => {
    const v = await verdicts('int-ids');
    expect(Object.entries(v).map(([name, { outcome, reason }]) => [name, outcome, outcome === 'pass' ? '' : reason])).toEqual(graphChecks.map((name) => [name, 'pass', '']));
    expect(v['graph/cost-limit-before-execution']!.reason).toMatch(/^limit enforced before execution: a query estimated at 83 objects .* executed, a query estimated at 325 objects .* refused \(\d+ QUERY_TOO_COSTLY; limit published 250\); a createPost over the limit was refused and created nothing$/);
  });

  it('Apollo-style CSRF prevention on GET: the persisted check sends the described preflight header and passes', async () => {
    const v = await verdicts('csrf-protected-get');
    expect(v['graph/persisted-get-equals-post']).toMatchObject({ outcome: 'pass' });
  });

  it('GraphQL Armor\'s meter at a low limit: the limit is enforced before execution (pass), and the list-size finding stands apart', async () => {
    const v = await verdicts('armor-low-cost');
    expect(v['graph/cost-limit-before-execution']!.outcome).toBe('pass');
    expect(v['graph/cost-limit-before-execution']!.reason).toMatch(/^limit enforced before execution: a query estimated at 22 objects .* executed, a query estimated at 83 objects .* refused \(\d+ Syntax Error: Query Cost limit of 30 exceeded/);
    expect(v['graph/cost-estimate-counts-list-sizes']).toMatchObject({ outcome: 'warn', whats: ['the cost estimate ignores list sizes: a query estimated at 1051 objects (posts(limit: 50) × 1 comment-author selections) executed, resolving 1012 objects, while a query estimated at 83 objects (posts(limit: 2) × 2 comment-author selections) was refused for its cost'] });
    // 1012, not 1051: the depth and cost checks' control posts, the newest, have no comments yet.
    // The suite's own queries stay within the low limit: the sample is cut down, the depth boundary read past the cost refusal.
    expect([v['graph/field-exact']!.outcome, v['graph/depth-limit-before-execution']!.outcome]).toEqual(['pass', 'pass']);
    expect(v['graph/field-exact']!.reason).toContain("the spec's nested sample was refused by a limit");
    expect(v['graph/depth-limit-before-execution']!.reason).toMatch(/^depth 5 executed, depth 6 refused \(\d+ Syntax Error: Query Cost limit of 30 exceeded.*\) \(claimed limit 6\); depth 7 refused for its depth/);
  });

  it('no graph endpoint: every graph check says so, the same way', async () => {
    const v = await verdicts('no-graph');
    expect(Object.entries(v).map(([name, { outcome, reason }]) => [name, outcome, reason])).toEqual(graphChecks.map((name) => [name, 'fail', 'no graph endpoint at /graphql']));
  });
});
