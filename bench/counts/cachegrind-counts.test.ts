import { describe, expect, it } from 'vitest';
import { countsPer, modelCycles, parseCachegrindOut } from './cachegrind-counts.js';

// The head and tail of a real `--cache-sim=yes --branch-sim=yes` output file; per-function lines left out.
const out = (summary: string): string => `# callgrind format
version: 1
creator: cachegrind-3.22.0
pid: 1174
cmd: node --single-threaded round-trips-run.js 5 hash
events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw Bc Bcm Bi Bim
fl=???
fn=0x0000000000fc5a20
0 3 1 1 0 0 0 0 0 0 0 0 0 0
summary: ${summary}
`;

describe('cachegrind counts', () => {
  const fewer = parseCachegrindOut(out('2469952130 24731957 68116 689548365 15897315 95309 342526623 4092433 849341 343084208 24375285 14200897 4900296'));

  it('reads the totals by the names the events line gives their columns', () => {
    expect(fewer).toEqual({
      Ir: 2_469_952_130, I1mr: 24_731_957, D1mr: 15_897_315, D1mw: 4_092_433, ILmr: 68_116, DLmr: 95_309, DLmw: 849_341, Bcm: 24_375_285, Bim: 4_900_296,
    });
  });

  it('refuses a file without totals, and one counted without the cache or branch simulation', () => {
    expect(() => parseCachegrindOut('events: Ir\n')).toThrow(/no events: or summary: line/);
    expect(() => parseCachegrindOut('events: Ir\nsummary: 12\n')).toThrow(/counted no I1mr/);
  });

  it('divides what more runs counted beyond fewer by the units between them, so startup cancels out', () => {
    const more = parseCachegrindOut(out('2669952130 26731957 68216 689548365 16897315 95409 342526623 4592433 849441 343084208 25375285 14200897 4910296'));
    const per = countsPer(fewer, more, 20_000);
    expect(per).toEqual({ Ir: 10_000, I1mr: 100, D1mr: 50, D1mw: 25, ILmr: 0.005, DLmr: 0.005, DLmw: 0.005, Bcm: 50, Bim: 0.5 });
    // 10,000 / 3 + 10 × 175 + 100 × 0.015 + 15 × 50.5
    expect(modelCycles(per)).toBeCloseTo(10_000 / 3 + 1_750 + 1.5 + 757.5, 6);
  });
});
