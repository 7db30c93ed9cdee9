import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closestNames } from './closest-names.js';

/** A command line that cannot run, said in our words: the CLI prints it with its usage and exits 2. */
export class UsageError extends Error {}

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;
/** What strict `parseArgs` gives for these options, named so that the .d.ts of an installed package can say it. */
type ParsedCommandLine<O extends OptionsConfig> = ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>>;

/**
 * `parseArgs`, strict, but with its complaints in our words: Node's own ("argument is ambiguous. Did you
 * forget to specify the option argument…") name its parser, not what to type. So the line is read loosely
 * first and every option checked here: an unknown one gets the nearest known names, a missing value the
 * option's example. A value that starts with a dash is a value (`--seed -1`), so the option's own check can
 * say why it is wrong; written as `--name=value`, the strict parse then takes the line as checked. In sim/,
 * beside the graph command's options, so that they can use it too.
 */
export function parseCommandLine<const O extends OptionsConfig>(
  argv: readonly string[],
  options: O,
  examples: { readonly [K in keyof O]?: string },
): ParsedCommandLine<O> {
  const { tokens } = parseArgs({ args: [...argv], options, allowPositionals: true, strict: false, tokens: true });
  const named: string[] = [];
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const option = options[token.name];
    if (option === undefined) throw new UsageError(unknownOption(token.rawName, Object.keys(options)));
    if (option.type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(`--${token.name} takes no value, got "${token.rawName}=${token.value}"`);
      named.push(`--${token.name}`);
      continue;
    }
    // `--file --seed 1`: the loose parse took the next option as the value; it is one the user meant as an option.
    const missing = token.value === undefined || (!token.inlineValue && token.value.startsWith('--'));
    if (missing) {
      const example = examples[token.name];
      throw new UsageError(`--${token.name} needs a value${example === undefined ? '' : `, e.g. ${example}`}`);
    }
    named.push(`--${token.name}=${token.value}`);
  }
  return parseArgs({ args: [...named, '--', ...positionals], options, allowPositionals: true, strict: true });
}

function unknownOption(raw: string, known: readonly string[]): string {
  const near = closestNames(raw.replace(/^-+/, ''), known).map((name) => `--${name}`);
  return `unknown option "${raw}"${near.length === 0 ? '' : `; did you mean ${near.join(', or ')}?`}`;
}
