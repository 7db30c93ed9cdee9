import { fileURLToPath } from 'node:url';
import { parseTarget } from '../targets/define-target.js';
import { type OwnBehaviour, ownOriginTarget } from '../targets/own-origin-target.js';
import type { TargetInput } from '../targets/target.js';
import { PreparedTarget } from '../targets/target-session.js';

export { ownOriginTarget };

/**
 * A target ready to run, without a config file: `folder` stands where the file would be, so that an app
 * module is named relative to it (this folder, for the test-kit's apps).
 */
export function prepare(input: TargetInput, folder: URL = new URL('.', import.meta.url)): Promise<PreparedTarget> {
  const file = fileURLToPath(new URL('apisim.config.ts', folder));
  return PreparedTarget.prepare({ target: parseTarget(input, file), file });
}

/** apisim's own origin in a behaviour, its description changed by `change` (to take away what a principle needs). */
export function ownTarget(behaviour: OwnBehaviour = {}, change: (t: TargetInput) => TargetInput = (t) => t): Promise<PreparedTarget> {
  return prepare(change(ownOriginTarget(behaviour)));
}
