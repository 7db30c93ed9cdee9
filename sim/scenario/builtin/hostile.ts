import type { CrashPoint } from '../../faults/origin-crash.js';
import type { BuiltinScenario, ScenarioSteps } from '../builtin-scenario.js';

/**
 * The hostile world, one fault at a time: the origin crashing at each point of a request, a
 * one-way partition, and a line that holds messages and lets them go late. The keyed client throughout, so
 * each scenario shows the principle holding; `-write-behind` shows the one thing that breaks it.
 */

const postThenRead: ScenarioSteps = [
  { method: 'POST', path: '/notes', body: { content: 'buy milk' } },
  { method: 'GET', path: '/notes/1' },
];

const crashSummary: Record<CrashPoint, string> = {
  'before-effect': 'The origin crashes while handling a keyed POST, before its effect: nothing was committed, the re-send after the restart creates the one note.',
  'after-effect': 'The origin crashes after a keyed POST\'s effect and record are committed, before the response: the re-send after the restart is replayed, one note.',
  'after-response': 'The origin crashes right after answering a POST: the note survives the restart, and the read that found the origin down is re-sent and finds it.',
};

function crashAt(point: CrashPoint): BuiltinScenario {
  return {
    name: `notes-crash-${point}`,
    summary: crashSummary[point],
    build: () => ({
      modes: { client: { policy: 'keyed' } },
      crashes: [{ request: 1, point, downUs: 200_000 }],
      steps: postThenRead,
      expect: { statuses: [201, 200], notes: 1, linearizable: true, atMostOneEffectPerKey: true },
    }),
  };
}

export const hostileScenarios: readonly BuiltinScenario[] = [
  crashAt('before-effect'),
  crashAt('after-effect'),
  crashAt('after-response'),
  {
    name: 'notes-crash-after-effect-write-behind',
    summary: 'A broken origin writes the idempotency record after the effect, in a step of its own: the crash between them loses the record, and the keyed re-send makes a second note.',
    build: () => ({
      modes: { idempotencyRecord: 'write-behind', client: { policy: 'keyed' } },
      crashes: [{ request: 1, point: 'after-effect', downUs: 200_000 }],
      steps: [...postThenRead, { method: 'GET', path: '/notes/2' }],
      expect: { statuses: [201, 200, 200], notes: 2, linearizable: false, atMostOneEffectPerKey: false },
    }),
  },
  {
    name: 'notes-crash-at-time',
    summary: 'The origin crashes at 70 ms with two PUTs in hand and is down 300 ms: both are lost before their effect, both re-sent, both applied once.',
    build: () => ({
      modes: { client: { policy: 'keyed' } },
      crashes: [{ atUs: 70_000, downUs: 300_000 }],
      steps: [
        { client: 'alice', method: 'PUT', path: '/notes/1', atUs: 0, body: { content: 'alice' } },
        { client: 'bob', method: 'PUT', path: '/notes/2', atUs: 0, body: { content: 'bob' } },
      ],
      expect: { statuses: [200, 200], notes: 2, linearizable: true },
    }),
  },
  {
    name: 'notes-partition-one-way',
    summary: 'Responses cannot get back for 700 ms while requests still arrive: a keyed PUT is applied, its answers are lost, and the re-send after the partition is replayed.',
    build: () => ({
      modes: { client: { policy: 'keyed', maxAttempts: 4 } },
      topology: { wan: { faults: [{ rule: 'partition', fromUs: 0, untilUs: 700_000, applies: 'responses' }] } },
      steps: [
        { method: 'PUT', path: '/notes/1', body: { content: 'first' } },
        { method: 'GET', path: '/notes/1' },
      ],
      expect: { statuses: [200, 200], notes: 1, linearizable: true },
    }),
  },
  ...(['keyed', 'safe'] as const).map((policy): BuiltinScenario => ({
    name: `notes-hold-release${policy === 'keyed' ? '' : '-safe'}`,
    summary: policy === 'keyed'
      ? 'Alice\'s PUT is applied but its answer lost; her re-sends are held until after bob deletes the note, then released: replayed under their key, so the note stays deleted.'
      : 'The same with the safe client, which sends PUT without a key: the held re-send lands after bob\'s DELETE and brings the note back. Idempotent is not linearizable.',
    build: () => ({
      modes: { client: { policy, maxAttempts: 4 } },
      topology: {
        wan: {
          faults: [
            { rule: 'partition', fromUs: 0, untilUs: 400_000, applies: 'responses', clients: ['alice'] },
            { rule: 'hold', fromUs: 400_000, untilUs: 1_500_000, applies: 'requests', clients: ['alice'] },
          ],
        },
      },
      steps: [
        { client: 'alice', method: 'PUT', path: '/notes/1', atUs: 0, body: { content: 'alice' } },
        { client: 'bob', method: 'DELETE', path: '/notes/1', atUs: 1_200_000 },
        { client: 'bob', method: 'GET', path: '/notes/1', atUs: 2_000_000 },
      ],
      // Bob's read after his own DELETE: 404 when the re-send was replayed, the note back (200) when it was not.
      expect: policy === 'keyed' ? { statuses: [200, 204, 404], notes: 0, linearizable: true } : { statuses: [200, 204, 200], notes: 1, linearizable: false },
    }),
  })),
];
