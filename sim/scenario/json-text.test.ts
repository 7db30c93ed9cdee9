import { describe, expect, it } from 'vitest';
import { jsonErrorOffset } from './json-error-offset.js';
import { parseJsonText } from './json-text.js';

describe('parseJsonText', () => {
  it('drops a leading byte order mark', () => {
    expect(parseJsonText('\uFEFF{"steps": []}')).toEqual({ ok: true, value: { steps: [] } });
  });

  it.each([
    // V8 names no position for these two: the walk finds it.
    ['{\n  "steps": [\n    x\n  ]\n}', 'line 3, column 5'],
    ['{\n  "steps": [', 'line 2, column 13, the end of the text'],
    ['', 'line 1, column 1, the end of the text'],
    ['{"a": 1}\n[1,]', 'line 2, column 1'],
    ['{"a": "tab\there"}', 'line 1, column 11'],
  ])('names the line and column of a syntax error in %j', (text, where) => {
    expect(parseJsonText(text)).toMatchObject({ ok: false, where });
  });

  it('finds the offset V8 names, where V8 names one', () => {
    const texts = ['{,}', '{"a":1', '{"a" 1}', '{"a":1}}', '[1 2]', '{"a":01}', '{"a":"\\x"}', '\uFEFF{}', '[-]', '{"a":1,}', '[1e]', '[1.]', '[-x]', '[1e+]', 'nul', '"abc'];
    for (const text of texts) {
      let named: number | undefined;
      try {
        JSON.parse(text);
      } catch (error) {
        const position = /position (\d+)/.exec((error as Error).message);
        named = position === null ? undefined : Number(position[1]);
      }
      if (named !== undefined) expect([text, jsonErrorOffset(text)]).toEqual([text, named]);
      else expect(jsonErrorOffset(text)).toBeDefined();
    }
  });

  it('finds nothing wrong in valid JSON', () => {
    for (const text of ['{}', ' [ 1, -2.5e+3, "a\\u00e9\\n", true, false, null, {"b": []} ] ', '"x"', '0']) expect(jsonErrorOffset(text)).toBeUndefined();
  });
});
