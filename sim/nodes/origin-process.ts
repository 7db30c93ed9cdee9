import type { Handler } from '../../src/http/handler.js';
import type { Origin } from '../../src/origin.js';
import type { EnumerationAlert } from '../../src/policy/enumeration-detector.js';

/** An origin that raises alerts (the real one does; a stand-in in a test need not). */
export interface AlertSource {
  readonly alerts?: readonly EnumerationAlert[];
}

/** An origin with the graph's WebSocket door (the real one has it; a stand-in in a test need not). */
export type SocketSource = Partial<Pick<Origin, 'openSocket' | 'socketMessagesSettled' | 'halt'>>;

/** What the origin node serves: a request handler, and what it may also have. */
export type OriginProcess = { readonly handle: Handler } & AlertSource & SocketSource;
