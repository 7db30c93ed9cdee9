import { type Headers, type HttpRequest, request } from '../../src/http/message.js';
import type { Exchange } from '../exchange.js';
import type { Simulation } from '../simulation.js';
import type { Topology } from '../topology.js';
import type { StepSpec } from './spec.js';

/** What a step sends: its method, path, headers and body, with its credential's headers under its own. */
export function requestFrom(step: StepSpec, credential: Headers = {}): HttpRequest {
  const headers: Record<string, string> = { ...credential };
  for (const [name, value] of Object.entries(step.headers)) headers[name.toLowerCase()] = value;
  const body = step.rawBody ?? (step.body === undefined ? undefined : JSON.stringify(step.body));
  if (step.body !== undefined && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
  return request(step.method, step.path, headers, body);
}

/**
 * A step with `atUs` starts at that time; a step without it starts when the previous step of the same
 * client is done (so a client's plain steps run one after another, like a person's). Says, by step, the
 * exchange each started, filled in as the run goes.
 */
export function scheduleSteps(sim: Simulation, top: Topology, steps: readonly StepSpec[], requests: readonly HttpRequest[]): (Exchange | undefined)[] {
  const exchanges: (Exchange | undefined)[] = steps.map(() => undefined);
  const byClient = new Map<string, number[]>();
  steps.forEach((step, i) => {
    const list = byClient.get(step.client) ?? [];
    list.push(i);
    byClient.set(step.client, list);
  });
  for (const [clientName, indices] of byClient) {
    const client = top.client(clientName);
    const launch = (k: number): void => {
      const i = indices[k]!;
      exchanges[i] = client.start(requests[i]!, () => {
        const next = indices[k + 1];
        if (next !== undefined && steps[next]!.atUs === undefined) launch(k + 1);
      });
    };
    indices.forEach((i, k) => {
      const atUs = steps[i]!.atUs;
      if (atUs !== undefined) sim.schedule(atUs, () => launch(k));
      else if (k === 0) sim.schedule(0, () => launch(0));
    });
  }
  return exchanges;
}
