import { z } from 'zod';

/**
 * The part of Stryker's JSON report (mutation-testing-report-schema; the document says `schemaVersion: "1.0"`) that the score reads.
 * Checked with zod rather than trusted, so a report from another Stryker version fails with the path of
 * what changed instead of a score computed from `undefined`.
 */
const position = z.object({ line: z.number().int().min(1), column: z.number().int().min(1) });

export const mutantStatuses = ['Killed', 'Survived', 'NoCoverage', 'CompileError', 'RuntimeError', 'Timeout', 'Ignored', 'Pending'] as const;
export type MutantStatus = (typeof mutantStatuses)[number];

const reportSchema = z.object({
  schemaVersion: z.string().startsWith('1.'),
  files: z.record(
    z.string(),
    z.object({
      source: z.string(),
      mutants: z.array(
        z.object({
          id: z.string(),
          mutatorName: z.string(),
          replacement: z.string().optional(),
          location: z.object({ start: position, end: position }),
          status: z.enum(mutantStatuses),
          static: z.boolean().optional(),
        }),
      ),
    }),
  ),
  framework: z.object({ name: z.string(), version: z.string().optional() }).optional(),
});

/** One mutant as the score and the judgments see it. */
export interface Mutant {
  readonly id: string;
  /** Relative to the project root, with `/`. */
  readonly file: string;
  readonly line: number;
  /** The whole source line the mutant starts on. */
  readonly lineText: string;
  readonly mutator: string;
  /** The source text the mutant replaces. */
  readonly original: string;
  readonly replacement: string;
  readonly status: MutantStatus;
  readonly static: boolean;
}

export interface StrykerReport {
  readonly mutants: readonly Mutant[];
  readonly strykerVersion: string | undefined;
}

/** The text between two 1-based (line, column) positions, end exclusive, as the schema defines them. */
export function sourceText(source: string, start: z.infer<typeof position>, end: z.infer<typeof position>): string {
  const lines = source.split('\n');
  const offset = (p: z.infer<typeof position>): number => lines.slice(0, p.line - 1).reduce((sum, line) => sum + line.length + 1, 0) + p.column - 1;
  return source.slice(offset(start), offset(end));
}

export function parseStrykerReport(json: unknown): StrykerReport {
  const parsed = reportSchema.safeParse(json);
  if (!parsed.success) throw new Error(`not a Stryker JSON report (schema 1.x):\n${z.prettifyError(parsed.error)}`);
  const report = parsed.data;
  const mutants = Object.entries(report.files).flatMap(([file, result]) => {
    const lines = result.source.split('\n');
    return result.mutants.map((m) => ({
      id: m.id,
      file: file.replaceAll('\\', '/'),
      line: m.location.start.line,
      lineText: lines[m.location.start.line - 1] ?? '',
      mutator: m.mutatorName,
      original: sourceText(result.source, m.location.start, m.location.end),
      replacement: m.replacement ?? '',
      status: m.status,
      static: m.static === true,
    }));
  });
  return { mutants, strykerVersion: report.framework?.version };
}
