import type { CredentialSpec } from '../conformance/credential-spec.js';
import type { DescribedUser, DescribeTarget } from '../conformance/described-target.js';
import { ConfigRefused } from '../conformance/in-process.js';
import { ScenarioError } from '../sim/scenario/spec.js';
import { conformanceShape } from './conformance-shape.js';
import { loadTarget } from './load-target.js';
import type { UserSpec } from './target.js';
import { userLabel } from './user-label.js';

/** Header names as fetch sends them, so that a description's `Content-Type` and the JSON body's do not both go. */
const lowerCased = (headers: Readonly<Record<string, string>>) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/** How the description says a user signs in, as the conformance side's own HTTP client does it. */
function credentialOf(spec: UserSpec, role: string): CredentialSpec {
  const label = userLabel(spec, role);
  if ('headers' in spec) return { kind: 'headers', label, headers: lowerCased(spec.headers) };
  const { login } = spec;
  return { kind: 'request', label, method: login.method, path: login.path, headers: lowerCased(login.headers), body: login.body, credential: spec.credential };
}

const describedUser = (spec: UserSpec, role: string): DescribedUser => ({ credential: credentialOf(spec, role), id: spec.id });

/**
 * `npx apisim conformance --config <file> --base-url <url>`: the description's shape and users, for a run
 * over sockets. The app it names is not loaded: the deployment at the URL is the app.
 */
export const describeOverSockets: DescribeTarget = async (configFile) => {
  let target;
  try {
    ({ target } = await loadTarget(configFile));
  } catch (error) {
    // TargetError is one: a missing file, an import that throws, a description that is not a target.
    if (error instanceof ScenarioError) throw new ConfigRefused(error.message);
    throw error;
  }
  const users = target.users;
  return {
    name: target.name ?? 'target',
    shape: conformanceShape(target),
    users: users === undefined ? undefined : { user: describedUser(users.user, 'user'), otherUser: describedUser(users.otherUser, 'other-user') },
  };
};
