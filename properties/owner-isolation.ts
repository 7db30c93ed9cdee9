import fc from 'fast-check';
import { itemAt, type OwnedSpec, type RequestSpec, type Target } from './targets/target.js';
import type { Role, TargetSession } from './targets/target-session.js';
import { noOpAttempts } from './conformance/ownership-writes.js';
import { makeOwned } from './owned-object.js';
import { broken, judgedRun, type Principle, type RunVerdict } from './principle.js';

/**
 * Spec §4 A, the orders rule (OWASP API1:2023, broken object level authorization): one user's object, read
 * or changed by the other user, is refused (403 or 404) and never answered 2xx. The requests of both users
 * interleave through the shared cache, so a cache that hands one user's copy to the other breaks it too.
 *
 * A plan is a list of steps, each a create by one of the users or a request by one of them to one of the
 * objects known so far (those the target says exist, then those created), with any of GET, PUT, PATCH and
 * DELETE: a method the object does not declare is tried too, as a route that takes it by mistake would.
 * A write is tried in several body forms (`bodyForms`), since a 400, 415 or 422 is about the body and not a
 * refusal of the caller. The run ends with each object read by the user who does not own it, so every run
 * with an object probes one; shrinking drops steps and moves each toward the first user, GET and the first
 * object, so a broken target ends at a create and a read.
 *
 * A run holds on evidence: refusals (403, 404) to the other user of a method the object declares. A run
 * with none (no object could be made, every body form refused as such) could not run.
 */
type Actor = Exclude<Role, 'anonymous'>;
export type OwnerStep =
  | { readonly act: 'create'; readonly role: Actor; readonly owned: number }
  | { readonly act: 'request'; readonly role: Actor; readonly method: string; readonly object: number };

/** An object a user owns, as the run came to know it. */
interface Known {
  readonly owned: OwnedSpec;
  readonly id: string;
  /** Where it answers: its id, and a nested object's parents' ids, filled in. */
  readonly path: string;
  readonly owner: Actor;
}

const actor = fc.constantFrom<Actor>('user', 'other-user');

/** Every method an object may take: those it does not declare are tried too, as a careless route would take them. */
const objectMethods = ['GET', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Answers about the body, not about who sent it (the socket plan's `aboutTheBody`): a write refused for its
 * form has not been refused to the caller, so the next form is tried, and none of them is a refusal.
 */
const aboutTheBody = new Set([400, 415, 422]);

export const ownerIsolation: Principle<readonly OwnerStep[]> = {
  name: 'owner-isolation',
  statement: 'one user\'s object, read or changed by the other user, is refused with 403 or 404, never answered 2xx',

  notApplicable(target) {
    if (target.users === undefined) return 'the target declares no users (users.user and users.otherUser)';
    if (target.owned.length === 0) return 'the target declares nothing the users own (owned[])';
    return undefined;
  },

  plan(target) {
    const creatable = target.owned.flatMap((o, i) => (o.create === undefined ? [] : [i]));
    // Reads weigh most: a cache hands one user's read to the other only between two reads.
    const method = fc.oneof({ arbitrary: fc.constant('GET'), weight: 3 }, fc.constantFrom(...objectMethods.filter((m) => m !== 'GET')));
    const request = fc.record({ act: fc.constant('request' as const), role: actor, method, object: fc.nat({ max: 20 }) });
    // The closing reads (`check`) probe every object known: a plan may be empty when the target names some.
    if (creatable.length === 0) return fc.array(request, { maxLength: 8 });
    const create = fc.record({ act: fc.constant('create' as const), role: actor, owned: fc.constantFrom(...creatable) });
    // A run with nothing created has nothing of a user's to probe, unless the target names objects that exist.
    const named = target.owned.some((o) => o.ids !== undefined);
    const steps = fc.array(fc.oneof(create, request), { maxLength: named ? 8 : 7 });
    return named ? steps : fc.tuple(create, steps).map(([first, rest]) => [first, ...rest]);
  },

  settings: () => ({}),

  async check(run, steps): Promise<RunVerdict> {
    const known = initialObjects(run.target);
    const refusals: string[] = [];
    const unjudged: string[] = [];
    for (const step of steps) {
      if (step.act === 'create') {
        const owned = run.target.owned[step.owned]!;
        const { made, why } = await makeOwned(run, owned, step.role);
        if (made !== undefined) known.push({ owned, ...made, owner: step.role });
        else unjudged.push(why);
        continue;
      }
      const object = known.length === 0 ? undefined : known[step.object % known.length]!;
      if (object === undefined) continue;
      if (object.owner === step.role) {
        await sendForms(run, step.role, step.method, object.path, await bodyForms(run, object, step.method));
        continue;
      }
      const found = await intrude(run, object, step.method);
      // The run ends at its first broken answer: what follows it cannot make it right, and the recorded
      // counterexample stops where it broke (fast-check shrinks a list from its front, not its end).
      if (found.broken !== undefined) return broken(found.broken);
      if (found.refused !== undefined) refusals.push(found.refused);
      if (found.unjudged !== undefined) unjudged.push(found.unjudged);
    }
    // Last, each object is read by the user who does not own it, and the first of each kind also written in
    // every way: so every run with an object probes one, and every method of every kind is probed.
    const probed = new Set<OwnedSpec>();
    for (const object of known) {
      const methods = probed.has(object.owned) ? ['GET'] : objectMethods;
      probed.add(object.owned);
      for (const method of methods) {
        const found = await intrude(run, object, method);
        if (found.broken !== undefined) return broken(found.broken);
        if (found.refused !== undefined) refusals.push(found.refused);
        if (found.unjudged !== undefined) unjudged.push(found.unjudged);
      }
    }
    const missing = known.length === 0
      ? `no object of either user's was known: ${unjudged[0] ?? 'the plan created none'}; declare owned[].ids, or a create whose answer names the id (its body's id, or Location)`
      : unjudged.length > 0 ? unjudged.join('; ') : 'the run sent no declared request of one user to the other\'s object';
    return judgedRun([], refusals, missing);
  },
};

/** The user who does not own `object` sends `method` to it: what that showed, in words, or nothing. */
async function intrude(run: TargetSession, object: Known, method: string): Promise<{ broken?: string; refused?: string; unjudged?: string }> {
  const intruder: Actor = object.owner === 'user' ? 'other-user' : 'user';
  const path = object.path;
  const sent = await sendForms(run, intruder, method, path, await bodyForms(run, object, method));
  const what = `${intruder} ${method} ${path}, ${object.owner}'s ${object.owned.name} object`;
  const status = sent.judged?.response?.status;
  if (status !== undefined && refusedWrongly(status)) return { broken: `${what}, was answered ${status}${sent.refusedForms}, not 403 or 404` };
  // A refusal of a method the object does not declare says nothing: it may take no such method at all.
  const declared = method === 'GET' || (object.owned.methods as readonly string[]).includes(method);
  if ((status === 403 || status === 404) && declared) return { refused: `${what}: ${status}${sent.refusedForms}` };
  if (sent.judged === undefined && sent.tried > 1) return { unjudged: `${what}: every body form was refused for its form (${sent.answers.join(', ')}), so no answer was about the caller` };
  return {};
}

/**
 * 2xx and 3xx hand over or change the object; 5xx says the check ran into a fault it should have refused
 * before. A 405 reveals nothing of the object and changes nothing, so it is not held against it; a 400, 415
 * or 422 is about the body, and never ends the tries (`sendForms`).
 */
const refusedWrongly = (status: number): boolean => status < 400 || status >= 500;

/** One body form of a write: JSON, a merge patch, a form; none for a read or a DELETE. */
type Json = RequestSpec['body'];
type BodyForm = { readonly body?: Json; readonly rawBody?: string; readonly contentType?: string };

/**
 * The body forms a PUT or PATCH is tried with, in order, as the socket plan tries them
 * (`properties/conformance/ownership-writes.ts`): the create body as JSON, then as a merge patch (PATCH),
 * then one built from the object as its owner reads it (a no-op if it got through), then as a form. A read
 * and a DELETE are sent once, with no body.
 */
async function bodyForms(run: TargetSession, object: Known, method: string): Promise<readonly BodyForm[]> {
  if (method !== 'PUT' && method !== 'PATCH') return [{}];
  const created = object.owned.create?.body;
  const forms: BodyForm[] = [];
  if (created !== undefined) forms.push({ body: created, contentType: 'application/json' });
  if (created !== undefined && method === 'PATCH') forms.push({ body: created, contentType: 'application/merge-patch+json' });
  const read = await asRead(run, object);
  for (const attempt of noOpAttempts(method, read, object.owned.owner)) forms.push({ body: attempt.json as Json, contentType: attempt.contentType ?? 'application/json' });
  // A service may refuse a patch of a member it will not change (its owner, say): each other member in turn.
  if (method === 'PATCH') {
    const tried = new Set(forms.map((f) => JSON.stringify(f.body)));
    for (const [name, value] of Object.entries(read ?? {}).filter(([name]) => name !== 'id').slice(0, 6)) {
      const body = { [name]: value } as Json;
      if (!tried.has(JSON.stringify(body))) forms.push({ body, contentType: 'application/json' });
    }
  }
  const flat = Object.entries(created ?? read ?? {}).filter(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean');
  if (flat.length > 0) forms.push({ rawBody: new URLSearchParams(flat.map(([k, v]): [string, string] => [k, String(v)])).toString(), contentType: 'application/x-www-form-urlencoded' });
  return forms;
}

/** The object as its owner reads it: what a no-op write is built from. */
async function asRead(run: TargetSession, object: Known): Promise<Readonly<Record<string, unknown>> | undefined> {
  const response = (await run.send(object.owner, { method: 'GET', path: object.path })).response;
  if (response === undefined || response.status !== 200) return undefined;
  try {
    const record: unknown = JSON.parse(response.body ?? '');
    return typeof record === 'object' && record !== null && !Array.isArray(record) ? (record as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The forms sent in turn until one is answered for something other than its body (or none is). */
async function sendForms(run: TargetSession, role: Actor, method: string, path: string, forms: readonly BodyForm[]) {
  const answers: string[] = [];
  for (const form of forms) {
    const headers: Record<string, string> = form.contentType === undefined ? {} : { 'content-type': form.contentType };
    const exchange = await run.send(role, { method, path, headers, ...(form.body === undefined ? {} : { body: form.body }), ...(form.rawBody === undefined ? {} : { rawBody: form.rawBody }) });
    const status = exchange.response?.status;
    answers.push(`${status ?? 'no answer'}${form.contentType === undefined ? '' : ` ${form.contentType.replace('application/', '')}`}`);
    if (status === undefined || !aboutTheBody.has(status)) {
      return { judged: exchange.response === undefined ? undefined : exchange, answers, tried: answers.length, refusedForms: answers.length > 1 ? ` (after ${answers.slice(0, -1).join(', ')})` : '' };
    }
  }
  return { judged: undefined, answers, tried: answers.length, refusedForms: '' };
}

function initialObjects(target: Target): Known[] {
  return target.owned.flatMap((owned) => [
    ...(owned.ids?.user ?? []).map((id) => ({ owned, id, path: itemAt(owned.path, id), owner: 'user' as const })),
    ...(owned.ids?.otherUser ?? []).map((id) => ({ owned, id, path: itemAt(owned.path, id), owner: 'other-user' as const })),
  ]);
}
