import type { WireRequest } from './wire.js';

/** Characters a POSIX shell takes literally outside quotes. */
const plainWord = /^[A-Za-z0-9_\-./:=@%+,]+$/;

/** One shell word: bare when it is plain, else in single quotes with each `'` written `'\''`. */
export function shellQuote(word: string): string {
  return plainWord.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The `curl` command line that sends exactly this request again: method, URL, every header the suite sent
 * (the credential included, so it runs as it stands) and the body byte for byte (`--data-raw`, so a body
 * starting with `@` is not read as a file name). `-i` shows the status and headers to compare with "got".
 */
export function curlCommand(request: WireRequest): string {
  const words = ['curl', '-sS', '-i'];
  if (request.method !== 'GET' || request.body !== undefined) words.push('-X', request.method);
  words.push(request.url);
  for (const [name, value] of Object.entries(request.headers)) words.push('-H', `${name}: ${value}`);
  if (request.body !== undefined) words.push('--data-raw', request.body);
  return words.map(shellQuote).join(' ');
}

/** Splits a command line into words the way a POSIX shell does for what `shellQuote` writes. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === ' ' || c === '\t' || c === '\n') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new SyntaxError('unterminated single quote');
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '\\') {
      word = (word ?? '') + (line[i + 1] ?? '');
      i++;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** Reads back a command `curlCommand` wrote, for replaying it where no `curl` is installed. */
export function parseCurlCommand(line: string): WireRequest {
  const words = shellWords(line);
  if (words[0] !== 'curl') throw new SyntaxError('not a curl command');
  let method: string | undefined;
  let url: string | undefined;
  let body: string | undefined;
  const headers: Record<string, string> = {};
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word === '-sS' || word === '-i') continue;
    if (word === '-X') method = words[++i];
    else if (word === '-H') {
      const header = words[++i] ?? '';
      const colon = header.indexOf(':');
      headers[header.slice(0, colon).toLowerCase()] = header.slice(colon + 1).trimStart();
    } else if (word === '--data-raw') body = words[++i];
    else if (!word.startsWith('-')) url = word;
    else throw new SyntaxError(`unexpected option ${word}`);
  }
  if (url === undefined) throw new SyntaxError('no URL');
  return { method: method ?? (body === undefined ? 'GET' : 'POST'), url, headers, body };
}
