import { runScenario } from '../../sim/scenario/run.js';
import { scenarioMatrix } from './definition.js';
import type { MatrixScenario, MatrixVariant } from './matrix-scenario.js';
import { type MatrixRow, type VariantSummary, variantResult } from './rows.js';

export interface MatrixOptions {
  /** Only the variants marked `quick`: every scenario keeps some, so the files stay whole. */
  readonly quick: boolean;
  /** Matched against `scenario/variant`, e.g. /^graph-vs-rest\// or /unstable/. */
  readonly filter: RegExp | undefined;
  readonly onProgress?: (done: number, total: number, label: string) => void;
}

export interface MatrixResult {
  /** One per step of every variant run, in the matrix's order: `reports/scenarios.csv`. */
  readonly rows: readonly MatrixRow[];
  /** One per variant: `reports/scenario-summary.csv`. */
  readonly summaries: readonly VariantSummary[];
}

export const matrixLabel = (scenario: MatrixScenario, variant: MatrixVariant): string => `${scenario.name}/${variant.name}`;

/** The variants these options select, in the matrix's order. */
export function selectedVariants(options: Pick<MatrixOptions, 'quick' | 'filter'>, matrix: readonly MatrixScenario[] = scenarioMatrix) {
  return matrix.flatMap((scenario) =>
    scenario.variants
      .filter((variant) => (!options.quick || variant.quick) && (options.filter === undefined || matrixLabel(scenario, variant).search(options.filter) >= 0))
      .map((variant) => ({ scenario, variant })),
  );
}

/**
 * Runs every selected variant once, on its scenario's fixed seed, one after another: the virtual clock
 * decides every number, so the result is the same on every run and every machine (nothing here reads the
 * wall clock). A variant that throws stops the matrix: a file with a silent gap would mislead.
 */
export async function runScenarioMatrix(options: MatrixOptions, matrix: readonly MatrixScenario[] = scenarioMatrix): Promise<MatrixResult> {
  const selected = selectedVariants(options, matrix);
  const rows: MatrixRow[] = [];
  const summaries: VariantSummary[] = [];
  for (const [i, { scenario, variant }] of selected.entries()) {
    const label = matrixLabel(scenario, variant);
    const plan = await variant.plan(scenario.seed);
    const run = await runScenario(label, plan.spec, { seed: scenario.seed, trace: 'full' });
    const result = variantResult(scenario, variant, plan, run);
    rows.push(...result.rows);
    summaries.push(result.summary);
    options.onProgress?.(i + 1, selected.length, label);
  }
  return { rows, summaries };
}
