import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { layerOf, layeringPlugin, layers, testLayers } from './layering.js';

const root = join(import.meta.dirname, '..');

/** What the rule says of `code` placed at `file` (a project path): each message's text. */
function lint(file: string, code: string): string[] {
  const config: Linter.Config[] = [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { apisim: layeringPlugin }, rules: { 'apisim/layering': 'error' } }];
  return new Linter({ cwd: root }).verify(code, config, { filename: join(root, file) }).map((m) => m.message);
}

describe('the layering lint rule', () => {
  it.each([
    ['src/http/message.ts'], ['src/graph/endpoint.ts'], ['src/origin.ts'], ['sim/link.ts'], ['properties/replay.ts'], ['conformance/wire.ts'], ['src/origin.test.ts'], ['host/adapters/fetch-origin.ts'],
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
    ['sim/nodes/x.ts', "import { replayable } from '../../properties/replay.js';", 'sim/ may not import properties/'],
    ['server/x.ts', "export { runScenario } from '../sim/scenario/run.js';", 'server/ may not import sim/'],
    ['conformance/checks/x.ts', "import type { ObjectShape } from '../../properties/graph-query-print.js';", 'conformance/ may not import properties/'],
    ['conformance/x.ts', "const m = await import('../src/origin.js');", 'conformance/ may not import src/'],
    ['src/graph/x.test.ts', "import { replayable } from '../../properties/replay.js';", 'src/ may not import properties/'],
    ['sim/scenario/x.ts', "import { World } from '../../host/world/world.js';", 'sim/ may not import host/'],
    ['host/world/x.ts', "import { replayable } from '../../properties/replay.js';", 'host/ may not import properties/'],
    ['src/x.ts', "import { fetchOrigin } from '../host/adapters/fetch-origin.js';", 'src/ may not import host/'],
    ['host/adapters/x.ts', "import { listen } from '../../server/listening-server.js';", 'host/ may not import server/'],
  ])('refuses %s importing %s', (file, code, message) => {
    const messages = lint(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(message);
    expect(messages[0]).toContain('docs/layering.md');
  });

  it.each([
    ['src/users/x.ts', "import type { PostsStore } from '../posts/store.js';"],
    ['src/graph/x.ts', "import { Guard } from '../policy/guard.js'; import { json } from './x.js';"],
    ['src/x.ts', "import { handleOrders } from './orders/routes.js';"],
    ['bench/harness/x.ts', "import { exactlyOnce } from '../../properties/exactly-once.js';"],
    ['properties/x.ts', "import { shapeProblems } from '../conformance/graph-shape.js';"],
    ['src/graph/limits/x.test.ts', "import { runCount } from '../../../testing/run-count.js'; import { TestOrigin } from '../../testing-kit.js';"],
    ['conformance/suite.test.ts', "import { startOriginServer } from '../server/origin-server.js';"],
    ['host/adapters/x.ts', "import { problem } from '../../src/http/problem.js'; import type { OriginProcess } from '../../sim/nodes/origin-process.js';"],
    ['host/adapters/x.test.ts', "import { Topology } from '../../sim/topology.js'; import { runCount } from '../../testing/run-count.js';"],
    ['bench/harness/x.ts', "import { fetchOrigin } from '../../host/adapters/fetch-origin.js';"],
    ['agreement/x.ts', "import { startOriginServer } from '../server/origin-server.js'; import { runScenario } from '../sim/scenario/run.js';"],
    ['src/http/x.ts', "import { parse } from 'graphql'; import { Buffer } from 'node:buffer';"],
    ['host/world/x.ts', "import { Simulation } from '../../sim/simulation.js'; import { response } from '../../src/http/message.js';"],
  ])('lets %s import %s', (file, code) => {
    expect(lint(file, code)).toEqual([]);
  });

  it('names a folder the table does not know, so a new folder cannot slip past it', () => {
    expect(lint('src/newthing/x.ts', "import { response } from '../http/message.js';")).toEqual([
      'src/newthing/x.ts is in no folder of the layering table (lint/layering.js): add its folder there and to docs/layering.md.',
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
    expect(Object.keys(testLayers).every((top) => top in layers)).toBe(true);
  });
});
