import { describe, expect, it } from 'vitest';
import { backoffCeilingUs, backoffWaitUs, type JitterSource } from './backoff.js';
import { checkClientSettings, defaultClientSettings } from './settings.js';

/** Answers every draw with the top of its range, and remembers the ranges asked for. */
function topOfRange(): JitterSource & { asked: [number, number][] } {
  const source = {
    asked: [] as [number, number][],
    int: (from: number, to: number) => {
      source.asked.push([from, to]);
      return to;
    },
  };
  return source;
}

describe('backoff with full jitter', () => {
  const settings = { backoffBaseUs: 100_000, backoffMaxUs: 1_000_000 };

  it('doubles the ceiling after each timed-out attempt, up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffCeilingUs(settings, attempt))).toEqual([100_000, 200_000, 400_000, 800_000, 1_000_000, 1_000_000]);
  });

  it('stays a whole number at the cap however many attempts timed out', () => {
    expect(backoffCeilingUs(settings, 100)).toBe(1_000_000);
    expect(backoffCeilingUs({ backoffBaseUs: 7, backoffMaxUs: Number.MAX_SAFE_INTEGER }, 2_000)).toBe(Number.MAX_SAFE_INTEGER); // 2^1999 is Infinity
    expect(backoffCeilingUs({ backoffBaseUs: 0, backoffMaxUs: Number.MAX_SAFE_INTEGER }, 2_000)).toBe(0); // not 0 x Infinity
  });

  it('draws uniformly from [0, ceiling], both ends included', () => {
    const jitter = topOfRange();
    expect(backoffWaitUs(settings, 3, jitter)).toBe(400_000);
    expect(jitter.asked).toEqual([[0, 400_000]]);
  });

  it('draws nothing when there is no backoff, so the stream is left for whatever comes next', () => {
    const jitter = topOfRange();
    expect(backoffWaitUs({ backoffBaseUs: 0, backoffMaxUs: 1_000_000 }, 2, jitter)).toBe(0);
    expect(backoffWaitUs({ backoffBaseUs: 100, backoffMaxUs: 0 }, 2, jitter)).toBe(0);
    expect(jitter.asked).toEqual([]);
  });
});

describe('client settings', () => {
  it('default to the safe policy, 500 ms, 3 attempts, and a re-send right at the timeout', () => {
    expect(defaultClientSettings).toEqual({ policy: 'safe', timeoutUs: 500_000, maxAttempts: 3, backoffBaseUs: 0, backoffMaxUs: 30_000_000 });
    expect(() => checkClientSettings(defaultClientSettings)).not.toThrow();
  });

  it.each([
    [{ timeoutUs: 0 }, /timeoutUs must be an integer >= 1, got 0/],
    [{ maxAttempts: 0 }, /maxAttempts must be an integer >= 1/],
    [{ backoffBaseUs: -1 }, /backoffBaseUs must be an integer >= 0/],
    [{ backoffMaxUs: 1.5 }, /backoffMaxUs must be an integer >= 0, got 1.5/],
  ])('refuses %j', (change, message) => {
    expect(() => checkClientSettings({ ...defaultClientSettings, ...change })).toThrow(message);
  });
});
