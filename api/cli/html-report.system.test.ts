import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'apisim-html-report-'));

/** An apisim command as a user runs it, through tsx; its exit code. */
async function apisim(script: string, ...args: string[]): Promise<number> {
  try {
    await exec(process.execPath, ['--conditions=apisim-source', '--import', 'tsx', script, ...args], { maxBuffer: 64 * 1024 * 1024 });
    return 0;
  } catch (error) {
    return (error as { code: number }).code;
  }
}

/**
 * Debian's Chromium, headless. As root (a CI container) it will not start inside its sandbox, and the page
 * it opens is one we wrote, so the sandbox is left off.
 */
async function chromium(...args: string[]): Promise<string> {
  const { stdout } = await exec('chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', ...args], { timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** The page as Chromium built it, and a 1280×800 screenshot of it. */
async function open(file: string): Promise<{ readonly dom: string; readonly png: Png }> {
  const url = pathToFileURL(file).href;
  const dom = await chromium('--dump-dom', url);
  const shot = `${file}.png`;
  await chromium(`--screenshot=${shot}`, '--window-size=1280,800', url);
  return { dom, png: readPng(readFileSync(shot)) };
}

interface Png {
  readonly width: number;
  readonly height: number;
  /** RGB of each pixel, row by row. */
  readonly rgb: Uint8Array;
}

/** An 8-bit RGB or RGBA, non-interlaced PNG, as Chromium writes its screenshots, decoded to RGB. */
function readPng(bytes: Buffer): Png {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      [width, height] = [body.readUInt32BE(0), body.readUInt32BE(4)];
      expect([body[8], body[12]]).toEqual([8, 0]);
      channels = { 2: 3, 6: 4 }[body[9]!]!;
    }
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const left = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels]! : 0;
      const p = left + up - upLeft;
      const paeth = Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft) ? left : Math.abs(p - up) <= Math.abs(p - upLeft) ? up : upLeft;
      const predicted = [0, left, up, (left + up) >> 1, paeth][filter]!;
      pixels[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) rgb.set(pixels.subarray(i * channels, i * channels + 3), i * 3);
  return { width, height, rgb };
}

/** How many pixels are within a small distance of a colour: the report's verdict colours, where it rendered. */
function pixelsNear(png: Png, hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  let count = 0;
  for (let i = 0; i < png.rgb.length; i += 3) if (Math.abs(png.rgb[i]! - r!) + Math.abs(png.rgb[i + 1]! - g!) + Math.abs(png.rgb[i + 2]! - b!) < 24) count++;
  return count;
}

/** Distinct colours in the picture: a blank or unstyled page has a handful. */
function colours(png: Png): number {
  const seen = new Set<number>();
  for (let i = 0; i < png.rgb.length; i += 3) seen.add((png.rgb[i]! << 16) | (png.rgb[i + 1]! << 8) | png.rgb[i + 2]!);
  return seen.size;
}

/**
 * Chromium's version, or a failure that says how to install it. CI installs it when it is missing (.ci/run);
 * on a machine without it each test fails, loudly, rather than being skipped.
 */
let installed: Promise<string> | undefined;
const chromiumInstalled = () =>
  (installed ??= chromium('--version').catch((error: unknown) => {
    throw new Error(`these tests open the report in Debian's Chromium, which is not installed here (apt-get install -y --no-install-recommends chromium): ${error instanceof Error ? error.message : String(error)}`);
  }));

describe('the HTML report in a browser', () => {
  it('renders a failing conformance run in the simulator: the verdicts, and the failure hop by hop with the lost answer', async () => {
    await chromiumInstalled();
    const file = join(scratch, 'conformance.html');
    expect(await apisim('api/cli/apisim.ts', 'conformance', '--config', 'examples/hono-notes/apisim-flawed.config.ts', '--line', 'unstable', '--html', file)).toBe(1);
    const { dom, png } = await open(file);
    expect(dom).toContain('<h3>notes/post-idempotency-key-once</h3>');
    expect(dom).toContain('<a href="#check-notes-post-idempotency-key-once">notes/post-idempotency-key-once</a>');
    const failure = dom.slice(dom.indexOf('id="check-notes-post-idempotency-key-once"'));
    // The check's five requests, each through the line and the cache to the app and back; the unstable line loses answers.
    expect(failure.match(/<g class="arrow (req|ok|redirect|client-error|server-error)">/g)!.length).toBeGreaterThanOrEqual(20);
    expect(failure.match(/<g class="arrow lost">/g)!.length).toBeGreaterThanOrEqual(1);
    expect(failure).toContain('<rect class="node app"');
    expect(failure).toContain('npx apisim conformance --config examples/hono-notes/apisim-flawed.config.ts --only notes/post-idempotency-key-once --seed 1 --line unstable');
    expect([png.width, png.height]).toEqual([1280, 800]);
    expect(colours(png)).toBeGreaterThan(200);
    // The FAIL and pass pills, in their colours: the styles applied.
    expect(pixelsNear(png, '#cf222e')).toBeGreaterThan(300);
    expect(pixelsNear(png, '#1a7f37')).toBeGreaterThan(300);
  });

  it('renders a sweep with failing seeds: the latency CDF and the shrunk counterexamples drawn, each with its replay command', async () => {
    await chromiumInstalled();
    const file = join(scratch, 'sweep.html');
    expect(await apisim('api/cli/sweep.ts', 'notes-lossy-mixed', '--seeds', '1-45', '--workers', '1', '--out', join(scratch, 'sweep'), '--html', file)).toBe(1);
    const { dom, png } = await open(file);
    expect(dom).toContain('<figure class="chart">');
    expect(dom.match(/<path class="curve"/g)).toHaveLength(4);
    const replays = [...dom.matchAll(/<code>(npm run sim -- --file \S+ --seed \d+)<\/code>/g)].map((m) => m[1]);
    expect(replays.length).toBeGreaterThan(0);
    expect(dom.match(/<div class="seq"/g)).toHaveLength(replays.length);
    expect([png.width, png.height]).toEqual([1280, 800]);
    expect(colours(png)).toBeGreaterThan(200);
    expect(pixelsNear(png, '#cf222e')).toBeGreaterThan(300);
  });
});
