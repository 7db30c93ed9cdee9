import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { captureProblems } from '../../sim/scenario/capture-spec.js';
import { judge, type Verdict } from '../../sim/scenario/expectations.js';
import type { GuestRunResult, RunResult } from '../../sim/scenario/result.js';
import { parseScenario, type ScenarioSpec } from '../../sim/scenario/spec.js';

export interface ShrinkRequest {
  /** The scenario's name and the seed it failed on; the file is `<name>-seed-<seed>.json`. */
  readonly name: string;
  readonly seed: number;
  /** The scenario as it ran, with the expect block it was judged by (the invariants, if it had none). */
  readonly spec: ScenarioSpec;
  /** The scenario file it came from, if any: an app it names is found from there. */
  readonly sourceFile: string | undefined;
  /** The failing run of `spec`, and its verdicts: a smaller run must fail one of the same expectations. */
  readonly run: RunResult | GuestRunResult;
  readonly failing: readonly Verdict[];
  /** Runs a scenario on the seed, as the sweep did. */
  readonly execute: (spec: ScenarioSpec) => Promise<RunResult | GuestRunResult>;
  readonly counterexampleFolder: string;
  readonly simCommand: string;
  readonly pathsFrom?: string | undefined;
}

export interface ShrunkScenario {
  /** As the replay command names it: relative to the working directory (or `pathsFrom`) when below it. */
  readonly file: string;
  readonly command: string;
  readonly steps: number;
  readonly originalSteps: number;
  /** Undefined when running the file gives the shrunk run again (the same trace hash and verdicts); else what differed. */
  readonly differs: string | undefined;
}

/** Enough to shrink a few dozen steps to a handful; a seed's shrink should not cost more than a few hundred runs. */
const maxShrinkRuns = 300;

/**
 * A failing seed's scenario, made as small as still fails, and written as a scenario file that replays it.
 * The steps are removed in halves, then quarters, down to one at a time (delta debugging's coarse-to-fine
 * pass, repeated until a pass removes nothing), keeping each removal after which the same seed still fails
 * one of the expectations that failed.
 * Removing a step shifts the random draws of the faults after it, so a removal is kept only when the run
 * says so, never assumed. The file is written, then run as `npm run sim -- --file` runs it and compared with
 * the shrunk run (trace hash and verdicts), before its command is printed.
 */
export async function shrinkScenario(request: ShrinkRequest): Promise<ShrunkScenario> {
  const failed = new Set(request.failing.filter((v) => !v.held).map((v) => v.expectation));
  /** The candidate's run when it still fails, so that the shrunk run is never run again only to be compared. */
  const stillFailing = async (spec: ScenarioSpec): Promise<RunResult | GuestRunResult | undefined> => {
    try {
      const run = await request.execute(spec);
      return judge(spec.expect, run).some((v) => !v.held && failed.has(v.expectation)) ? run : undefined;
    } catch {
      return undefined;
    }
  };
  let spec = request.spec;
  let run = request.run;
  let runs = 0;
  // Pass after pass until one removes nothing: a removal can make another one fail the same way that did not before.
  for (let before = Number.POSITIVE_INFINITY; spec.steps.length < before && runs < maxShrinkRuns;) {
    before = spec.steps.length;
    for (let chunk = Math.ceil(spec.steps.length / 2); chunk >= 1 && runs < maxShrinkRuns; chunk = chunk === 1 ? 0 : Math.ceil(chunk / 2)) {
      for (let start = 0; start < spec.steps.length && spec.steps.length > 1 && runs < maxShrinkRuns;) {
        const candidate = withoutSteps(spec, start, chunk);
        runs++;
        const failing = candidate === undefined ? undefined : await stillFailing(candidate);
        if (candidate !== undefined && failing !== undefined) {
          spec = candidate;
          run = failing;
        } else start += chunk;
      }
    }
  }
  return writeCounterexample(request, spec, run);
}

/**
 * The scenario without steps [start, start + count), and their statuses if the expect block lists them; none
 * when a step it keeps sends what a removed one captures, since that file could not be read.
 */
function withoutSteps(spec: ScenarioSpec, start: number, count: number): ScenarioSpec | undefined {
  if (count >= spec.steps.length) return undefined;
  const keep = <T>(list: readonly T[]) => list.filter((_, i) => i < start || i >= start + count);
  if (captureProblems(keep(spec.steps)).length > 0) return undefined;
  const expect = spec.expect?.statuses === undefined ? spec.expect : { ...spec.expect, statuses: keep(spec.expect.statuses) };
  return { ...spec, steps: keep(spec.steps), expect };
}

async function writeCounterexample(request: ShrinkRequest, shrunk: ScenarioSpec, expected: RunResult | GuestRunResult): Promise<ShrunkScenario> {
  const folder = resolve(request.counterexampleFolder);
  mkdirSync(folder, { recursive: true });
  const name = `${request.name}-seed-${request.seed}`.toLowerCase().replace(/[^a-z0-9-]+/g, '-').slice(0, 64);
  const path = join(folder, `${name}.json`);
  const originalSteps = request.spec.steps.length;
  const failedText = request.failing.filter((v) => !v.held).map((v) => v.expectation).join(', ');
  const origin = shrunk.origin === undefined || request.sourceFile === undefined
    ? shrunk.origin
    : { ...shrunk.origin, module: moduleFrom(folder, resolve(dirname(request.sourceFile), shrunk.origin.module)) };
  const file = {
    ...shrunk,
    name,
    description: `Seed ${request.seed} of ${request.name} fails ${failedText}; shrunk from ${originalSteps} steps to ${shrunk.steps.length} (npm run sweep).`,
    ...(origin === undefined ? {} : { origin }),
  };
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
  const fromHere = relative(request.pathsFrom ?? process.cwd(), path);
  const shown = fromHere.startsWith('..') ? path : fromHere.split(sep).join('/');
  const command = `${request.simCommand} --file ${shown} --seed ${request.seed}`;
  // The file's run must be the shrunk run: the same events (trace hash) and the same verdicts.
  const spec = parseScenario(JSON.parse(JSON.stringify(file)) as unknown, path);
  const replayed = await request.execute(spec);
  const sameVerdicts = JSON.stringify(judge(spec.expect, replayed).map((v) => v.held)) === JSON.stringify(judge(shrunk.expect, expected).map((v) => v.held));
  const differs = replayed.traceHash === expected.traceHash && sameVerdicts
    ? undefined
    : `the file's run (trace ${replayed.traceHash.slice(0, 12)}) is not the shrunk run (trace ${expected.traceHash.slice(0, 12)})`;
  return { file: shown, command, steps: shrunk.steps.length, originalSteps, differs };
}

/** An app module as a file in `folder` names it: relative, and starting with ./ or ../ as an import does. */
function moduleFrom(folder: string, module: string): string {
  const path = relative(folder, module).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}
