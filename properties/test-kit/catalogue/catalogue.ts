/**
 * The catalogue of flawed apps (docs/catalogue.md): for every principle, apps written the way their
 * framework's users write them, each with one flaw in one place, and the form without it. Each entry names
 * its target descriptions by path from the repository's root; an app that already lives elsewhere (the
 * examples, the false verdicts of `../false-verdicts/`, the graphql-js app of `../graph-app.ts`) is named
 * there, not copied. `properties/catalogue.test.ts` (in the simulator) and `catalogue.system.test.ts` (over
 * sockets) hold every way of running a principle to what this list says, and `catalogueTable` draws it.
 */

import { allChecks } from '../../conformance/check-list.js';

/** The ways to run a principle: the vitest helper's property, the sweep, the conformance checks in the simulator and over sockets. */
export const ways = ['property', 'sweep', 'conformance', 'sockets'] as const;
export type Way = (typeof ways)[number];

/** What kind of place in an app the flaw sits in. */
export type Kind = 'method' | 'route' | 'nested resource' | 'header' | 'body' | 'storage' | 'cache' | 'execution';

export interface FlawedApp {
  readonly principle: string;
  readonly framework: string;
  readonly kind: Kind;
  /** Where the flaw is, in a few words: the place the table shows. */
  readonly where: string;
  /** The flawed app's description, and its correct forms'. */
  readonly flawed: string;
  readonly correct: readonly string[];
  /** Another principle the same flaw breaks, and why: its verdict is let be, whatever it is. */
  readonly sameFlaw?: { readonly principle: string; readonly why: string };
  /** A way that cannot see this flaw, and why: it must not pass it, only say it did not judge. */
  readonly unseen?: { readonly way: Way; readonly why: string };
}

const kit = 'properties/test-kit/catalogue';
const falseVerdicts = 'properties/test-kit/false-verdicts';

/** exactly-once states idempotent-resend again on a line that loses and duplicates: a key not kept on a re-send is not kept on a copy either. */
const resendOnTheLine = { principle: 'exactly-once', why: 'exactly-once re-sends the POST on a lossy line: the key that fails a re-send fails a copy too' };

export const catalogue: readonly FlawedApp[] = [
  {
    principle: 'authentication-first', framework: 'Express 5', kind: 'method', where: 'DELETE looks the order up before the login check',
    flawed: `${falseVerdicts}/delete-before-login-flawed.config.ts`, correct: [`${falseVerdicts}/delete-before-login-correct.config.ts`],
  },
  {
    principle: 'authentication-first', framework: 'Koa 3', kind: 'nested resource', where: 'an order\'s receipt forgets `requireLogin`',
    flawed: `${kit}/koa-receipts-flawed.config.ts`, correct: [`${kit}/koa-receipts-correct.config.ts`],
  },
  {
    principle: 'authentication-first', framework: 'Hono 4', kind: 'header', where: 'a bearer token it does not know is answered 403',
    flawed: `${kit}/hono-bookmarks-flawed.config.ts`, correct: [`${kit}/hono-bookmarks-correct.config.ts`],
  },
  {
    principle: 'owner-isolation', framework: 'Express 5', kind: 'method', where: 'GET checks login only',
    flawed: 'examples/express-orders/apisim-flawed.config.ts', correct: ['examples/express-orders/apisim.config.ts'],
  },
  {
    principle: 'owner-isolation', framework: 'Express 5', kind: 'body', where: 'PATCH checks login only, and takes only the JSON members a client sets',
    flawed: `${falseVerdicts}/patch-bola-flawed.config.ts`, correct: [`${falseVerdicts}/patch-bola-correct.config.ts`],
  },
  {
    principle: 'owner-isolation', framework: 'Fastify 5', kind: 'method', where: 'DELETE checks login only',
    flawed: `${kit}/fastify-orders-flawed.config.ts`, correct: [`${kit}/fastify-orders-correct.config.ts`],
  },
  {
    principle: 'safe-methods', framework: 'Express 5', kind: 'route', where: 'GET of an invite accepts it',
    flawed: `${kit}/express-invites-flawed.config.ts`, correct: [`${kit}/express-invites-correct.config.ts`],
  },
  {
    principle: 'safe-methods', framework: 'Hono 4', kind: 'route', where: 'GET of the inbox marks every message seen',
    flawed: `${kit}/hono-inbox-flawed.config.ts`, correct: [`${kit}/hono-inbox-correct.config.ts`],
  },
  {
    principle: 'idempotent-methods', framework: 'Hono 4', kind: 'method', where: 'PUT of a missing task creates it under a new id',
    flawed: `${kit}/hono-tasks-flawed.config.ts`, correct: [`${kit}/hono-tasks-correct.config.ts`, `${kit}/hono-tasks-stamped.config.ts`],
  },
  {
    principle: 'idempotent-methods', framework: 'Hono 4', kind: 'body', where: 'PUT adds the labels it is given to the task\'s instead of replacing them',
    flawed: `${kit}/hono-tasks-labels-appended.config.ts`, correct: [`${kit}/hono-tasks-correct.config.ts`],
  },
  {
    principle: 'idempotent-methods', framework: 'Express 5', kind: 'method', where: 'a repeated DELETE splices at index -1, the last todo',
    flawed: `${kit}/express-todos-flawed.config.ts`, correct: [`${kit}/express-todos-correct.config.ts`],
    sameFlaw: { principle: 'cache-coherence', why: 'the todo the repeat removed was acknowledged and is read again: with more runs cache-coherence finds it gone' },
  },
  {
    principle: 'idempotent-resend', framework: 'Hono 4', kind: 'route', where: 'POST never reads Idempotency-Key',
    flawed: 'examples/hono-notes/apisim-flawed.config.ts', correct: ['examples/hono-notes/apisim.config.ts'], sameFlaw: resendOnTheLine,
  },
  {
    principle: 'idempotent-resend', framework: 'Fastify 5', kind: 'header', where: 'POST looks the key up as `Idempotency-Key`; Node lower-cases header names',
    flawed: `${kit}/fastify-notes-keys-flawed.config.ts`, correct: [`${kit}/fastify-notes-keys-correct.config.ts`], sameFlaw: resendOnTheLine,
  },
  {
    principle: 'idempotent-resend', framework: 'Koa 3', kind: 'storage', where: 'a key is taken out of the store when replayed: the second re-send makes a note',
    flawed: `${kit}/koa-notes-key-taken.config.ts`, correct: [`${kit}/koa-notes-correct.config.ts`], sameFlaw: resendOnTheLine,
  },
  {
    principle: 'exactly-once', framework: 'Hono 4', kind: 'storage', where: 'answered keys kept in the process\'s memory, lost in a crash',
    flawed: `${kit}/hono-notes-forgetful.config.ts`, correct: ['examples/hono-notes/apisim.config.ts'],
  },
  {
    principle: 'exactly-once', framework: 'Koa 3', kind: 'storage', where: 'notes written behind, 50 ms after the answer: a crash loses one acknowledged',
    flawed: `${kit}/koa-notes-flawed.config.ts`, correct: [`${kit}/koa-notes-correct.config.ts`],
  },
  {
    principle: 'cache-coherence', framework: 'Express 5', kind: 'cache', where: 'kept answers never dropped on PUT or DELETE',
    flawed: `${kit}/express-notes-cache-flawed.config.ts`, correct: [`${kit}/express-notes-cache-correct.config.ts`],
  },
  {
    principle: 'cache-coherence', framework: 'Fastify 5', kind: 'cache', where: 'kept replies dropped on PUT, not on DELETE',
    flawed: `${kit}/fastify-notes-cache-flawed.config.ts`, correct: [`${kit}/fastify-notes-cache-correct.config.ts`],
    unseen: { way: 'sockets', why: 'over sockets the app is its own cache, and the check writes behind it first with a PUT, which clears it: "nothing to invalidate", skipped' },
  },
  {
    principle: 'graph-field-exact', framework: 'graphql-js', kind: 'execution', where: 'a normalizing front adds `id` and `__typename` to every selection set',
    flawed: `${kit}/graphql-js-authors-normalizing.config.ts`, correct: [`${kit}/graphql-js-authors-correct.config.ts`],
  },
  {
    principle: 'graph-field-exact', framework: 'GraphQL Yoga 5', kind: 'body', where: 'a plugin drops null fields (a friend\'s `email`) from the answer',
    flawed: `${kit}/yoga-people-compact-data.config.ts`, correct: [`${kit}/yoga-people-correct.config.ts`],
  },
  {
    principle: 'graph-persisted-equals-posted', framework: 'GraphQL Yoga 5', kind: 'header', where: 'every GET answer cacheable, PERSISTED_QUERY_NOT_FOUND included',
    flawed: `${kit}/yoga-people-cacheable-gets.config.ts`, correct: [`${kit}/yoga-people-correct.config.ts`],
  },
  {
    principle: 'graph-persisted-equals-posted', framework: 'Hono 4 + graphql-js', kind: 'route', where: 'the POST and GET routes each keep their own registry',
    flawed: `${kit}/hono-graph-registry-per-route.config.ts`, correct: [`${kit}/hono-graph-correct.config.ts`],
  },
  {
    principle: 'graph-rejected-before-execution', framework: 'GraphQL Yoga 5', kind: 'execution', where: 'no depth limit at all',
    flawed: 'examples/yoga-graph/apisim-flawed.config.ts', correct: ['examples/yoga-graph/apisim.config.ts'],
  },
  {
    principle: 'graph-rejected-before-execution', framework: 'Hono 4 + graphql-js', kind: 'execution', where: 'the depth checked in the root resolver, during execution',
    flawed: `${kit}/hono-graph-depth-in-resolver.config.ts`, correct: [`${kit}/hono-graph-correct.config.ts`],
  },
];

/**
 * Verdicts apisim still gets wrong on the catalogue, each found by it and reported: the test expects the
 * right verdict and is kept as `it.fails` until the cause is fixed, and the table shows each one.
 */
export interface KnownFalseVerdict {
  readonly config: string;
  readonly principle: string;
  readonly ways: readonly Way[];
  /** What the way says now, and why that is wrong. */
  readonly says: string;
  readonly why: string;
}

export const knownFalseVerdicts: readonly KnownFalseVerdict[] = [
];

export const knownFalse = (config: string, principle: string, way: Way): KnownFalseVerdict | undefined =>
  knownFalseVerdicts.find((k) => k.config === config && k.principle === principle && k.ways.includes(way));

/** Whether a way still says something false of this description: its test is then kept as `it.fails`. */
export const saysFalse = (config: string, way: Way): boolean => knownFalseVerdicts.some((k) => k.config === config && k.ways.includes(way));

/** Every description the catalogue names, once. */
export const catalogueConfigs = (): string[] => [...new Set(catalogue.flatMap((app) => [app.flawed, ...app.correct]))];

/** Whether a way says anything of a principle: the property and the sweep run every one, the conformance checks those a check names. */
export const named = (principle: string, way: Way): boolean => way === 'property' || way === 'sweep' || allChecks.some((check) => check.principle === principle);

const cell = (app: FlawedApp, way: Way): string => {
  if (!named(app.principle, way)) return '—';
  const known = knownFalse(app.flawed, app.principle, way);
  if (known !== undefined) return `**${known.says}** (false pass)`;
  return app.unseen?.way === way ? 'skipped' : 'fails';
};

const correctCell = (app: FlawedApp): string => {
  const wrong = app.correct.flatMap((config) => knownFalseVerdicts.filter((k) => k.config === config));
  const name = (config: string) => `\`${config.split('/').at(-1)!.replace('.config.ts', '')}\``;
  if (wrong.length === 0) return 'passes';
  return app.correct.map((config) => {
    const known = wrong.find((k) => k.config === config);
    return known === undefined ? `${name(config)} passes` : `${name(config)}: ${known.principle} **${known.says}** in ${known.ways.join(', ')} (false fail)`;
  }).join('; ');
};

/** The catalogue as docs/catalogue.md shows it: principle × flaw × way, and the totals. */
export function catalogueTable(): string {
  const rows = catalogue.map((app) => {
    const flaw = `${app.framework}: ${app.where}${app.sameFlaw === undefined ? '' : ` (also ${app.sameFlaw.principle})`}`;
    return `| \`${app.principle}\` | ${flaw} | ${app.kind} | ${ways.map((way) => cell(app, way)).join(' | ')} | ${correctCell(app)} |`;
  });
  const judged = catalogue.reduce((sum, app) => sum + ways.filter((way) => named(app.principle, way)).length, 0);
  const onFlawed = (k: KnownFalseVerdict) => catalogue.some((app) => app.flawed === k.config);
  const count = (list: readonly KnownFalseVerdict[]) => list.reduce((sum, k) => sum + k.ways.length, 0);
  const totals = [
    `${catalogue.length} flawed apps in ${new Set(catalogue.map((app) => app.framework.split(' + ')[0])).size} frameworks, the flaw in ${new Set(catalogue.map((app) => app.kind)).size} kinds of place (${[...new Set(catalogue.map((app) => app.kind))].join(', ')})`,
    `${catalogueConfigs().length} descriptions run (${catalogue.length} flawed, ${catalogueConfigs().length - catalogue.length} correct), every principle by every way; ${judged} verdicts of a flawed app's own principle, where a way names it`,
    `false passes: ${count(knownFalseVerdicts.filter(onFlawed))}; false fails: ${count(knownFalseVerdicts.filter((k) => !onFlawed(k)))}; skipped where a way cannot see the flaw: ${catalogue.filter((app) => app.unseen !== undefined).length}`,
  ];
  return [
    '| Principle | Flaw (framework: where) | Kind | Property | Sweep | Conformance, simulator | Conformance, sockets | Correct form |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...totals.map((line) => `- ${line}`),
  ].join('\n');
}
