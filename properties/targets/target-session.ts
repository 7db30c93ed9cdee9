import { dirname, relative, sep } from 'node:path';
import type { LoginRequest } from '../conformance/credential-spec.js';
import type { Allowance } from '../conformance/request-bounds.js';
import { requestSignIn, SignInFailed } from '../conformance/sign-in.js';
import { NoResponse, TargetClient } from '../conformance/target-client.js';
import { loadAppModule } from '../../sim/host/app-module/app-module.js';
import { worldOrigin } from '../../sim/host/world/world-origin.js';
import type { Exchange } from '../../sim/exchange.js';
import type { GuestOrigin } from '../../sim/scenario/guest-origin.js';
import type { RunSettingsInput, ScenarioInput } from '../../sim/scenario/spec.js';
import type { AppModuleSpec } from '../../sim/scenario/vocabulary.js';
import { openGuestSession, openOwnSession } from '../../sim/session/open-session.js';
import type { Session, SessionRequest } from '../../sim/session/session.js';
import type { TraceMode } from '../../sim/trace.js';
import { TargetError } from './define-target.js';
import type { LoadedTarget } from './load-target.js';
import type { Derivation } from './openapi/derivation.js';
import { derivedTarget } from './openapi/derived-target.js';
import { sessionTransport, simulatedBaseUrl } from './session-transport.js';
import type { GraphQLSchema } from 'graphql';
import { graphSchema, introspectedQueries } from './graph-introspection.js';
import type { GraphTargetSpec, Target, UserHeaders, UserSpec } from './target.js';
import { userLabel } from './user-label.js';

/**
 * A sign-in that got no answer at all: on a line that loses messages that is the line's doing (a login is a
 * POST, which the client does not re-send), so a caller may ask again; a refused sign-in is a `TargetError`.
 */
export class SignInUnanswered extends TargetError {}

/** The two users a target declares, and the caller with no credential at all. */
export type Role = 'user' | 'other-user' | 'anonymous';

/** Someone requests are sent as: the headers that identify them, and their id when the target says it. */
export interface Caller {
  readonly role: Role;
  readonly headers: Readonly<Record<string, string>>;
  readonly id: string | undefined;
}

export interface RunOptions {
  readonly seed: number;
  /** The line, cache and client of the run (a scenario's settings without steps). */
  readonly settings?: RunSettingsInput;
  readonly trace?: TraceMode;
}

/**
 * A target ready to run: its app module loaded once (each run builds a fresh app from it, in a world of its
 * own), or apisim's own origin.
 */
export class PreparedTarget {
  readonly target: Target;
  readonly file: string;
  /** What the target's OpenAPI description declared (`openapi`), already part of `target`. */
  readonly derivation: Derivation | undefined;
  /** The schema `graph.introspect` named, which the derived queries and the cost probe come from. */
  readonly graphSchema: GraphQLSchema | undefined;
  readonly #guest: GuestOrigin | undefined;

  private constructor(loaded: LoadedTarget, guest: GuestOrigin | undefined, derivation?: Derivation, graphSchema?: GraphQLSchema) {
    this.target = loaded.target;
    this.file = loaded.file;
    this.derivation = derivation;
    this.graphSchema = graphSchema;
    this.#guest = guest;
  }

  /**
   * Loads the app, and derives what its OpenAPI description declares into the target (the description
   * read from a file, or fetched from the app in a run of its own, before any principle's).
   */
  static async prepare(loaded: LoadedTarget): Promise<PreparedTarget> {
    const { app } = loaded.target;
    const guest = 'apisim' in app ? undefined : worldOrigin((await loadAppModule(app, loaded.file)).guest);
    const written = new PreparedTarget(loaded, guest);
    const described = loaded.target.openapi === undefined ? { target: loaded.target, derivation: undefined } : await derivedTarget(loaded, (path) => written.#served(path));
    const graph = described.target.graph;
    if (graph?.introspect === undefined) return described.derivation === undefined ? written : new PreparedTarget({ target: described.target, file: loaded.file }, guest, described.derivation);
    const schema = await graphSchema(graph.introspect, loaded.file, (query) => written.#asked(graph, query));
    // What is written wins, type by type, as an owned kind of the same name does over a derived one.
    const target = { ...described.target, graph: { ...graph, queries: { ...introspectedQueries(schema), ...graph.queries } } };
    return new PreparedTarget({ target, file: loaded.file }, guest, described.derivation, schema);
  }

  /** The body of the graph's answer to `query`, POSTed as the graph principles ask (the user, when there are users), on a line that loses nothing. */
  async #asked(graph: GraphTargetSpec, query: string): Promise<string> {
    const run = await this.open({ seed: 1 });
    try {
      const role = this.target.users === undefined ? 'anonymous' : 'user';
      const response = (await run.send(role, { method: 'POST', path: graph.path, headers: { ...graph.headers, 'content-type': 'application/json' }, body: { query } })).response;
      if (response === undefined) throw new TargetError(`graph.introspect: POST ${graph.path} with the introspection query was not answered`);
      return response.body ?? '';
    } finally {
      run.close();
    }
  }

  /** The body of what the app serves at `path` to a caller with no credential, on a line that loses nothing. */
  async #served(path: string): Promise<string> {
    const run = await this.open({ seed: 1 });
    try {
      const response = (await run.send('anonymous', { method: 'GET', path })).response;
      if (response?.status !== 200) throw new TargetError(`openapi: GET ${path} was answered ${response?.status ?? 'not at all'}, not 200 with the description`);
      return response.body ?? '';
    } finally {
      run.close();
    }
  }

  get name(): string {
    return targetName(this.target);
  }

  /**
   * Whether a run may crash the app and restart it on the storage it kept: apisim's own origin always can, an
   * app when its module exports `restart(app)`.
   */
  get restarts(): boolean {
    return this.#guest?.restartable ?? true;
  }

  /** The app as a scenario file written into `folder` names it (`origin`), or none for apisim's own. */
  originFor(folder: string): AppModuleSpec | undefined {
    const { app } = this.target;
    if ('apisim' in app) return undefined;
    const module = relative(folder, `${dirname(this.file)}${sep}${app.module}`).split(sep).join('/');
    const { kind, options } = app;
    return { module: module.startsWith('.') ? module : `./${module}`, export: app.export, ...(kind === undefined ? {} : { kind }), ...(options === undefined ? {} : { options }) };
  }

  /** The run settings a target implies: apisim's own origin in the behaviour it names. */
  settingsWith(settings: RunSettingsInput = {}): RunSettingsInput {
    const { app } = this.target;
    if (!('apisim' in app)) return settings;
    const { orders, idempotencyRecord, cache, orderExistence } = app.apisim;
    return { ...settings, modes: { orders, idempotencyRecord, cache, orderExistence, ...settings.modes } };
  }

  async open(options: RunOptions): Promise<TargetSession> {
    const settings = this.settingsWith(options.settings);
    const session = this.#guest === undefined
      ? openOwnSession({ seed: options.seed, settings, ...(options.trace === undefined ? {} : { trace: options.trace }) })
      : await openGuestSession({ seed: options.seed, settings, guest: this.#guest, ...(options.trace === undefined ? {} : { trace: options.trace }) });
    return new TargetSession(this, session);
  }
}

/**
 * One run against a target: requests sent as its users, each user signed in the way the target says on
 * their first request, and everything recorded as a scenario that replays the run.
 */
export class TargetSession {
  readonly prepared: PreparedTarget;
  readonly session: Session;
  readonly #callers = new Map<Role, Caller>();
  readonly #signInSteps = new Set<number>();

  constructor(prepared: PreparedTarget, session: Session) {
    this.prepared = prepared;
    this.session = session;
  }

  get target(): Target {
    return this.prepared.target;
  }

  /** The caller of a role, signed in on first use; a sign-in the target refuses is a `TargetError`. */
  async caller(role: Role): Promise<Caller> {
    const known = this.#callers.get(role);
    if (known !== undefined) return known;
    const caller = role === 'anonymous' ? { role, headers: {}, id: undefined } : await this.#signIn(role, this.#userSpec(role));
    this.#callers.set(role, caller);
    return caller;
  }

  /** Sends as `role`: the caller's headers under the request's own. Each role has a client (and a line) of its own. */
  async send(role: Role, request: Omit<SessionRequest, 'client'>): Promise<Exchange> {
    const caller = await this.caller(role);
    return this.session.send({ ...request, client: role, headers: { ...caller.headers, ...request.headers } });
  }

  /** Sends every request at once, each as its role. */
  async sendTogether(requests: readonly (readonly [Role, Omit<SessionRequest, 'client'>])[]): Promise<Exchange[]> {
    const callers = new Map<Role, Caller>();
    for (const [role] of requests) callers.set(role, await this.caller(role));
    return this.session.sendTogether(requests.map(([role, request]) => ({ ...request, client: role, headers: { ...callers.get(role)!.headers, ...request.headers } })));
  }

  /** Whether the session's step `index` (from 0, as `session.exchanges` counts) was a user's sign-in: a report counts them apart from the requests a check decided. */
  isSignIn(index: number): boolean {
    return this.#signInSteps.has(index);
  }

  /** The run so far as a scenario file written into `folder`, naming the app relative to it. */
  scenario(name: string, description: string, folder: string): ScenarioInput {
    const origin = this.prepared.originFor(folder);
    return { ...(origin === undefined ? {} : { origin }), ...this.session.scenario(name, description) };
  }

  close(): void {
    this.session.close();
  }

  #userSpec(role: 'user' | 'other-user'): UserSpec {
    const users = this.target.users;
    if (users === undefined) throw new TargetError('the target declares no users: add users.user and users.otherUser');
    return role === 'user' ? users.user : users.otherUser;
  }

  /**
   * Signs a user in as the conformance checks do over sockets (`requestSignIn`), through the session: the
   * login is a step of the user's own client, on their own line, and every step it takes (a 429's re-send
   * too) is marked as a sign-in. The caller's id is the one the description gives.
   */
  async #signIn(role: 'user' | 'other-user', spec: UserSpec): Promise<Caller> {
    if ('headers' in spec) return { role, headers: await userHeaders(spec.headers, role), id: spec.id };
    const { login, credential } = spec;
    const request: LoginRequest = { kind: 'request', label: userLabel(spec, role), method: login.method, path: login.path, headers: login.headers, body: login.body, credential };
    const giver = `users.${role === 'user' ? 'user' : 'otherUser'}`;
    const client = new TargetClient(sessionTransport(this.session, simulatedBaseUrl(this.prepared.name), role), Number.POSITIVE_INFINITY, unbounded);
    const first = this.session.stepCount;
    try {
      const signed = await requestSignIn(request, role, giver, client, spec.id);
      return { role, headers: signed.headers, id: spec.id };
    } catch (error) {
      if (error instanceof NoResponse) throw new SignInUnanswered(`${giver}: ${login.method} ${login.path} as ${request.label} answered nothing: the line lost it, or the client gave up`);
      if (error instanceof SignInFailed) throw new TargetError(`${error.message}: the checks need both users signed in`);
      throw error;
    } finally {
      for (let step = first; step < this.session.stepCount; step++) this.#signInSteps.add(step);
    }
  }
}

/** A run against a target has no request budget of its own: the session's limit on steps bounds it. */
const unbounded: Allowance = { take: () => undefined, remainingMs: () => Number.POSITIVE_INFINITY };

/** A user's fixed headers, or what their function returns, checked: a header's value is a string. */
export async function userHeaders(given: Readonly<Record<string, string>> | UserHeaders, role: string): Promise<Readonly<Record<string, string>>> {
  if (typeof given !== 'function') return given;
  let made: unknown;
  try {
    made = await given();
  } catch (error) {
    throw new TargetError(`${role}'s headers function threw: ${error instanceof Error ? error.message : String(error)}`);
  }
  const valid = typeof made === 'object' && made !== null && !Array.isArray(made) && Object.values(made).every((value) => typeof value === 'string');
  if (!valid) throw new TargetError(`${role}'s headers function returned ${made === undefined ? 'undefined' : JSON.stringify(made)}, not an object of header names and string values`);
  return made as Readonly<Record<string, string>>;
}

/** What reports call a target: the name its description gives, or `target`. */
export function targetName(target: Target): string {
  return target.name ?? 'target';
}
