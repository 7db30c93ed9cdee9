import type { TopLevelSpec } from 'vega-lite';
import { describe, expect, it } from 'vitest';
import { renderSvg } from './render-svg.js';

const clipped = (label: string): TopLevelSpec => ({
  data: { values: [{ label, value: 3 }] },
  mark: { type: 'bar', clip: true },
  encoding: { y: { field: 'label', type: 'nominal' }, x: { field: 'value', type: 'quantitative', scale: { domain: [0, 2] } } },
});

describe('renderSvg', () => {
  it('numbers clip paths from 1 in every chart, whatever was drawn before or at the same time', async () => {
    const first = await renderSvg(clipped('a'));
    expect(first).toContain('clip-path="url(#clip1)"');
    await Promise.all([renderSvg(clipped('b')), renderSvg(clipped('c'))]);
    expect(await renderSvg(clipped('a'))).toBe(first);
  });

  it('fails loudly on a spec Vega cannot draw', async () => {
    await expect(renderSvg({ data: { values: [] }, mark: 'no-such-mark' as 'bar' })).rejects.toThrow();
    // The queue survives a failure: the next chart still renders.
    expect(await renderSvg(clipped('a'))).toContain('<svg');
  });
});
