/** A command line that cannot run, said in our words: each command prints it with its usage and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
