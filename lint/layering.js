// @ts-check
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * Which folder may import which (docs/layering.md explains each line). A folder may always import itself;
 * an entry names a folder and everything below it. A file belongs to the longest folder here that holds it,
 * so `src/graph/limits/cost.ts` is in `src/graph` and `src/origin.ts` in `src`, the composition root.
 */
/** @type {Readonly<Record<string, readonly string[]>>} */
export const layers = {
  'src/http': [],
  // What a store keeps its records in: a map in memory, or one whose changes reach a disk (server/storage/).
  'src/storage': [],
  'src/rate-limit': [],
  'src/auth': ['src/http', 'src/storage'],
  'src/policy': ['src/http', 'src/auth', 'src/storage'],
  'src/idempotency': ['src/http', 'src/storage'],
  'src/cache': ['src/http'],
  'src/client': ['src/http'],
  'src/orders': ['src/http', 'src/policy', 'src/storage'],
  'src/notes': ['src/http', 'src/policy', 'src/storage'],
  'src/posts': ['src/http', 'src/policy', 'src/storage'],
  // A user's posts are a real domain edge; the reverse is not.
  'src/users': ['src/http', 'src/policy', 'src/posts', 'src/storage'],
  'src/graph': ['src/http', 'src/auth', 'src/policy', 'src/rate-limit', 'src/users', 'src/posts'],
  'src/pipeline': ['src/http', 'src/auth', 'src/policy', 'src/rate-limit', 'src/idempotency'],
  src: ['src'],
  sim: ['src'],
  // What runs code apisim did not write as the simulated origin: it lends that code the simulator's clock.
  host: ['src', 'sim'],
  // `npm run sim`: the entry point, above both, since a scenario file may name an app for host/ to run.
  cli: ['src', 'sim', 'host', 'conformance', 'target', 'principles', 'sweep'],
  server: ['src'],
  conformance: [],
  // A user's service as a target: its description, its runs in the simulator, and the principles aimed at it.
  target: ['src', 'sim', 'host', 'conformance'],
  // The principles, each written once, aimed at any target; and the vitest helper that registers them.
  principles: ['src', 'sim', 'host', 'conformance', 'target', 'testing'],
  testing: ['src'],
  // Seed sweeps: every seed of a scenario or a principle, on worker threads, and their reports.
  sweep: ['src', 'sim', 'host', 'target', 'principles'],
  properties: ['src', 'sim', 'conformance', 'testing'],
  bench: ['src', 'sim', 'host', 'target', 'properties', 'testing', 'sweep'],
  agreement: ['src', 'sim', 'server', 'testing'],
  examples: [],
  lint: [],
  // The public API (`from 'apisim'`): it re-exports, and is what examples/ may import.
  api: ['src', 'sim', 'host', 'target', 'principles'],
};

/**
 * Tests and test kits (`*.test.ts`, a `test-kit/` folder, `test-kit.ts`, `testing-kit.ts`) are judged by their
 * top folder alone: a test may build what it needs from anywhere its top folder reaches, plus `testing/`.
 */
/** @type {Readonly<Record<string, readonly string[]>>} */
export const testLayers = {
  src: ['src', 'testing'],
  sim: ['src', 'sim', 'testing'],
  host: ['src', 'sim', 'host', 'testing'],
  cli: ['src', 'sim', 'host', 'cli', 'testing'],
  server: ['src', 'server', 'testing'],
  // Conformance judges a target from outside; its own tests boot one.
  conformance: ['conformance', 'src', 'server', 'testing'],
  target: ['src', 'sim', 'host', 'conformance', 'target', 'testing'],
  principles: ['src', 'sim', 'host', 'conformance', 'target', 'principles', 'testing'],
  testing: ['src', 'testing'],
  sweep: ['src', 'sim', 'host', 'target', 'principles', 'sweep', 'testing'],
  properties: ['src', 'sim', 'properties', 'conformance', 'testing'],
  bench: ['src', 'sim', 'host', 'target', 'properties', 'bench', 'testing', 'sweep'],
  agreement: ['src', 'sim', 'server', 'agreement', 'testing'],
  examples: ['examples', 'testing'],
  lint: ['lint', 'testing'],
  api: ['src', 'sim', 'host', 'api', 'testing'],
};

const testFile = /(\.test\.ts$|(^|\/)test-kit\/|(^|\/)(test|testing)-kit\.ts$)/;

/**
 * The folder of `layers` a project path belongs to, or undefined when none holds it. A folder whose
 * subfolders have lines of their own (`src`) holds only its own files: a new subfolder needs its own line.
 * @param {string} path
 * @returns {string | undefined}
 */
export function layerOf(path) {
  /** @type {string | undefined} */
  let best;
  for (const folder of Object.keys(layers)) {
    if (path.startsWith(`${folder}/`) && (best === undefined || folder.length > best.length)) best = folder;
  }
  if (best === undefined) return undefined;
  const inSubfolder = path.slice(best.length + 1).includes('/');
  return inSubfolder && Object.keys(layers).some((folder) => folder.startsWith(`${best}/`)) ? undefined : best;
}

/** @type {(allowed: readonly string[], target: string) => boolean} */
const covers = (allowed, target) => allowed.some((folder) => target === folder || target.startsWith(`${folder}/`));

/** @type {import('eslint').Rule.RuleModule} */
export const layeringRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layering in docs/layering.md' },
    messages: {
      against: '{{from}}/ may not import {{to}}/ ({{path}}). The layering, and why: docs/layering.md.',
      unplaced: '{{path}} is in no folder of the layering table (lint/layering.js): add its folder there and to docs/layering.md.',
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = relative(root, context.filename).split(sep).join('/');
    if (file.startsWith('..') || !file.includes('/')) return {};
    const isTest = testFile.test(file);
    const from = layerOf(file) === undefined ? undefined : isTest ? file.slice(0, file.indexOf('/')) : layerOf(file);
    const allowed = from === undefined ? undefined : isTest ? testLayers[from] : [from, ...(layers[from] ?? [])];
    /** @type {(node: import('estree').Node, specifier: unknown) => void} */
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      if (allowed === undefined) {
        context.report({ node, messageId: 'unplaced', data: { path: file } });
        return;
      }
      const target = relative(root, resolve(dirname(context.filename), specifier)).split(sep).join('/');
      if (target.startsWith('..')) return;
      if (!covers(allowed, target)) {
        const to = isTest ? target.slice(0, target.indexOf('/')) : (layerOf(target) ?? target);
        context.report({ node, messageId: 'against', data: { from: from ?? file, to, path: target } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export const layeringPlugin = { rules: { layering: layeringRule } };
