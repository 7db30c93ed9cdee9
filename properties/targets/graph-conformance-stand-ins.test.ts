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

  it('a limit cap of 20 and no cost limit: the cost check fails at its ceiling, its probes kept under the cap', async () => {
    const v = await verdicts('limit-cap-no-cost');
    expect(v['graph/cost-limit-before-execution']).toMatchObject({ outcome: 'fail', whats: ['no refusal up to the ceiling, a query estimated at 311 objects on apisim\'s meter (6 levels deep, posts(limit: 10), 800 fields at the bottom), 832 tokens: it got a `data` member, it was executed'] });
    expect(v['graph/cost-estimate-counts-list-sizes']!.reason).toMatch(/^could not run: no query was refused for its cost/);
    expect(v['graph/depth-limit-before-execution']!.reason).toMatch(/^depth 7 executed, depth 8 refused \(\d+ QUERY_TOO_DEEP\); a createPost over the limit was refused and created nothing$/);
    expect(v['graph/depth-limit-before-execution']!.outcome).toBe('pass');
  });

  it('user(id: Int!): every graph check passes, the id written bare as introspection types it', async () => {
    const v = await verdicts('int-ids');
    expect(Object.entries(v).map(([name, { outcome, reason }]) => [name, outcome, outcome === 'pass' ? '' : reason])).toEqual(graphChecks.map((name) => [name, 'pass', '']));
    expect(v['graph/cost-limit-before-execution']!.reason).toMatch(/^limit enforced before execution: a query estimated at 83 objects on apisim's meter .* executed, a query estimated at 325 objects on apisim's meter .* refused \(\d+ QUERY_TOO_COSTLY; limit published 250\); a createPost over the limit was refused and created nothing$/);
  });

  it('Apollo-style CSRF prevention on GET: the persisted check sends the described preflight header and passes', async () => {
    const v = await verdicts('csrf-protected-get');
    expect(v['graph/persisted-get-equals-post']).toMatchObject({ outcome: 'pass' });
  });

  it('GraphQL Armor\'s meter at a low limit: the limit is enforced before execution (pass), and the list-size finding stands apart', async () => {
    const v = await verdicts('armor-low-cost');
    expect(v['graph/cost-limit-before-execution']!.outcome).toBe('pass');
    expect(v['graph/cost-limit-before-execution']!.reason).toMatch(/^limit enforced before execution: a query estimated at 22 objects on apisim's meter .* executed, a query estimated at 83 objects on apisim's meter .* refused \(\d+ Syntax Error: Query Cost limit of 30 exceeded/);
    expect(v['graph/cost-estimate-counts-list-sizes']).toMatchObject({ outcome: 'warn', whats: ['the cost estimate ignores list sizes: a query estimated at 1051 objects on apisim\'s meter (posts(limit: 50) × 1 comment-author selections) executed, resolving 1032 objects, while a query estimated at 83 objects on apisim\'s meter (posts(limit: 2) × 2 comment-author selections) was refused for its cost'] });
    // 1032, not 1051: the cost check's control post, the newest, has no comments yet.
    // The suite's own queries stay within the low limit: the sample is cut down.
    expect(v['graph/field-exact']!.outcome).toBe('pass');
    expect(v['graph/field-exact']!.reason).toContain("the spec's nested sample was refused by a limit");
    // Armor stops at its first refusal, and it asks the cost limit first: no query 7 levels deep costs under 30
    // on its meter, so whether its depth limit holds cannot be seen.
    expect(v['graph/depth-limit-before-execution']!.outcome).toBe('unrun');
    expect(v['graph/depth-limit-before-execution']!.reason).toMatch(/^could not run: a query 7 levels deep \(past the claimed limit 6\) was refused, but not for its depth \(\d+ Syntax Error: Query Cost limit of 30 exceeded/);
  });

  // Armor's meter weighs fields by depth, as written, and ignores list sizes: its default 5000 is past what the
  // list ladder reaches on it (2093), so the probes go a level deeper and wider until refused.
  it.each([
    ['armor-defaults', 5000, 800],
    ['armor-defaults-undeclared', 5000, 800],
    ['armor-cost-only', 5000, 800],
    ['armor-cost-3000', 3000, 400],
  ])('GraphQL Armor (%s): a cost limit of %i on its own meter is found and enforced before execution (pass)', async (standIn, limit, leaves) => {
    const cost = (await verdicts(standIn))['graph/cost-limit-before-execution']!;
    expect(cost.outcome).toBe('pass');
    const refused = `a query estimated at 311 objects on apisim's meter \\(6 levels deep, posts\\(limit: 10\\), ${leaves} fields at the bottom\\) refused \\(\\d+ Syntax Error: Query Cost limit of ${limit} exceeded, found [\\d.]+\\.`;
    expect(cost.reason).toMatch(new RegExp(`^limit enforced before execution: a query .* ${leaves / 2} fields at the bottom\\) executed, ${refused}.*\\); a createPost over the limit was refused and created nothing$`));
  });

  // Undeclared, the depth limit refuses the first probe 6 levels deep, and the deep probes go on 5 deep.
  it.each(['armor-depth-5', 'armor-depth-5-undeclared'])('GraphQL Armor with depth 5 (%s): no probe that shallow reaches its 5000 within 1000 tokens, and the finding names the ceiling', async (standIn) => {
    const v = await verdicts(standIn);
    expect(v['graph/cost-limit-before-execution']).toMatchObject({ outcome: 'fail', whats: ['no refusal up to the ceiling, a query estimated at 211 objects on apisim\'s meter (5 levels deep, posts(limit: 10), 800 fields at the bottom), 824 tokens: it got a `data` member, it was executed'] });
  });

  it('no graph endpoint: every graph check says so, the same way', async () => {
    const v = await verdicts('no-graph');
    expect(Object.entries(v).map(([name, { outcome, reason }]) => [name, outcome, reason])).toEqual(graphChecks.map((name) => [name, 'fail', 'no graph endpoint at /graphql']));
  });
});
