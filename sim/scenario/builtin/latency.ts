import type { BuiltinScenario, ScenarioSteps } from '../builtin-scenario.js';
import { nestedSampleQuery } from './graph.js';

const clients = ['alice', 'bob', 'carol'] as const;
const rounds = 3;

/**
 * Each client, in turn, replaces a note of its own (PUT), adds one under an Idempotency-Key (the keyed client
 * keys every unsafe request) and sends the spec's nested graph query: the three kinds of request whose latency
 * under loss `npm run bench` draws, swept over seeds with `--faults loss=…`. Its own note ids, and distinct
 * contents, so that every seed at any loss must keep its checks.
 */
function latencySteps(): ScenarioSteps {
  return clients.flatMap((client, c) =>
    Array.from({ length: rounds }, (_, round): ScenarioSteps => [
      { client, method: 'PUT', path: `/notes/${10 * (c + 1) + round}`, body: { content: `${client} put ${round}` } },
      { client, method: 'POST', path: '/notes', body: { content: `${client} post ${round}` } },
      { client, method: 'POST', path: '/graphql', body: { query: nestedSampleQuery, variables: { id: String(c + 1), limit: 3 } } },
    ]).flat(),
  );
}

export const latencyScenarios: readonly BuiltinScenario[] = [
  {
    name: 'latency-mix',
    summary: 'Three clients each PUT a note, POST one under an Idempotency-Key and send the nested graph query, three rounds: sweep it with --faults to see latency under loss.',
    build: () => ({
      modes: { client: { policy: 'keyed' } },
      steps: latencySteps(),
      expect: { noServerErrors: true, linearizable: true, atMostOneEffectPerKey: true },
    }),
  },
];
