import type { Envelope } from '../envelope.js';
import type { Link } from '../link.js';
import type { SimNode } from '../node.js';

/**
 * The cache between the clients and the origin. For now it passes everything through; the RFC 9111
 * decisions arrive with `src/cache/`. It routes responses back by client name, since each client reaches
 * it over a link of its own.
 */
export class CacheNode implements SimNode {
  readonly name: string;
  upstream: Link | undefined;
  readonly downstream = new Map<string, Link>();

  constructor(name: string) {
    this.name = name;
  }

  receive(env: Envelope): void {
    if (env.kind === 'request') {
      if (this.upstream === undefined) throw new Error(`${this.name} has no upstream link`);
      this.upstream.send(this, env);
      return;
    }
    const back = this.downstream.get(env.client);
    if (back === undefined) throw new Error(`${this.name} has no link to client ${env.client}`);
    back.send(this, env);
  }
}
