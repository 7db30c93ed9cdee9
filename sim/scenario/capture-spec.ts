import { z } from 'zod';
import { didYouMean } from '../command-line/closest-names.js';
import { jsonPointerPattern } from './json-pointer.js';
import { captureNamePattern, jsonStrings, placeholderNames } from './placeholders.js';
import { cookieName, headerName } from './vocabulary.js';

/**
 * A step's `capture`: values its answer holds that later steps send as `{{name}}` (`placeholders.ts`): a
 * member of a JSON body by its JSON Pointer (RFC 6901), a header, or a cookie the answer sets. Hurl's
 * `[Captures]` read the same three places.
 */
export const captureSpec = z.discriminatedUnion('from', [
  z.strictObject({
    from: z.literal('body'),
    pointer: z.string().regex(jsonPointerPattern, 'must be a JSON Pointer (RFC 6901) like "/token" or "/data/0/id"'),
  }).describe('A member of the answer\'s JSON body: a string, a number or a boolean.'),
  z.strictObject({ from: z.literal('header'), name: headerName }).describe('A header of the answer, e.g. "location".'),
  z.strictObject({ from: z.literal('cookie'), name: cookieName }).describe('The value of a cookie the answer sets (Set-Cookie), e.g. "sid".'),
]);

export type CaptureSpec = z.output<typeof captureSpec>;

export const stepCaptures = z
  .record(z.string().regex(captureNamePattern, 'must be a name of letters, digits, "_" and "-" that starts with a letter or "_"'), captureSpec)
  .describe('Values this step\'s answer holds, by the name later steps send them as: {{name}} in their path, header values or body.');

interface CapturingStep {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly capture?: Readonly<Record<string, CaptureSpec>> | undefined;
}

/**
 * What a scenario's captures and placeholders get wrong, which its schema cannot see: a name no earlier step
 * captures (with the names that are near it), or one captured twice. Caught when the file is read, so that
 * a run never starts with a step that could not be sent whatever the answers.
 */
export function captureProblems(steps: readonly CapturingStep[]): { readonly path: string; readonly message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const capturedBy = new Map<string, number>();
  steps.forEach((step, i) => {
    const where = (part: string, names: readonly string[]) => {
      for (const name of names) {
        if (capturedBy.has(name)) continue;
        problems.push({ path: `steps[${i}].${part}`, message: unknownName(name, i, steps, [...capturedBy.keys()]) });
      }
    };
    where('path', placeholderNames(step.path));
    for (const [header, value] of Object.entries(step.headers)) where(`headers.${header}`, placeholderNames(value));
    where('body', jsonStrings(step.body).flatMap(placeholderNames));
    for (const name of Object.keys(step.capture ?? {})) {
      const earlier = capturedBy.get(name);
      if (earlier === undefined) capturedBy.set(name, i);
      else problems.push({ path: `steps[${i}].capture.${name}`, message: `"${name}" is captured by steps[${earlier}] already: give each capture a name of its own` });
    }
  });
  return problems;
}

function unknownName(name: string, step: number, steps: readonly CapturingStep[], known: readonly string[]): string {
  const later = steps.findIndex((s, j) => j >= step && s.capture?.[name] !== undefined);
  if (later === step) return `{{${name}}} is captured by this step's own answer, which comes after it is sent: capture it in an earlier step`;
  if (later > step) return `{{${name}}} is captured by steps[${later}], which comes after this step: a step can use only what an earlier step captured`;
  const hint = didYouMean(name, known, (n) => `{{${n}}}`).replace(/^; /, '');
  const captured = known.length === 0 ? 'no earlier step captures anything' : `they capture ${known.map((n) => `{{${n}}}`).join(', ')}`;
  return `{{${name}}} is no capture of an earlier step (${hint === '' ? captured : hint}); to send the text itself, write \\{{${name}}}`;
}
