import type { WireMessage } from './envelope.js';

/** A host on the simulated network: the client, the cache or the origin. */
export interface SimNode {
  readonly name: string;
  /** Called when the last byte of a message arrives; may return a promise, which the loop waits for. */
  receive(env: WireMessage): void | Promise<void>;
}

/**
 * What a node hands its messages to: the topology, which picks the line toward `env.to` (or, in a test of
 * two nodes, the one link between them). A node never holds a link of its own.
 */
export interface Network {
  send(from: SimNode, env: WireMessage): void;
}
