import { type FaultSpec, faultSpec } from '../../sim/scenario/spec.js';

/**
 * A sweep's faults on the WAN (`--faults`), in place of the scenario's own WAN faults, so that one scenario is
 * swept under several mixes and its latency distribution compared between them. `label` is the canonical text
 * the reports key their rows by; `undefined` rules leave the scenario as it is written.
 */
export interface FaultMix {
  readonly label: string;
  readonly rules: readonly FaultSpec[] | undefined;
}

/** The scenario's own faults: no `--faults` given. */
export const asWritten: FaultMix = { label: 'as-written', rules: undefined };

export class FaultMixError extends Error {}

const grammar = 'loss=5%, duplicate=1%, delay=30ms (a uniform extra delay up to 30 ms on every message), none, or a JSON array of fault rules as a scenario\'s topology.wan.faults takes them';

/**
 * `loss=5%,duplicate=1%,delay=30ms`, `none` (a clean line), or the JSON of a scenario's fault rules. A
 * duplicate's copy follows 2 ms after the first, well inside the client's timeout.
 */
export function parseFaultMix(text: string): FaultMix {
  const trimmed = text.trim();
  if (trimmed === 'none') return { label: 'none', rules: [] };
  if (trimmed.startsWith('[')) return jsonMix(trimmed);
  const rules: FaultSpec[] = [];
  const labels: string[] = [];
  for (const item of trimmed.split(',')) {
    const [name, value, ...rest] = item.trim().split('=');
    if (value === undefined || rest.length > 0) throw new FaultMixError(`--faults "${text}": "${item.trim()}" is not name=value; write ${grammar}`);
    switch (name) {
      case 'loss':
      case 'duplicate': {
        const probability = percent(value, text);
        rules.push(name === 'loss' ? { rule: 'loss', probability, applies: 'both' } : { rule: 'duplicate', probability, copyDelayUs: 2_000, applies: 'both' });
        labels.push(`${name}=${value}`);
        break;
      }
      case 'delay':
        rules.push({ rule: 'delay', probability: 1, extraDelayUs: 0, jitterUs: milliseconds(value, text) * 1_000, applies: 'both' });
        labels.push(`delay=${value}`);
        break;
      default:
        throw new FaultMixError(`--faults "${text}": unknown fault "${name}"; write ${grammar}`);
    }
  }
  return { label: labels.join(','), rules };
}

function percent(value: string, text: string): number {
  const match = /^(\d{1,3}(?:\.\d+)?)%$/.exec(value);
  const share = Number(match?.[1]) / 100;
  if (match === null || share > 1) throw new FaultMixError(`--faults "${text}": "${value}" is not a percentage from 0% to 100%, like 5%`);
  return share;
}

function milliseconds(value: string, text: string): number {
  const match = /^(\d{1,6}(?:\.\d{1,3})?)ms$/.exec(value);
  if (match === null) throw new FaultMixError(`--faults "${text}": "${value}" is not a duration like 30ms`);
  return Number(match[1]);
}

function jsonMix(text: string): FaultMix {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new FaultMixError(`--faults: not JSON: ${(error as Error).message}`);
  }
  const rules = faultSpec.array().safeParse(parsed);
  if (!rules.success) throw new FaultMixError(`--faults: not a list of fault rules: ${rules.error.issues.map((i) => `${i.path.join('.') || '(list)'}: ${i.message}`).join('; ')}`);
  return { label: JSON.stringify(parsed), rules: rules.data };
}
