import { formatMs } from '../format.js';
import type { GuestRunResult } from '../scenario/result.js';
import type { Verdict } from '../scenario/expectations.js';
import type { RunResult } from '../scenario/run.js';
import { renderSummary, renderTimeline } from './timeline.js';

/** What `npm run sim -- <scenario>` prints for a run: who ran on what line, the timeline, the summary and its verdicts. */
export function renderRun(scenario: string, seed: number, result: RunResult | GuestRunResult, replay: string, verdicts?: readonly Verdict[]): string {
  const s = result.settings;
  const wan = s.topology.wan;
  return [
    `apisim · ${scenario} · seed ${seed}`,
    `line ${s.line} · WAN ${formatMs(wan.oneWayDelayUs)} ms one way, ${wan.bandwidthBitsPerSecond / 1e6} Mbit/s` +
      (wan.faults.length > 0 ? `, faults: ${wan.faults.map((f) => f.name).join(', ')}` : '') +
      ` · origin ${formatMs(s.topology.originProcessingUs)} ms · client ${s.client.policy}, timeout ${formatMs(s.client.timeoutUs)} ms, ${s.client.maxAttempts} attempts`,
    '',
    renderTimeline(result.trace.events),
    '',
    renderSummary(result, replay, verdicts),
  ].join('\n');
}
