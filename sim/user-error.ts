/**
 * A mistake in what a user gave apisim (a scenario file, a target description, the app module either names, a
 * file to write or read), not a fault of apisim's. Its message says what to fix, so the commands print it
 * alone, without a stack trace, which would only point into apisim. It lives in `sim/`, the lowest layer
 * whose input a user writes, so that every kind of such mistake above it can be one.
 */
export class UserError extends Error {
  // Each kind is named after its class (`ScenarioError`, `TargetError`), as a built-in error is.
  override readonly name: string = this.constructor.name;
}
