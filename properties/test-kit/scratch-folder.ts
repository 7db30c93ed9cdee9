import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A folder of its own for a test's counterexample files, so that tests never write into the repository. */
export const scratchFolder = (name: string): string => mkdtempSync(join(tmpdir(), `apisim-${name}-`));
