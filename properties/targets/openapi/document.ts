import { compileErrors, dereference, validate } from '@readme/openapi-parser';
import { isAbsolute, resolve } from 'node:path';
import { TargetError } from '../define-target.js';

/** An OpenAPI 3.x or Swagger 2 document, checked against its version's schema, every `$ref` resolved (a recursive schema is a cycle of objects). */
export type OpenApiDocument = Readonly<Record<string, unknown>>;

/** Fetches a path the app serves, in-process: its body, or why there is none. */
export type ServedText = (path: string) => Promise<string>;

/**
 * Whether `openapi` names a path the app serves (`"/openapi.json"`) rather than a file. A file is written
 * relative to the config, as `app.module` is, so a leading `/` can only be a path of the app's own.
 */
export const isServedPath = (openapi: string): boolean => openapi.startsWith('/');

/**
 * Reads the description the target names (`openapi`) and resolves its references with
 * @readme/openapi-parser: a file (JSON or YAML, its relative `$ref`s to other files included), or a path
 * the app serves, fetched from the app itself (JSON, references inside the document only: nothing reaches
 * the network). A document that is not valid OpenAPI is a `TargetError` that says each problem.
 */
export async function readOpenApi(openapi: string, configFile: string, served: ServedText): Promise<OpenApiDocument> {
  const where = isServedPath(openapi) ? `${openapi} (served by the app)` : openapi;
  let input: Parameters<typeof validate>[0];
  if (isServedPath(openapi)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await served(openapi));
    } catch {
      throw new TargetError(`openapi: ${where} is not JSON (an app-served description must be; a YAML one can be named as a file)`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new TargetError(`openapi: ${where} is not a JSON object`);
    input = parsed as typeof input;
  } else {
    input = isAbsolute(openapi) ? openapi : resolve(configFile, '..', openapi);
  }
  const options = { resolve: { external: !isServedPath(openapi) }, validate: { errors: { colorize: false } } };
  try {
    // validate() and dereference() each change what they are given: each gets its own copy.
    const checked = await validate(copy(input), options);
    if (!checked.valid) throw new TargetError(`openapi: ${where} is not a valid description:\n${indent(compileErrors(checked))}`);
    return (await dereference(copy(input), options)) as unknown as OpenApiDocument;
  } catch (error) {
    if (error instanceof TargetError) throw error;
    throw new TargetError(`openapi: ${where} could not be read: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
}

const copy = <T>(input: T): T => (typeof input === 'string' ? input : structuredClone(input));

const indent = (text: string): string => text.trim().split('\n').map((line) => `  ${line}`).join('\n');
