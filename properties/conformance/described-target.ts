import type { CredentialSpec } from './credential-spec.js';
import type { OpenInProcess } from './in-process.js';
import type { ServiceShape } from './service-shape.js';

/** One user as a description declares them: how they sign in, and their id where objects name their owner. */
export interface DescribedUser {
  readonly credential: CredentialSpec;
  readonly id: string | undefined;
}

/**
 * A target description as a run over sockets reads it (`--config` with `--base-url`): the shape the checks
 * read and how each user signs in, as plain data. Nothing of the app it names is loaded: the deployment at
 * the base URL is the app.
 */
export interface DescribedTarget {
  /** For the report: the target's name. */
  readonly name: string;
  readonly shape: ServiceShape;
  /** Both, or neither: a description declares its users as a pair. */
  readonly users: { readonly user: DescribedUser; readonly otherUser: DescribedUser } | undefined;
}

/** Reads a description; a file that is not one is a `ConfigRefused` with the problem and where it is. */
export type DescribeTarget = (configFile: string) => Promise<DescribedTarget>;

/**
 * What reads `--config`: the suite knows no target description and no simulator (they are
 * `properties/targets/`'s), so the entry point that has them hands them in.
 */
export interface ConfigReaders {
  /** `--config`: the app the description names, run in the simulator. */
  readonly openInProcess: OpenInProcess;
  /** `--config` with `--base-url`: the description's shape and users, for the deployment at the URL. */
  readonly describe: DescribeTarget;
}
