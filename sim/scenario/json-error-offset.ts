/**
 * Where a JSON text first goes wrong, as a character offset, or undefined when it is valid JSON. V8 names the
 * position in most of its syntax errors but not all: "Unexpected token 'x', "…" is not valid JSON" and
 * "Unexpected end of JSON input" carry none, so the error would have no line and column. This walks the
 * grammar of RFC 8259 once, only to find that offset; the value itself still comes from JSON.parse.
 */
export function jsonErrorOffset(text: string): number | undefined {
  let at = 0;
  const stop = (): never => {
    throw new SyntaxAt(at);
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const expect = (char: string) => {
    if (text[at] !== char) stop();
    at++;
  };
  const literal = (word: string) => {
    for (const char of word) expect(char);
  };
  const string = () => {
    expect('"');
    for (;;) {
      if (at >= text.length || text.charCodeAt(at) < 0x20) stop(); // unterminated, or a raw control character
      const char = text[at]!;
      at++;
      if (char === '"') return;
      if (char !== '\\') continue;
      const escape = text[at];
      if (escape === 'u') {
        at++;
        for (let i = 0; i < 4; i++, at++) if (!/[0-9a-fA-F]/.test(text[at] ?? '')) stop();
      } else if (escape !== undefined && '"\\/bfnrt'.includes(escape)) at++;
      else stop();
    }
  };
  // Digit by digit, so that the offset is the character that broke the number ("-x" at the x), as V8's.
  const digits = () => {
    if (!isDigit(text[at])) stop();
    while (isDigit(text[at])) at++;
  };
  const number = () => {
    if (text[at] === '-') at++;
    if (text[at] === '0') at++;
    else digits();
    if (text[at] === '.') {
      at++;
      digits();
    }
    if (text[at] === 'e' || text[at] === 'E') {
      at++;
      if (text[at] === '+' || text[at] === '-') at++;
      digits();
    }
  };
  const sequence = (close: string, item: () => void) => {
    at++;
    space();
    if (text[at] === close) {
      at++;
      return;
    }
    for (;;) {
      item();
      space();
      if (text[at] !== close) {
        expect(',');
        continue;
      }
      at++;
      return;
    }
  };
  const member = () => {
    space();
    string();
    space();
    expect(':');
    value();
  };
  const value = (): void => {
    space();
    const char = text[at];
    if (char === '{') sequence('}', member);
    else if (char === '[') sequence(']', value);
    else if (char === '"') string();
    else if (char === 't') literal('true');
    else if (char === 'f') literal('false');
    else if (char === 'n') literal('null');
    else if (char === '-' || isDigit(char)) number();
    else stop();
  };
  try {
    value();
    space();
    if (at < text.length) stop();
    return undefined;
  } catch (error) {
    if (error instanceof SyntaxAt) return error.offset;
    if (error instanceof RangeError) return undefined; // nested too deep for this walk: the error goes without a place
    throw error;
  }
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

/** Thrown through the walk's recursion to its top, carrying where it stopped. */
class SyntaxAt extends Error {
  constructor(readonly offset: number) {
    super(`JSON syntax error at ${offset}`);
  }
}
