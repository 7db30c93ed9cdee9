import type { ResendPolicyName } from '../../../src/client/resend-policy.js';
import type { Rng } from '../../rng.js';
import type { BuiltinScenario, ScenarioExpect, ScenarioSteps } from '../builtin-scenario.js';

const note = (content: string) => ({ content });
const lineArticle = (line: string) => (line === 'unstable' ? 'an unstable' : 'a stable');

/**
 * The spec's demonstration (§3): the same operation on a stable and on an unstable line. Its client is the
 * one the spec describes, which "automatically re-sends the same request", whatever the method: the naive
 * policy, asked for by name because it is no longer the default.
 */
function demonstration(
  method: string,
  summary: (line: string) => string,
  steps: ScenarioSteps,
  expect: (line: 'stable' | 'unstable') => ScenarioExpect,
  policy: ResendPolicyName = 'naive',
): BuiltinScenario[] {
  const suffix = policy === 'naive' ? '' : `-${policy}`;
  return (['stable', 'unstable'] as const).map((line) => ({
    name: `notes-${line}-${method}${suffix}`,
    summary: summary(line),
    build: () => ({ modes: { line, client: { policy } }, steps, expect: expect(line) }),
  }));
}

export const notesScenarios: readonly BuiltinScenario[] = [
  ...demonstration(
    'put',
    (line) => `PUT /notes/1 then GET it on ${lineArticle(line)} line: a re-sent PUT leaves the same note.`,
    [
      { method: 'PUT', path: '/notes/1', body: note('first draft') },
      { method: 'GET', path: '/notes/1' },
    ],
    () => ({ statuses: [200, 200], notes: 1, linearizable: true }),
  ),
  ...demonstration(
    'delete',
    (line) => `PUT, DELETE, then GET /notes/1 on ${lineArticle(line)} line: a re-sent DELETE leaves the note gone.`,
    [
      { method: 'PUT', path: '/notes/1', body: note('to be deleted') },
      { method: 'DELETE', path: '/notes/1' },
      { method: 'GET', path: '/notes/1' },
    ],
    // On the unstable line the re-sent DELETE finds nothing to remove: a 404 that still means "gone".
    (line) => ({ statuses: [200, line === 'stable' ? 204 : 404, 404], notes: 0, linearizable: true }),
  ),
  ...demonstration(
    'post',
    (line) => `POST /notes once on ${lineArticle(line)} line: ${line === 'unstable' ? 'the re-send creates a second note.' : 'one note.'}`,
    [{ method: 'POST', path: '/notes', body: note('buy milk') }],
    (line) => ({ statuses: [201], notes: line === 'stable' ? 1 : 2 }),
  ),
  ...demonstration(
    'post',
    (line) =>
      `POST /notes once on ${lineArticle(line)} line with the safe client: ${line === 'unstable' ? 'no re-send, one note, and the client reports the outcome as unknown.' : 'one note.'}`,
    [{ method: 'POST', path: '/notes', body: note('buy milk') }],
    (line) => ({ statuses: [line === 'stable' ? 201 : null], notes: 1 }),
    'safe',
  ),
  ...demonstration(
    'post',
    (line) =>
      `POST /notes once on ${lineArticle(line)} line with the keyed client: it carries an Idempotency-Key${line === 'unstable' ? ', and the re-send carries the same key.' : '.'}`,
    [{ method: 'POST', path: '/notes', body: note('buy milk') }],
    () => ({ statuses: [201], notes: 1, linearizable: true, atMostOneEffectPerKey: true }),
    'keyed',
  ),
  {
    name: 'notes-queued-transmitter',
    summary: 'Two large PUTs sent at the same instant: the second waits for the first on the FIFO transmitter.',
    build: () => ({
      steps: [
        { method: 'PUT', path: '/notes/1', atUs: 0, body: note('a'.repeat(2_000)) },
        { method: 'PUT', path: '/notes/2', atUs: 0, body: note('b'.repeat(2_000)) },
      ],
      expect: { statuses: [200, 200], notes: 2 },
    }),
  },
  {
    name: 'notes-lossy-mixed',
    summary: 'Three clients, a random mix of note operations, 10% loss, duplicates and jitter: the seed decides all.',
    build: (workload) => ({
      topology: {
        wan: {
          faults: [
            { rule: 'loss', probability: 0.1 },
            { rule: 'duplicate', probability: 0.03, copyDelayUs: 2_000 },
            { rule: 'delay', probability: 0.3, jitterUs: 30_000 },
          ],
        },
      },
      steps: randomNoteSteps(workload, ['alice', 'bob', 'carol'], 12),
      // The statuses are the seed's to decide; what holds on every seed is that nothing broke.
      expect: { noServerErrors: true, linearizable: true, atMostOneEffectPerKey: true },
    }),
  },
];

/** A random mix of operations on a few note ids, so that clients collide on the same notes. */
export function randomNoteSteps(workload: Rng, clients: readonly string[], stepsPerClient: number): ScenarioSteps {
  const steps: ScenarioSteps = [];
  for (const client of clients) {
    for (let i = 0; i < stepsPerClient; i++) {
      const id = workload.int(1, 4);
      const op = workload.int(0, 9);
      if (op < 4) steps.push({ client, method: 'GET', path: `/notes/${id}` });
      else if (op < 7) steps.push({ client, method: 'PUT', path: `/notes/${id}`, body: note(`${client} ${i}`) });
      else if (op < 9) steps.push({ client, method: 'DELETE', path: `/notes/${id}` });
      else steps.push({ client, method: 'POST', path: '/notes', body: note(`${client} ${i}`) });
    }
  }
  return steps;
}
