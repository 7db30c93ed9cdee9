import type { Headers } from '../../src/http/message.js';
import { GraphSocketClient, subscriptionRecord, type SubscriptionRecord } from '../nodes/graph-socket-client.js';
import type { Simulation } from '../simulation.js';
import type { Topology } from '../topology.js';
import type { SubscriptionSpec } from './spec.js';

/**
 * Asks for each scenario subscription at its `atUs` and completes it at its `untilUs`. One socket client per
 * client and credential, made on first use, so a client's subscriptions with one credential share a socket.
 */
export function scheduleSubscriptions(
  sim: Simulation,
  top: Topology,
  specs: readonly SubscriptionSpec[],
  credentialOf: (spec: SubscriptionSpec) => { readonly name: string; readonly headers: Headers },
): SubscriptionRecord[] {
  const sockets = new Map<string, GraphSocketClient>();
  return specs.map((spec) => {
    const credential = credentialOf(spec);
    // A client that never sends connection_init has a socket of its own: it must not hold up the others.
    const key = `${spec.client} ${credential.name}${spec.connectionInit ? '' : ' silent'}`;
    let socket = sockets.get(key);
    if (socket === undefined) {
      socket = new GraphSocketClient(sim, top.client(spec.client), credential.headers, spec.connectionInit);
      sockets.set(key, socket);
    }
    const record = subscriptionRecord(spec.client, { query: spec.query, variables: spec.variables, operationName: spec.operationName });
    const client = socket;
    sim.schedule(spec.atUs, () => client.subscribe(record));
    if (spec.untilUs !== undefined) sim.schedule(spec.untilUs, () => client.complete(record));
    return record;
  });
}
