import { formatMs } from '../../../sim/format.js';
import type { GuestRunResult } from '../../../sim/scenario/result.js';
import type { Verdict } from '../../../sim/scenario/expectations.js';
import type { RunResult } from '../../../sim/scenario/run.js';
import { exchangeMessages } from './exchange-messages.js';
import { renderMessages } from './messages-text.js';
import { renderSummary, renderTimeline } from './timeline.js';

export interface RunTextOptions {
  /** `--bodies`: each step's request and response, headers and bodies, between the timeline and the summary. */
  readonly bodies?: boolean;
}

/**
 * What `npm run sim -- <scenario>` prints for a run: who ran on what line, the timeline, with `--bodies` what
 * was said, then the summary and its verdicts, last, where a failure is seen.
 */
export function renderRun(
  scenario: string, seed: number, result: RunResult | GuestRunResult, replay: string, verdicts?: readonly Verdict[], options: RunTextOptions = {},
): string {
  const s = result.settings;
  const wan = s.topology.wan;
  return [
    `apisim · ${scenario} · seed ${seed}`,
    `line ${s.line} · WAN ${formatMs(wan.oneWayDelayUs)} ms one way, ${wan.bandwidthBitsPerSecond / 1e6} Mbit/s` +
      (wan.faults.length > 0 ? `, faults: ${wan.faults.map((f) => f.name).join(', ')}` : '') +
      ` · origin ${formatMs(s.topology.originProcessingUs)} ms · client ${s.client.policy}, timeout ${formatMs(s.client.timeoutUs)} ms, ${s.client.maxAttempts} attempts`,
    '',
    renderTimeline(result.trace.events, result.exchanges),
    '',
    ...(options.bodies === true ? [renderMessages(exchangeMessages(result)), ''] : []),
    renderSummary(result, replay, verdicts),
  ].join('\n');
}
