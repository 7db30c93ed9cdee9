import { describe, expect, it } from 'vitest';
import { cdfChart, ticks } from './cdf-chart.js';

describe('a latency CDF', () => {
  it('puts round ticks from 0 past the largest latency', () => {
    expect(ticks(1173.5)).toEqual([0, 500, 1000, 1500]);
    expect(ticks(135.48)).toEqual([0, 50, 100, 150]);
    expect(ticks(0.9)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(ticks(0)).toEqual([0]);
  });

  it('draws each series as a step curve, rising straight up at each latency, with a legend that counts the unanswered', () => {
    const svg = cdfChart({
      title: 'notes <b>', subtitle: 'every seed', yLabels: ['0%', '90%', '99%'],
      series: [
        { label: 'GET /notes/{id}', points: [{ ms: 100, y: 1 }, { ms: 500, y: 2 }], answered: 10, noAnswer: 0 },
        { label: 'POST <x>', points: [{ ms: 200, y: 2 }], answered: 3, noAnswer: 2 },
      ],
    });
    // x: 0–500 ms over 524 px from 58; y: 0–2 over 194 px from 14.
    expect([...svg.matchAll(/ d="([^"]+)"/g)].map((m) => m[1])).toEqual(['M162.8,208V111H582V14', 'M267.6,208V14']);
    expect([...svg.matchAll(/text-anchor="end">([^<]+)</g)].map((m) => m[1])).toEqual(['0%', '90%', '99%']);
    expect(svg).toContain('POST &lt;x&gt; <span class="meta">3 answered, 2 no answer</span>');
    expect(svg).toContain('GET /notes/{id} <span class="meta">10 answered</span>');
    expect(svg).toContain('<b>notes &lt;b&gt;</b>');
  });
});
