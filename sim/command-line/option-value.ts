import { didYouMean } from './closest-names.js';
import type { ChoiceOption, NumberOption, Option, Range } from './option.js';
import { UsageError } from './usage-error.js';

/**
 * The value typed for `--name`, checked and converted as the option declares; a value it cannot be is a
 * usage error that says what it must be, in the same words for every command.
 */
export function optionValue(name: string, option: Exclude<Option, { type: 'boolean' }>, text: string): string | number {
  switch (option.type) {
    case 'string':
      return text;
    case 'choice':
      return choice(name, option, text);
    case 'integer':
    case 'number':
      return number(name, option, text);
  }
}

/** What `--name` alone is answered with: an example of what goes after it. */
export function missingValue(name: string, option: Exclude<Option, { type: 'boolean' }>): string {
  return option.type === 'choice' ? `--${name} needs a value: ${spoken(option.choices)}` : `--${name} needs a value, e.g. --${name} ${option.example}`;
}

function choice(name: string, option: ChoiceOption, text: string): string {
  if (option.choices.includes(text)) return text;
  throw new UsageError(`--${name} must be ${spoken(option.choices)}, got ${JSON.stringify(text)}${didYouMean(text, option.choices)}`);
}

function number(name: string, option: NumberOption, text: string): number {
  const whole = option.type === 'integer';
  // Digits only: Number() would also take '', ' 1', '0x10' and '1e3', none of which a person means as a count.
  const written = whole ? /^\d+$/.test(text) : /^(\d+(\.\d*)?|\.\d+)$/.test(text);
  const value = Number(text);
  if (written && whole && !Number.isSafeInteger(value)) throw new UsageError(`--${name} must be at most ${Number.MAX_SAFE_INTEGER}, got "${text}"`);
  if (!written || !within(value, option.range)) throw new UsageError(`--${name} must be ${described(option)}, got "${text}"`);
  return value;
}

function within(value: number, range: Range): boolean {
  if (range === 'positive') return value > 0;
  if (range === 'non-negative') return value >= 0;
  return value >= range[0] && value <= range[1];
}

/** "a positive whole number", "a number of minutes, 0 or more", "a whole number from 0 to 999999999". */
function described(option: NumberOption): string {
  const noun = `${option.type === 'integer' ? 'whole number' : 'number'}${option.unit === undefined ? '' : ` of ${option.unit}`}`;
  if (option.range === 'positive') return `a positive ${noun}`;
  if (option.range === 'non-negative') return `a ${noun}, 0 or more`;
  return `a ${noun} from ${option.range[0]} to ${option.range[1]}`;
}

/** `a`, `a or b`, `a, b or c`. */
function spoken(words: readonly string[]): string {
  return words.length <= 2 ? words.join(' or ') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)!}`;
}
