import type { WireMessage } from './envelope.js';
import type { Link } from './link.js';

/** A host on the simulated network: the client, the cache or the origin. */
export interface SimNode {
  readonly name: string;
  /** Called when the last byte of a message arrives; may return a promise, which the loop waits for. */
  receive(env: WireMessage, via: Link): void | Promise<void>;
}
