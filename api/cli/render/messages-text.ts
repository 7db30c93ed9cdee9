import type { Headers } from '../../../src/http/message.js';
import type { ExchangeMessages } from './exchange-messages.js';

/**
 * Long enough for any problem-details body or a page of notes, short enough that one big graph answer does
 * not bury the summary under it. `--json --bodies` and the Chrome trace keep bodies whole.
 */
export const bodyShownChars = 2000;

/** `text`, or its first `maxChars` characters and a line that says how much was left out. */
export function cutBody(text: string, maxChars: number = bodyShownChars): string {
  if (text.length <= maxChars) return text;
  const left = text.length - maxChars;
  return `${text.slice(0, maxChars)}\n[… ${left.toLocaleString('en-US')} more character${left === 1 ? '' : 's'} cut, of ${text.length.toLocaleString('en-US')}; --json --bodies has the whole body]`;
}

/**
 * `--bodies`: each step's request and response, headers and body, marked `>` (sent) and `<` (received) as
 * `curl -v` marks them, so the reason for a 400 in step 5 can be read off the run rather than the code.
 */
export function renderMessages(messages: readonly ExchangeMessages[]): string {
  const out = [`Messages (as the client sent and received them; bodies over ${bodyShownChars.toLocaleString('en-US')} characters are cut)`];
  for (const m of messages) {
    out.push('', `step ${m.step + 1} · ${m.client} · ${m.request.method} ${m.request.path}`);
    out.push(...headerLines('>', m.request.headers), ...bodyLines('>', m.request.body));
    if (m.response === null) {
      out.push(`< no response after ${m.attempts} attempt${m.attempts === 1 ? '' : 's'}`);
      continue;
    }
    out.push(`< ${m.response.status}`, ...headerLines('<', m.response.headers), ...bodyLines('<', m.response.body));
  }
  return out.join('\n');
}

function headerLines(mark: string, headers: Headers): string[] {
  return Object.entries(headers).map(([name, value]) => `${mark} ${name}: ${value}`);
}

/** A blank marked line, then the body, every line of it marked; nothing for no body. */
function bodyLines(mark: string, body: string | null): string[] {
  if (body === null) return [];
  return [mark, ...cutBody(body).split('\n').map((line) => `${mark} ${line}`)];
}
