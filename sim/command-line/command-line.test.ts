import { describe, expect, it } from 'vitest';
import { parseCommandLine } from './command-line.js';
import type { Options } from './option.js';
import { UsageError } from './usage-error.js';

const options = {
  seed: { type: 'integer', range: 'non-negative', example: '1' },
  workers: { type: 'integer', range: [1, 64], example: '2' },
  minutes: { type: 'number', range: 'positive', unit: 'minutes', example: '10' },
  'base-url': { type: 'string', example: 'http://127.0.0.1:3000' },
  faults: { type: 'string', multiple: true, example: 'loss=5%' },
  line: { type: 'choice', choices: ['stable', 'unstable', 'lossy'] },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Options;

function refusal(argv: readonly string[], positionals?: Parameters<typeof parseCommandLine>[2]): string {
  try {
    parseCommandLine(argv, options, positionals);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(argv)}`);
}

describe('parseCommandLine', () => {
  it('gives only what the line said, each value as its option declares', () => {
    const line = parseCommandLine(['--seed', '7', '--workers=2', '--minutes', '0.5', '--faults', 'a', '--faults=b', '--line', 'lossy', '--json', '-h'], options);
    expect(line).toEqual({ values: { seed: 7, workers: 2, minutes: 0.5, faults: ['a', 'b'], line: 'lossy', json: true, help: true }, positionals: [] });
    expect(parseCommandLine([], options)).toEqual({ values: {}, positionals: [] });
    expect(parseCommandLine(['--base-url', 'x', '--base-url', 'y'], options).values['base-url']).toBe('y'); // the last one wins
  });

  it('takes the words between the options up to the number the command allows', () => {
    expect(parseCommandLine(['a', '--json', 'b'], options, { max: Infinity }).positionals).toEqual(['a', 'b']);
    expect(refusal(['a'])).toBe('unexpected argument "a"; this command takes only options');
    expect(refusal(['a', 'b'], { max: 1, instead: 'one at a time' })).toBe('unexpected argument "b"; one at a time');
  });

  it.each([
    [['--bse-url', 'x'], 'unknown option "--bse-url"; did you mean --base-url?'],
    [['--sed', '1'], 'unknown option "--sed"; did you mean --seed?'],
    [['--colour'], 'unknown option "--colour"'],
    [['--work', '2'], 'unknown option "--work"; did you mean --workers?'], // the start of one, when no spelling is near
    [['--constructor'], 'unknown option "--constructor"'],
    [['-x'], 'unknown option "-x"'],
    [['--seed'], '--seed needs a value, e.g. --seed 1'],
    [['--base-url', '--json'], '--base-url needs a value, e.g. --base-url http://127.0.0.1:3000'],
    [['--line'], '--line needs a value: stable, unstable or lossy'],
    [['--json=yes'], '--json takes no value, got "--json=yes"'],
    [['--seed', '-1'], '--seed must be a whole number, 0 or more, got "-1"'],
    [['--seed', '1.5'], '--seed must be a whole number, 0 or more, got "1.5"'],
    [['--seed='], '--seed must be a whole number, 0 or more, got ""'],
    [['--seed', '99999999999999999999'], '--seed must be at most 9007199254740991, got "99999999999999999999"'],
    [['--workers', '65'], '--workers must be a whole number from 1 to 64, got "65"'],
    [['--minutes', '0'], '--minutes must be a positive number of minutes, got "0"'],
    [['--minutes', '1e3'], '--minutes must be a positive number of minutes, got "1e3"'],
    [['--line', 'unstabel'], '--line must be stable, unstable or lossy, got "unstabel"; did you mean unstable?'],
  ])('refuses %j: %s', (argv, message) => {
    expect(refusal(argv)).toBe(message);
  });
});
