import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import strykerVitestConfig from '../../stryker.vitest.config.js';
import vitestConfig from '../../vitest.config.js';
import vitestSystemConfig from '../../vitest.system.config.js';
import { layerOf, layeringPlugin, layers, shipped, testLayers, topFolders } from './layering.js';

const root = join(import.meta.dirname, '../..');

/** What the rule says of `code` placed at `file` (a project path): each message's text. */
function lint(file: string, code: string): string[] {
  const config: Linter.Config[] = [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { apisim: layeringPlugin }, rules: { 'apisim/layering': 'error' } }];
  return new Linter({ cwd: root }).verify(code, config, { filename: join(root, file) }).map((m) => m.message);
}

describe('the layering lint rule', () => {
  it.each([
    ['src/http/message.ts'], ['src/graph/endpoint.ts'], ['src/origin.ts'], ['sim/link.ts'], ['properties/runner.ts'], ['properties/conformance/wire.ts'], ['src/origin.test.ts'], ['sim/host/adapters/fetch-origin.ts'],
  ])('is configured for %s', async (file) => {
    const config = (await new ESLint({ cwd: root }).calculateConfigForFile(file)) as Linter.Config;
    expect(config.rules?.['apisim/layering']).toBeDefined();
  });

  it.each([
    ['src/http/x.ts', "import type { Subject } from '../auth/subject.js';", 'src/http/ may not import src/auth/'],
    ['src/posts/x.ts', "import { UsersStore } from '../users/store.js';", 'src/posts/ may not import src/users/'],
    ['src/cache/x.ts', "import { Guard } from '../policy/guard.js';", 'src/cache/ may not import src/policy/'],
    ['src/graph/limits/x.ts', "import { createOrigin } from '../../origin.js';", 'src/graph/ may not import src/'],
    ['src/x.ts', "import { Simulation } from '../sim/simulation.js';", 'src/ may not import sim/'],
    ['sim/nodes/x.ts', "import { runPrinciple } from '../../properties/runner.js';", 'sim/ may not import properties/'],
    ['server/x.ts', "export { runScenario } from '../sim/scenario/run.js';", 'server/ may not import sim/'],
    ['properties/conformance/checks/x.ts', "import type { ObjectShape } from '../../white-box/graph-query-print.js';", 'properties/conformance/ may not import properties/white-box/'],
    ['properties/conformance/x.ts', "const m = await import('../../src/origin.js');", 'properties/conformance/ may not import src/'],
    ['src/graph/x.test.ts', "import { replayable } from '../../properties/white-box/replay.js';", 'src/ may not import properties/white-box/'],
    // sim/host/ is inside sim/ and above it: a line of its own walls it off from the rest of sim/.
    ['sim/scenario/x.ts', "import { World } from '../host/world/world.js';", 'sim/ may not import sim/host/'],
    ['sim/host/world/x.ts', "import { runPrinciple } from '../../../properties/runner.js';", 'sim/host/ may not import properties/'],
    ['src/x.ts', "import { fetchOrigin } from '../sim/host/adapters/fetch-origin.js';", 'src/ may not import sim/host/'],
    ['sim/host/adapters/x.ts', "import { listen } from '../../../server/listening-server.js';", 'sim/host/ may not import server/'],
    ['properties/x.ts', "import { runSweep } from './sweep/sweep.js';", 'properties/ may not import properties/sweep/'],
    // The three ways past a rule that reads only relative string paths.
    ['src/http/problem.ts', "import { runScenario } from 'apisim';", 'src/http/ may not import api/'],
    ['src/x.ts', "import { principles } from 'apisim/vitest';", 'src/ may not import api/'],
    ['src/http/message.ts', "export type Probe = import('../../sim/host/world/world.js').World;", 'src/http/ may not import sim/host/'],
  ])('refuses %s importing %s', (file, code, message) => {
    const messages = lint(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(message);
    expect(messages[0]).toContain('docs/layering.md');
  });

  it('refuses a computed import path, which no table can judge', () => {
    const name = 'origin';
    expect(name).toBe('origin');
    expect(lint('properties/conformance/wire.ts', 'const m = await import(`../../src/${name}.js`);')).toEqual([
      'An import whose path is computed escapes the layering: name the module, or say why in a disable comment (docs/layering.md).',
    ]);
    expect(lint('sim/x.ts', 'const m = await import(name);')).toHaveLength(1);
    // A template with nothing computed in it is a plain path, judged as one.
    expect(lint('src/x.ts', 'const m = await import(`../sim/simulation.js`);')[0]).toContain('src/ may not import sim/');
  });

  it.each([
    ['src/users/x.ts', "import type { PostsStore } from '../posts/store.js';"],
    ['src/graph/x.ts', "import { Guard } from '../policy/guard.js'; import { json } from './x.js';"],
    ['src/x.ts', "import { handleOrders } from './orders/routes.js';"],
    ['bench/harness/x.ts', "import { exactlyOnce } from '../../properties/exactly-once.js';"],
    ['properties/white-box/x.ts', "import { shapeProblems } from '../conformance/graph-shape.js';"],
    ['src/graph/limits/x.test.ts', "import { runCount } from '../../../test/support/run-count.js'; import { TestOrigin } from '../../testing-kit.js';"],
    ['properties/conformance/suite.test.ts', "import { startOriginServer } from '../../server/origin-server.js';"],
    ['sim/host/adapters/x.ts', "import { problem } from '../../../src/http/problem.js'; import type { OriginProcess } from '../../nodes/origin-process.js';"],
    ['sim/host/adapters/x.test.ts', "import { Topology } from '../../topology.js'; import { runCount } from '../../../test/support/run-count.js';"],
    ['bench/harness/x.ts', "import { fetchOrigin } from '../../sim/host/adapters/fetch-origin.js';"],
    ['test/agreement/x.ts', "import { startOriginServer } from '../../server/origin-server.js'; import { runScenario } from '../../sim/scenario/run.js';"],
    ['src/http/x.ts', "import { parse } from 'graphql'; import { Buffer } from 'node:buffer';"],
    ['sim/host/world/x.ts', "import { Simulation } from '../../simulation.js'; import { response } from '../../../src/http/message.js';"],
    ['properties/sweep/x.ts', "import { runPrinciple } from '../runner.js';"],
    ['examples/hono-notes/x.ts', "import { runScenario } from 'apisim'; import { principles } from 'apisim/vitest';"],
    ['sim/host/x.ts', "export type Probe = import('../scenario/spec.js').ScenarioSpec;"],
  ])('lets %s import %s', (file, code) => {
    expect(lint(file, code)).toEqual([]);
  });

  it('names a folder the table does not know, so a new folder cannot slip past it', () => {
    expect(lint('src/newthing/x.ts', "import { response } from '../http/message.js';")).toEqual([
      'src/newthing/x.ts is in no folder of the layering table (tools/lint/layering.js): add its folder there and to docs/layering.md.',
    ]);
  });

  it('places every source folder of the project', () => {
    const skipped = new Set(['node_modules', 'reports', 'docs', 'coverage', '.git', '.ci', '.stryker-tmp', 'dist']);
    const unplaced: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
        if (entry.isDirectory() && !skipped.has(entry.name)) walk(path);
        else if (entry.isFile() && /\.(ts|js)$/.test(path) && path.includes('/') && layerOf(path) === undefined) unplaced.push(path);
      }
    };
    walk('');
    expect(unplaced).toEqual([]);
    for (const folder of Object.keys(testLayers)) expect(topFolders, folder).toContain(folder.split('/')[0]);
  });
});

/** A config file's JSON, comments allowed (tsconfig files have them). */
function jsonc(file: string): { include: string[]; exclude?: string[] } {
  return JSON.parse(readFileSync(join(root, file), 'utf8').replace(/^\s*\/\/.*$/gm, '')) as { include: string[]; exclude?: string[] };
}

describe('the layering table, the one list of folders', () => {
  it('is what tsconfig.json type-checks, every top folder that holds code (examples/ in a program of its own)', () => {
    expect(jsonc('tsconfig.json').include.filter((entry) => !entry.includes('.')).sort()).toEqual(topFolders.filter((f) => f !== 'examples').sort());
    expect(jsonc('examples/tsconfig.json').include).toEqual(['.']);
  });

  it('is what the package ships: tsconfig.build.json compiles the shipped layers and nothing else', () => {
    const build = jsonc('tsconfig.build.json');
    const compiled = (layer: string) => build.include.some((f) => layer === f || layer.startsWith(`${f}/`)) && !(build.exclude ?? []).some((f) => layer === f || layer.startsWith(`${f}/`));
    expect(Object.keys(layers).filter(compiled).sort()).toEqual([...shipped].sort());
  });

  it('is what vitest runs: every test file, wherever its folder', () => {
    expect(vitestConfig.test?.include).toEqual(['**/*.test.ts']);
  });

  it('runs every test file in exactly one of `npm test` and `npm run test:system`', () => {
    const runs = (config: typeof vitestConfig, file: string) =>
      (config.test?.include ?? []).some((glob) => globMatches(glob, file)) && !(config.test?.exclude ?? []).some((glob) => globMatches(glob, file));
    const testFiles: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
        if (entry.isDirectory() && !['node_modules', '.git'].includes(entry.name)) walk(path);
        else if (entry.isFile() && path.endsWith('.test.ts')) testFiles.push(path);
      }
    };
    walk('');
    const projectTests = testFiles.filter((file) => !file.startsWith('dist/') && !file.startsWith('.stryker-tmp/'));
    expect(projectTests.length).toBeGreaterThan(100);
    expect(projectTests.filter((file) => Number(runs(vitestConfig, file)) + Number(runs(vitestSystemConfig, file)) !== 1)).toEqual([]);
    expect(projectTests.filter((file) => runs(vitestSystemConfig, file))).toEqual(projectTests.filter((file) => file.endsWith('.system.test.ts')));
    // A globbed file in dist/ or .stryker-tmp/ (a build, a mutation run) is neither's.
    for (const file of ['dist/src/origin.test.ts', '.stryker-tmp/sandbox/src/origin.test.ts', 'node_modules/x/a.system.test.ts']) {
      expect([runs(vitestConfig, file), runs(vitestSystemConfig, file)], file).toEqual([false, false]);
    }
  });

  it('is what docs/layering.md explains, line for line', () => {
    const doc = readFileSync(join(root, 'docs/layering.md'), 'utf8');
    expect(Object.keys(layers).filter((layer) => !doc.includes(`\`${layer}\``) && !doc.includes(`\`${layer}/\``))).toEqual([]);
  });

  it('is where the mutation run looks: every folder Stryker mutates or tests is a layer of the table', () => {
    const stryker = JSON.parse(readFileSync(join(root, 'stryker.config.json'), 'utf8')) as { mutate: string[] };
    const folders = [...stryker.mutate.map((glob) => glob.replace(/^!/, '')), ...(strykerVitestConfig.test?.include ?? [])]
      .map((glob) => glob.slice(0, glob.search(/\/[^/]*\*|\/[^/]+\.ts$/)));
    expect(folders.filter((folder) => !(folder in layers) && layerOf(`${folder}/x.ts`) === undefined)).toEqual([]);
    expect(folders.length).toBeGreaterThan(5);
  });
});

/** Whether a vitest glob (`**`, `*` and plain names only, as the configs use) matches a project path. */
function globMatches(glob: string, path: string): boolean {
  const parts = glob.split('/');
  const source = parts
    .map((part, i) => {
      const last = i === parts.length - 1;
      if (part === '**') return last ? '.*' : '(?:.*/)?';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*') + (last ? '' : '/');
    })
    .join('');
  return new RegExp(`^${source}$`).test(path);
}
