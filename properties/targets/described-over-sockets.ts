import type { CredentialSpec } from '../conformance/credential-spec.js';
import type { DescribedUser, DescribeTarget } from '../conformance/described-target.js';
import { ConfigRefused } from '../conformance/in-process.js';
import { UserError } from '../../sim/user-error.js';
import { conformanceShape } from './conformance-shape.js';
import { TargetError } from './define-target.js';
import { type LoadedTarget, loadTarget } from './load-target.js';
import type { Derivation } from './openapi/derivation.js';
import { derivedTarget } from './openapi/derived-target.js';
import { isServedPath } from './openapi/document.js';
import type { Target, UserSpec } from './target.js';
import { userHeaders } from './target-session.js';
import { userLabel } from './user-label.js';

/** Header names as fetch sends them, so that a description's `Content-Type` and the JSON body's do not both go. */
const lowerCased = (headers: Readonly<Record<string, string>>) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/** How the description says a user signs in, as the conformance side's own HTTP client does it. */
async function credentialOf(spec: UserSpec, role: string): Promise<CredentialSpec> {
  const label = userLabel(spec, role);
  if ('headers' in spec) return { kind: 'headers', label, headers: lowerCased(await userHeaders(spec.headers, role)) };
  const { login } = spec;
  return { kind: 'request', label, method: login.method, path: login.path, headers: lowerCased(login.headers), body: login.body, credential: spec.credential };
}

/**
 * The target with what its OpenAPI description declares, when it names one as a file: the app is not
 * loaded over sockets, so a path it serves cannot be fetched from it here.
 */
async function withOpenApi(loaded: LoadedTarget): Promise<{ readonly target: Target; readonly derivation?: Derivation | undefined }> {
  const { openapi } = loaded.target;
  if (openapi === undefined) return { target: loaded.target };
  if (isServedPath(openapi)) throw new TargetError(`openapi: "${openapi}" is a path the app serves, and over sockets the app is not loaded: name the description as a file (e.g. "./openapi.json"), or run in the simulator (no --base-url)`);
  return derivedTarget(loaded, () => Promise.reject(new Error('a file is read, not fetched')));
}

const describedUser = async (spec: UserSpec, role: string): Promise<DescribedUser> => ({ credential: await credentialOf(spec, role), id: spec.id });

/**
 * `npx apisim conformance --config <file> --base-url <url>`: the description's shape and users, for a run
 * over sockets. The app it names is not loaded: the deployment at the URL is the app.
 */
export const describeOverSockets: DescribeTarget = async (configFile) => {
  try {
    const { target, derivation } = await withOpenApi(await loadTarget(configFile));
    const users = target.users;
    return {
      name: target.name ?? 'target',
      shape: conformanceShape(target, derivation),
      users: users === undefined ? undefined : { user: await describedUser(users.user, 'user'), otherUser: await describedUser(users.otherUser, 'other-user') },
    };
  } catch (error) {
    // TargetError is one: a missing file, an import that throws, a description that is not a target, a
    // users' headers function that throws.
    if (error instanceof UserError) throw new ConfigRefused(error.message);
    throw error;
  }
};
