import type { HttpResponse } from '../../src/http/message.js';
import { setCookieValue } from '../../src/http/set-cookie-list.js';
import type { Exchange } from '../exchange.js';
import type { CaptureSpec } from './capture-spec.js';
import { resolvePointer } from './json-pointer.js';
import { type CapturedValue, fillJson, fillText, holdsPlaceholders, jsonStrings } from './placeholders.js';
import type { StepSpec } from './spec.js';
import { requestPath } from './vocabulary.js';

/** What a capture read from its step's answer, or why it found nothing there. */
export type Captured = { readonly found: true; readonly value: CapturedValue } | { readonly found: false; readonly why: string };

/**
 * What `spec` reads from an exchange's answer. Only an answer that is no error (2xx, or 3xx: a login that
 * redirects sets its cookie on a 303) is read: a 401's body is an error's, and a value taken from it would be
 * sent on as if it were what the step asked for.
 */
export function captureFrom(spec: CaptureSpec, exchange: Exchange): Captured {
  const response = exchange.response;
  if (response === undefined) return { found: false, why: `got no answer (the client gave up after ${exchange.attempts} attempt${exchange.attempts === 1 ? '' : 's'})` };
  if (response.status >= 400) return { found: false, why: `was answered ${response.status}` };
  switch (spec.from) {
    case 'body':
      return fromBody(response, spec.pointer);
    case 'header': {
      const value = response.headers[spec.name.toLowerCase()];
      return value === undefined ? { found: false, why: `was answered with no ${spec.name.toLowerCase()} header` } : { found: true, value };
    }
    case 'cookie': {
      const value = setCookieValue(response.headers, spec.name);
      return value === undefined ? { found: false, why: `was answered with no cookie ${spec.name} set` } : { found: true, value };
    }
  }
}

function fromBody(response: HttpResponse, pointer: string): Captured {
  let body: unknown;
  try {
    body = JSON.parse(response.body ?? '');
  } catch {
    return { found: false, why: `was answered ${response.status} with ${response.body === undefined || response.body === '' ? 'no body' : 'a body that is not JSON'}` };
  }
  const reached = resolvePointer(body, pointer);
  if (!reached.found) return { found: false, why: `was answered with a body that has nothing at "${pointer}"` };
  const { value } = reached;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return { found: true, value };
  return { found: false, why: `was answered with ${value === null ? 'null' : Array.isArray(value) ? 'an array' : 'an object'} at "${pointer}", not a string, number or boolean` };
}

/**
 * Whether a step holds placeholders, escaped ones too: its request is made when it starts, from the captures
 * taken by then.
 */
export function stepHoldsPlaceholders(step: StepSpec): boolean {
  return [step.path, ...Object.values(step.headers), ...jsonStrings(step.body)].some(holdsPlaceholders);
}

/** A step with its placeholders filled, or why it cannot be sent. */
export type FilledStep = { readonly sent: true; readonly step: StepSpec } | { readonly sent: false; readonly why: string };

/**
 * One run's captures: each step's captures are taken when its exchange ends, and a step that uses them is
 * made into its request when it starts, from what has been taken by then. A step whose placeholder has no
 * value is not sent, and says which capture is missing and why: never a guess, never an empty string.
 */
export class RunCaptures {
  readonly #steps: readonly StepSpec[];
  /** Which step captures each name (`captureProblems` sees to it, when a file is read, that one earlier step does). */
  readonly #capturedBy = new Map<string, number>();
  readonly #taken = new Map<string, Captured>();

  constructor(steps: readonly StepSpec[]) {
    this.#steps = steps;
    steps.forEach((step, i) => {
      for (const name of Object.keys(step.capture ?? {})) this.#capturedBy.set(name, i);
    });
  }

  /** The step `index` has ended with `exchange`: what its captures read. */
  take(index: number, exchange: Exchange): void {
    for (const [name, spec] of Object.entries(this.#steps[index]!.capture ?? {})) this.#taken.set(name, captureFrom(spec, exchange));
  }

  /** The step `index` was not sent: its captures have nothing to read. */
  skip(index: number): void {
    for (const name of Object.keys(this.#steps[index]!.capture ?? {})) this.#taken.set(name, { found: false, why: 'was not sent' });
  }

  /** Step `index` with its placeholders filled, as it starts now. */
  fill(index: number): FilledStep {
    const step = this.#steps[index]!;
    const missing: string[] = [];
    const valueOf = (name: string): CapturedValue => {
      const taken = this.#taken.get(name);
      if (taken?.found === true) return taken.value;
      const by = this.#capturedBy.get(name);
      // Only a spec built without `parseScenario` can name a capture no step makes.
      const source = by === undefined ? undefined : `step ${by + 1} (${this.#steps[by]!.method} ${this.#steps[by]!.path})`;
      const why = source === undefined
        ? `{{${name}}}, which no step captures`
        : taken === undefined
          ? `{{${name}}}, which ${source} had not captured yet: it had no answer when this step started`
          : `{{${name}}}, which ${source} could not capture: it ${taken.why}`;
      if (!missing.includes(why)) missing.push(why);
      return '';
    };
    const filled: StepSpec = {
      ...step,
      path: fillText(step.path, valueOf),
      headers: Object.fromEntries(Object.entries(step.headers).map(([name, value]) => [name, fillText(value, valueOf)])),
      body: step.body === undefined ? undefined : fillJson(step.body, valueOf) as StepSpec['body'],
    };
    if (missing.length > 0) return { sent: false, why: `it needs ${missing.join('; and ')}` };
    if (!requestPath.safeParse(filled.path).success) return { sent: false, why: `its path became ${JSON.stringify(filled.path)}, which is no path to send (it must start with "/" and hold no spaces or fragment)` };
    const broken = Object.entries(filled.headers).find(([, value]) => /[\r\n\0]/.test(value));
    if (broken !== undefined) return { sent: false, why: `its ${broken[0]} header became a value with a line break or NUL in it, which no header may hold` };
    return { sent: true, step: filled };
  }
}
