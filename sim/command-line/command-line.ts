import { parseArgs, type ParseArgsConfig } from 'node:util';
import { didYouMean } from './closest-names.js';
import type { Options, Values } from './option.js';
import { missingValue, optionValue } from './option-value.js';
import { UsageError } from './usage-error.js';

/** The words of a line that are not options: a scenario's name, the files to merge. */
export interface Positionals {
  /** How many the command takes; one more is a usage error. */
  readonly max: number;
  /** What the error adds after the word it refused: what to do instead. */
  readonly instead?: string;
}

export interface CommandLine<O extends Options> {
  readonly values: Values<O>;
  readonly positionals: string[];
}

const optionsOnly: Positionals = { max: 0, instead: 'this command takes only options' };

/**
 * Every command's line (`apisim sim`, `sweep`, `conformance`, the graph command, `npm start`, `npm run
 * load` and `soak`), read one way, so that a mistake is answered the same way wherever it is made: an
 * unknown option with the nearest known ones, a missing value with the option's example, a value the option
 * cannot take with what it must be. Each is a `UsageError`, which the command prints with its usage (or
 * where to find it) and exit code 2. Node's `parseArgs` only cuts the line into tokens, read loosely, because its own complaints
 * ("argument is ambiguous. Did you forget to specify the option argument…") name the parser, not what to
 * type. A value that starts with a dash is a value (`--seed -1`), so that the option's check can say why it
 * is wrong; only one that starts with two (`--file --seed 1`) is taken for the option the user meant.
 */
export function parseCommandLine<const O extends Options>(argv: readonly string[], options: O, positionals: Positionals = optionsOnly): CommandLine<O> {
  const config: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, option] of Object.entries(options)) {
    config[name] = { type: option.type === 'boolean' ? 'boolean' : 'string', ...(option.short === undefined ? {} : { short: option.short }) };
  }
  const { tokens } = parseArgs({ args: [...argv], options: config, allowPositionals: true, strict: false, tokens: true });
  const values: Record<string, unknown> = {};
  const words: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') {
      if (words.length === positionals.max) throw new UsageError(`unexpected argument "${token.value}"${positionals.instead === undefined ? '' : `; ${positionals.instead}`}`);
      words.push(token.value);
      continue;
    }
    if (token.kind !== 'option') continue;
    // Own names only: `--constructor` is not an option because every object has one.
    const option = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
    if (option === undefined) throw new UsageError(`unknown option "${token.rawName}"${didYouMean(token.rawName.replace(/^-+/, ''), Object.keys(options), (name) => `--${name}`)}`);
    if (option.type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(`--${token.name} takes no value, got "${token.rawName}=${token.value}"`);
      values[token.name] = true;
      continue;
    }
    if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) throw new UsageError(missingValue(token.name, option));
    const value = optionValue(token.name, option, token.value);
    values[token.name] = option.type === 'string' && option.multiple === true ? [...((values[token.name] as string[] | undefined) ?? []), value] : value;
  }
  return { values: values as Values<O>, positionals: words };
}

/**
 * The options of a command whose parser answers with a result rather than throwing (`npm start`, `load`,
 * `conformance`): the values, or the usage error's message.
 */
export function optionsOrUsageError<const O extends Options>(argv: readonly string[], options: O): { readonly values: Values<O> } | { readonly usageError: string } {
  try {
    return { values: parseCommandLine(argv, options).values };
  } catch (error) {
    if (error instanceof UsageError) return { usageError: error.message };
    throw error;
  }
}
