import { UserError } from '../../user-error.js';

/**
 * The app a scenario file names cannot be used: its module is missing or throws, its export is missing or
 * not an app, its factory throws or builds something else. The message says which, precisely; the CLI prints
 * it without a stack trace, since the stack would be apisim's and the fix is in the user's module.
 */
export class AppModuleError extends UserError {}

/** An error's first line, with its name (`TypeError: x is not a function`), for a message of our own. */
export function firstLine(error: unknown): string {
  if (!(error instanceof Error)) return `${typeof error === 'string' ? JSON.stringify(error) : String(error)} (thrown, not an Error)`;
  const lines = error.message.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  // esbuild (under tsx) opens with "Transform failed with 1 error:"; the line after it is the one that helps.
  const shown = lines[0]?.endsWith(':') === true && lines[1] !== undefined ? `${lines[0]} ${lines[1]}` : (lines[0] ?? '');
  return shown === '' ? error.name : `${error.name}: ${shown}`;
}
