// @ts-check
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * The spec's service, one line per folder of `src/` (docs/layering.md explains each line). `src/` itself holds
 * only the composition root; a new subfolder of `src/` needs its own line here, or the rule refuses its files.
 * @type {Readonly<Record<string, readonly string[]>>}
 */
const serviceLayers = {
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
};

/** Every layer of the service, the composition root included: what the folders above it may use. */
const service = ['src', ...Object.keys(serviceLayers)];

/**
 * Which layer may import which. A layer is a folder and everything below it, except the folders below it that
 * have a line of their own: those are layers of their own, and a line names each it may use. A file belongs to
 * the longest folder here that holds it, so `src/graph/limits/cost.ts` is in `src/graph`, `sim/host/world/world.ts`
 * in `sim/host` and `sim/scenario/run.ts` in `sim`. A layer may always import itself.
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const layers = {
  ...serviceLayers,
  src: service,
  sim: [...service, 'sim/command-line'],
  // How every command reads its words, and the "did you mean" a scenario name shares: a leaf that any entry point may use.
  'sim/command-line': [],
  // What runs code apisim did not write as the simulated origin: it lends that code the simulator's clock.
  'sim/host': [...service, 'sim'],
  // The principles, each written once against any target (apisim's own origin is one), their runner and the
  // vitest helper that registers them; a shrunk run is drawn for the HTML report as the timeline draws a run.
  properties: [...service, 'sim', 'sim/host', 'properties/conformance', 'properties/targets', 'test/support', 'api/cli/render', 'api/cli/render/html'],
  // A user's service as a target: its description, its runs in the simulator (each exchange drawn for `--html`).
  'properties/targets': [...service, 'sim', 'sim/host', 'properties/conformance', 'api/cli/render'],
  // Seed sweeps: every seed of a scenario or a principle, on worker threads, and their reports.
  'properties/sweep': [...service, 'sim', 'sim/host', 'properties/targets', 'properties', 'api/cli/render', 'api/cli/render/html'],
  // The principles as fixed plans over HTTP against a deployment: it imports nothing of ours but how a
  // command line is read, and the HTML report's page, which knows nothing of apisim either.
  'properties/conformance': ['sim/command-line', 'api/cli/render/html'],
  // Checks that look inside apisim's own origin (fuzzers, counters, differential tests): not principles.
  'properties/white-box': [...service, 'sim', 'properties/conformance', 'test/support'],
  // The public API (`from 'apisim'`, `from 'apisim/vitest'`): it re-exports, and is what examples/ may import.
  api: [...service, 'sim', 'sim/host', 'properties/targets', 'properties', 'api/cli/render'],
  // The `apisim` command: above everything it runs.
  'api/cli': [...service, 'sim', 'sim/host', 'properties/conformance', 'properties/targets', 'properties', 'properties/sweep', 'api/cli/render', 'sim/command-line'],
  // What a run looks like to a person: tables, timelines, a Perfetto file, a run as a sequence diagram.
  'api/cli/render': [...service, 'sim', 'sim/command-line', 'api/cli/render/html'],
  // The HTML report: a page drawn from plain data, a leaf that anyone who reports may use.
  'api/cli/render/html': [],
  // `npm start`: the service on real sockets.
  server: [...service, 'sim/command-line'],
  bench: [...service, 'sim', 'sim/host', 'properties/targets', 'properties', 'properties/sweep', 'test/support', 'sim/command-line'],
  'test/support': service,
  'test/agreement': [...service, 'sim', 'server', 'test/support'],
  'tools/lint': [],
  'tools/mutation': ['bench'],
  // An app written the way its users write it, and apisim only as they install it.
  examples: ['api'],
};

/**
 * The layers the package ships (`tsconfig.build.json`): the rest is evidence, tooling and examples.
 * @type {readonly string[]}
 */
export const shipped = [...service, 'sim', 'sim/host', 'properties', 'properties/targets', 'properties/sweep', 'properties/conformance', 'api', 'api/cli', 'api/cli/render', 'api/cli/render/html', 'sim/command-line'];

/** The top-level folders that hold code: `tsconfig.json` lists exactly these. */
export const topFolders = [...new Set(Object.keys(layers).map((layer) => layer.split('/')[0]))];

/**
 * Tests and test kits (`*.test.ts`, a `test-kit/` folder, `test-kit.ts`, `testing-kit.ts`) are judged by the
 * longest folder here that holds them, and may import anything below a folder their line names (plus
 * `test/support/`): a test builds what it needs from anywhere its code reaches.
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const testLayers = {
  src: ['src'],
  // A run's rendering is how sim tests compare runs.
  sim: ['src', 'sim', 'api/cli/render'],
  // The Express stand-ins build on the Express example's app, so that each differs from it only in its flaw.
  properties: ['src', 'sim', 'properties', 'api/cli', 'examples'],
  // Conformance judges a target from outside; its own tests boot one, and read its HTML report back.
  'properties/conformance': ['properties/conformance', 'src', 'server', 'sim/command-line', 'api/cli/render/html'],
  api: ['src', 'sim', 'properties', 'api'],
  server: ['src', 'server', 'sim/command-line'],
  bench: ['src', 'sim', 'properties', 'bench', 'sim/command-line'],
  test: ['src', 'sim', 'server', 'test'],
  tools: ['tools', 'bench'],
  examples: ['examples', 'api'],
};

/** What `import … from 'apisim'` names inside this repository (package.json's "exports"). */
const selfNames = { apisim: 'api/index.ts', 'apisim/vitest': 'api/vitest.ts' };

const testFile = /(\.test\.ts$|(^|\/)test-kit\/|(^|\/)(test|testing)-kit\.ts$)/;

/** @type {(table: Readonly<Record<string, readonly string[]>>, path: string) => string | undefined} */
const longestHolding = (table, path) => {
  /** @type {string | undefined} */
  let best;
  for (const folder of Object.keys(table)) {
    if (path.startsWith(`${folder}/`) && (best === undefined || folder.length > best.length)) best = folder;
  }
  return best;
};

/**
 * The layer a project path belongs to, or undefined when none holds it. `src/` holds only its own files:
 * a subfolder of it with no line of its own is in no layer.
 * @param {string} path
 * @returns {string | undefined}
 */
export function layerOf(path) {
  const best = longestHolding(layers, path);
  return best === 'src' && path.slice('src/'.length).includes('/') ? undefined : best;
}

/** @type {(allowed: readonly string[], target: string) => boolean} */
const coversLayer = (allowed, target) => {
  const layer = layerOf(target);
  return layer === undefined || allowed.includes(layer);
};

/** @type {(allowed: readonly string[], target: string) => boolean} */
const coversBelow = (allowed, target) => allowed.some((folder) => target === folder || target.startsWith(`${folder}/`));

/** @type {import('eslint').Rule.RuleModule} */
export const layeringRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layering in docs/layering.md' },
    messages: {
      against: '{{from}}/ may not import {{to}}/ ({{path}}). The layering, and why: docs/layering.md.',
      unplaced: '{{path}} is in no folder of the layering table (tools/lint/layering.js): add its folder there and to docs/layering.md.',
      computed: 'An import whose path is computed escapes the layering: name the module, or say why in a disable comment (docs/layering.md).',
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = relative(root, context.filename).split(sep).join('/');
    if (file.startsWith('..') || !file.includes('/')) return {};
    const isTest = testFile.test(file);
    const from = layerOf(file) === undefined ? undefined : isTest ? longestHolding(testLayers, file) : layerOf(file);
    const allowed = from === undefined ? undefined : isTest ? [...(testLayers[from] ?? []), 'test/support'] : [from, ...(layers[from] ?? [])];
    /** @type {(node: import('estree').Node, specifier: unknown) => void} */
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const own = Object.hasOwn(selfNames, specifier) ? selfNames[/** @type {keyof typeof selfNames} */ (specifier)] : undefined;
      if (own === undefined && !specifier.startsWith('.')) return; // a package of someone else's
      if (allowed === undefined) {
        context.report({ node, messageId: 'unplaced', data: { path: file } });
        return;
      }
      const target = own ?? relative(root, resolve(dirname(context.filename), specifier)).split(sep).join('/');
      if (target.startsWith('..') || !target.includes('/')) return;
      if (!(isTest ? coversBelow(allowed, target) : coversLayer(allowed, target))) {
        const to = isTest ? (longestHolding(layers, target) ?? target) : (layerOf(target) ?? target);
        context.report({ node, messageId: 'against', data: { from: from ?? file, to, path: target } });
      }
    };
    /** @type {(node: import('estree').Node, source: import('estree').Expression) => void} */
    const checkExpression = (node, source) => {
      if (source.type === 'Literal') check(node, source.value);
      else if (source.type === 'TemplateLiteral' && source.expressions.length === 0) check(node, source.quasis[0]?.value.cooked);
      else context.report({ node, messageId: 'computed' });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => checkExpression(node, node.source),
      // `type X = import('../sim/x.js').X` reaches as far as an import declaration does.
      /** @type {(node: any) => void} */
      TSImportType: (node) => check(node, node.argument?.literal?.value ?? node.source?.value),
    };
  },
};

export const layeringPlugin = { rules: { layering: layeringRule } };
