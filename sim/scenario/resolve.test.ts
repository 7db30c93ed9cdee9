import { describe, expect, it } from 'vitest';
import { findBuiltin } from './catalog.js';
import { builtin } from './resolve.js';
import { RngStreams } from '../rng.js';
import { parseScenario } from './spec.js';

/** What `builtin` must give: the built-in's build for the seed, parsed afresh. */
const parsedAfresh = (name: string, seed: number) => parseScenario(findBuiltin(name)!.build(new RngStreams(seed).stream('workload')), name);

describe('a built-in by name', () => {
  it('is parsed once while it builds the same scenario, and shared frozen, so that no run can change the next', () => {
    const first = builtin('latency-mix', 1).spec;
    expect(builtin('latency-mix', 2).spec).toBe(first);
    expect(first).toEqual(parsedAfresh('latency-mix', 2));
    expect(() => (first.steps as unknown[]).push(first.steps[0])).toThrow(TypeError);
    expect(() => Object.assign(first.steps[0]!, { method: 'DELETE' })).toThrow(TypeError);
  });

  it('is each seed\'s own when its steps depend on the seed', () => {
    const one = builtin('notes-lossy-mixed', 1).spec;
    const two = builtin('notes-lossy-mixed', 2).spec;
    expect(two).not.toEqual(one);
    expect(one).toEqual(parsedAfresh('notes-lossy-mixed', 1));
    expect(two).toEqual(parsedAfresh('notes-lossy-mixed', 2));
    expect(builtin('notes-lossy-mixed', 1).spec).toEqual(one);
  });

  it('is the built-in asked for, after another', () => {
    builtin('latency-mix', 1);
    const other = builtin('notes-lossy-mixed', 1);
    expect(other.name).toBe('notes-lossy-mixed');
    expect(other.spec).toEqual(parsedAfresh('notes-lossy-mixed', 1));
  });
});
