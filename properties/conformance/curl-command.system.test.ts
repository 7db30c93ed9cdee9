import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { curlCommand, parseCurlCommand, shellQuote, shellWords } from './curl-command.js';
import type { WireRequest } from './wire.js';

const exec = promisify(execFile);

const awkward: WireRequest = {
  method: 'POST',
  url: 'http://127.0.0.1:3000/graphql?x=1&y=$HOME',
  headers: { 'content-type': 'application/json', cookie: "sid=a'b;c", 'idempotency-key': '"k-1"' },
  body: `{"query":"mutation ($t: String!) { createPost(title: $t) { title } }","variables":{"t":"it's \`here\`\\n!"}}`,
};

describe('the curl command of a failure', () => {
  test('quotes every word so that a shell passes it through unchanged', async () => {
    const words = ['plain', "it's", '$HOME', '`date`', 'a b', '"q"', '\\', '', 'line\nbreak', '!x', '*'];
    // printf prints each argument on its own line, exactly as sh handed it over.
    const { stdout } = await exec('sh', ['-c', `printf '%s\\n' ${words.map(shellQuote).join(' ')}`]);
    expect(stdout).toBe(words.map((w) => `${w}\n`).join(''));
  });

  test('is curl with the method, URL, every header and the raw body', () => {
    expect(curlCommand({ method: 'GET', url: 'http://127.0.0.1:3000/orders/121', headers: { cookie: 'sid=abc' }, body: undefined })).toBe("curl -sS -i http://127.0.0.1:3000/orders/121 -H 'cookie: sid=abc'");
    expect(curlCommand({ method: 'DELETE', url: 'http://127.0.0.1:3000/notes/1', headers: {}, body: undefined })).toBe('curl -sS -i -X DELETE http://127.0.0.1:3000/notes/1');
    expect(shellWords(curlCommand(awkward))).toEqual(['curl', '-sS', '-i', '-X', 'POST', awkward.url, '-H', 'content-type: application/json', '-H', `cookie: sid=a'b;c`, '-H', 'idempotency-key: "k-1"', '--data-raw', awkward.body]);
  });

  test('reads back into the very request it was written from', () => {
    expect(parseCurlCommand(curlCommand(awkward))).toEqual(awkward);
    expect(() => parseCurlCommand("curl -sS -i 'http://x")).toThrow(/unterminated/);
    expect(() => parseCurlCommand('wget http://x')).toThrow(/not a curl command/);
  });
});
