/**
 * What a command says of each of its options, so that one parser can read every command's line and say,
 * for any of them, what was meant and what to type. A value-taking option carries an example: a line that
 * forgets the value is answered with one.
 */
export type Option = FlagOption | TextOption | ChoiceOption | NumberOption;

export type Options = Readonly<Record<string, Option>>;

interface Named {
  /** One letter after a single dash (`-h`). */
  readonly short?: string;
}

/** There or not: `--json`. It takes no value. */
export interface FlagOption extends Named {
  readonly type: 'boolean';
}

/** Text the command reads itself: a file, a URL, a list. */
export interface TextOption extends Named {
  readonly type: 'string';
  /** A value as a user would type it, shell quoting included: `my.json`, `'{"id": 1}'`. */
  readonly example: string;
  /** Given several times, every value is kept, in order (`--faults a --faults b`); otherwise the last wins. */
  readonly multiple?: boolean;
}

/** One word of a fixed few: a value that is none of them gets the nearest. */
export interface ChoiceOption extends Named {
  readonly type: 'choice';
  readonly choices: readonly [string, ...string[]];
}

/** A number, whole (`integer`) or not (`number`), inside a range the message can say in words. */
export interface NumberOption extends Named {
  readonly type: 'integer' | 'number';
  readonly range: Range;
  readonly example: string;
  /** What it counts, for the message: `seconds` makes "a positive number of seconds". */
  readonly unit?: string;
}

/** `positive` excludes 0; a pair is both ends, included. */
export type Range = 'positive' | 'non-negative' | readonly [least: number, most: number];

/** What each option reads as: a flag `true`, a choice its word, a number a number, `multiple` text every value. */
export type ValueOf<O extends Option> = O extends FlagOption ? boolean
  : O extends NumberOption ? number
  : O extends { readonly type: 'choice'; readonly choices: readonly (infer C extends string)[] } ? C
  : O extends { readonly multiple: true } ? string[]
  : string;

/** Only the options the line gave: a command applies its own defaults, and can tell what was typed. */
export type Values<O extends Options> = { [K in keyof O]?: ValueOf<O[K]> };
