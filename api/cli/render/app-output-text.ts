import { formatMs } from '../../../sim/format.js';
import type { AppOutputLog } from '../../../sim/scenario/guest-origin.js';

/**
 * What the app wrote, as `--app-output` shows it: the lines its module wrote while apisim first imported it
 * (`load`, before any run: no virtual time yet), then the run's, each at the virtual time it began.
 */
export interface AppOutputShown {
  readonly load: AppOutputLog;
  readonly run: AppOutputLog;
}

const lineCount = ({ load, run }: AppOutputShown): number => load.lines.length + load.omitted + run.lines.length + run.omitted;

/** The block after the timeline: a line per line the app wrote, its time and stream. */
export function renderAppOutput(output: AppOutputShown): string {
  const count = lineCount(output);
  if (count === 0) return 'App output: none (the app wrote nothing to its stdout or stderr).';
  const rows = [
    ...output.load.lines.map((line) => `  ${'load'.padStart(11)}  ${line.stream.padEnd(6)}  ${line.text}`),
    ...output.run.lines.map((line) => `  ${formatMs(line.atUs).padStart(11)}  ${line.stream.padEnd(6)}  ${line.text}`),
  ];
  const omitted = output.load.omitted + output.run.omitted;
  const more = omitted === 0 ? [] : [`  … and ${omitted.toLocaleString('en-US')} more line${omitted === 1 ? '' : 's'}, counted but not kept`];
  return [`App output (${count.toLocaleString('en-US')} line${count === 1 ? '' : 's'}, kept out of apisim's own output):`, `  ${'time ms'.padStart(11)}  stream  line`, ...rows, ...more].join('\n');
}

/** `appOutput` in `--json`: every line with its time in milliseconds, `null` for a line written while the module loaded. */
export function appOutputJson(output: AppOutputShown) {
  return {
    lines: [
      ...output.load.lines.map((line) => ({ atMs: null, stream: line.stream, text: line.text })),
      ...output.run.lines.map((line) => ({ atMs: line.atUs / 1000, stream: line.stream, text: line.text })),
    ],
    omitted: output.load.omitted + output.run.omitted,
  };
}

/** Said on stderr when the app wrote something and `--app-output` was not given, so that nothing it wrote goes unnoticed. */
export function appOutputNote(output: AppOutputShown): string | undefined {
  const count = lineCount(output);
  if (count === 0) return undefined;
  return `the app wrote ${count.toLocaleString('en-US')} line${count === 1 ? '' : 's'} to its stdout and stderr, kept out of this output: --app-output shows ${count === 1 ? 'it' : 'them'}`;
}
