import { curlCommand } from './curl-command.js';
import { type InProcessOptions, replayCommand } from './in-process.js';
import type { WireRequest } from './wire.js';

/**
 * How a report says to reproduce a failure: over sockets, the `curl` that sends the request again; in the
 * simulator, the command that runs the check again with the same seed and line (one request alone would not
 * replay a run whose state the earlier ones made).
 */
export interface Reproduction<Kind extends string = string> {
  /** The member of a JSON finding that holds the command. */
  readonly kind: Kind;
  command(checkName: string, request: WireRequest): string;
}

export const byCurl: Reproduction<'curl'> = { kind: 'curl', command: (_checkName, request) => curlCommand(request) };

export const byReplay = (options: InProcessOptions): Reproduction<'replay'> => ({ kind: 'replay', command: (checkName) => replayCommand(options, checkName) });
