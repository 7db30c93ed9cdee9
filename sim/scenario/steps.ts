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

/** A step's request as it starts, or why it cannot be sent (a capture it needs found nothing). */
export type StepRequest = { readonly sent: true; readonly request: HttpRequest } | { readonly sent: false; readonly why: string };

/** What the steps of a run are made of as they start, and who hears that one ended. */
export interface StepLaunch {
  request(step: number): StepRequest;
  ended(step: number, exchange: Exchange): void;
  notSent(step: number): void;
}

/** Which steps started which exchange, and why the ones that were not sent were not; both filled in as the run goes. */
export interface ScheduledSteps {
  readonly exchanges: (Exchange | undefined)[];
  readonly notSent: (string | undefined)[];
}

/**
 * A step with `atUs` starts at that time; a step without it starts when the previous step of the same
 * client is done (so a client's plain steps run one after another, like a person's). A step that cannot be
 * sent is done at once: the client goes on to its next step.
 */
export function scheduleSteps(sim: Simulation, top: Topology, steps: readonly StepSpec[], launch: StepLaunch): ScheduledSteps {
  const scheduled: ScheduledSteps = { exchanges: steps.map(() => undefined), notSent: steps.map(() => undefined) };
  const byClient = new Map<string, number[]>();
  steps.forEach((step, i) => {
    const list = byClient.get(step.client) ?? [];
    list.push(i);
    byClient.set(step.client, list);
  });
  for (const [clientName, indices] of byClient) {
    const client = top.client(clientName);
    const launchStep = (k: number): void => {
      const i = indices[k]!;
      const next = (): void => {
        const after = indices[k + 1];
        if (after !== undefined && steps[after]!.atUs === undefined) launchStep(k + 1);
      };
      const made = launch.request(i);
      if (!made.sent) {
        scheduled.notSent[i] = made.why;
        launch.notSent(i);
        next();
        return;
      }
      scheduled.exchanges[i] = client.start(made.request, (exchange) => {
        launch.ended(i, exchange);
        next();
      });
    };
    indices.forEach((i, k) => {
      const atUs = steps[i]!.atUs;
      if (atUs !== undefined) sim.schedule(atUs, () => launchStep(k));
      else if (k === 0) sim.schedule(0, () => launchStep(0));
    });
  }
  return scheduled;
}
