import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadTarget } from './targets/load-target.js';
import { PreparedTarget } from './targets/target-session.js';
import { runCount } from '../test/support/run-count.js';
import { graphRejectedBeforeExecution } from './graph-rejected-before-execution.js';
import { graphTarget, introspectedGraphTarget } from './test-kit/graph-app.js';
import { ownOriginTarget, prepare } from './test-kit/own-origin.js';
import { flawedOriginTarget } from './test-kit/own-origin-flaws.js';
import { principleProperty } from './test-kit/principle-check.js';

const yoga = async (file: string) => PreparedTarget.prepare(await loadTarget(new URL(`../examples/yoga-graph/${file}`, import.meta.url)));

describe('graph-rejected-before-execution', () => {
  it('holds on apisim\'s own origin', async () => {
    await fc.assert(principleProperty(graphRejectedBeforeExecution, await prepare(ownOriginTarget())), { numRuns: runCount(15), seed: 1 });
  });

  it('holds on the Yoga example with its depth limit', async () => {
    await fc.assert(principleProperty(graphRejectedBeforeExecution, await yoga('apisim.config.ts')), { numRuns: runCount(15), seed: 2 });
  });

  it('teeth: the Yoga example without its limit runs the deep query, and its resolver count shows it', async () => {
    const result = await fc.check(principleProperty(graphRejectedBeforeExecution, await yoga('apisim-flawed.config.ts')), { numRuns: 20, seed: 3 });
    expect(result.failed).toBe(true);
    expect(result.counterexample![1].beyond).toBe(1);
    expect(String(result.errorInstance)).toMatch(/6 fields deep \(declared limit 5\)[\s\S]*a `data` member[\s\S]*resolvers ran/);
  });

  it('teeth: an endpoint that claims a limit it does not enforce is caught by its answer alone', async () => {
    const result = await fc.check(principleProperty(graphRejectedBeforeExecution, await prepare(graphTarget('default'))), { numRuns: 20, seed: 4 });
    expect(result.failed).toBe(true);
    expect(String(result.errorInstance)).toMatch(/a `data` member: it was executed/);
  });

  it('teeth: apisim\'s own origin with its depth and cost limits switched off runs the deep query, and its resolver count shows it', async () => {
    const result = await fc.check(principleProperty(graphRejectedBeforeExecution, await prepare(flawedOriginTarget('no-graph-limits'))), { numRuns: 20, seed: 5 });
    expect(result.failed).toBe(true);
    expect(result.counterexample![1].beyond).toBe(1);
    expect(String(result.errorInstance)).toMatch(/8 fields deep \(declared limit 7\)[\s\S]*a `data` member[\s\S]*resolvers ran/);
  });

  it('holds on a graph described by its schema alone whose cost limit refuses the cost probe before execution', async () => {
    const prepared = await prepare(introspectedGraphTarget('costLimited'));
    const run = await prepared.open({ seed: 1, trace: 'off' });
    try {
      const verdict = await graphRejectedBeforeExecution.check(run, { limit: 'cost', type: 'Author', beyond: 1, method: 'POST' });
      expect(verdict).toEqual({ outcome: 'held', evidence: [expect.stringMatching(/^POST of a query costing 21 objects along author\.books\.author\.books \(declared cost limit 20\): .*: refused for its cost \(\d+ The query has an estimated cost of 21/)] });
    } finally {
      run.close();
    }
    await fc.assert(principleProperty(graphRejectedBeforeExecution, prepared), { numRuns: runCount(10), seed: 6 });
  });

  it('teeth: the same graph claiming a cost limit it does not enforce runs the cost probe', async () => {
    const result = await fc.check(principleProperty(graphRejectedBeforeExecution, await prepare(introspectedGraphTarget('default'))), { numRuns: 20, seed: 7 });
    expect(result.failed).toBe(true);
    expect(result.counterexample![1].limit).toBe('cost');
    expect(String(result.errorInstance)).toMatch(/costing 21 objects along author\.books\.author\.books \(declared cost limit 20\)[\s\S]*a `data` member: it was executed/);
  });
});
