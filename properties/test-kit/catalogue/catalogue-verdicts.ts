import { expect } from 'vitest';
import type { Judged, Verdicts } from '../principle-ways.js';
import { type FlawedApp, named, type Way } from './catalogue.js';

/** Said of a verdict in a test's message: the way, the principle, and what the way said. */
const told = (way: Way, principle: string, judged: Judged | undefined): string => `${way} on ${principle}: ${judged === undefined ? 'nothing' : `${judged.verdict}, ${judged.said}`}`;

/** A verdict that is no pass and no failure says why: what it needed, or why the principle does not apply. */
function saysWhy(way: Way, principle: string, judged: Judged): void {
  expect(judged.said.trim(), told(way, principle, judged)).not.toBe('');
}

/**
 * A flawed app as a way judged it: its principle broken (or, where the catalogue says the way cannot see the
 * flaw, not judged and saying why: never held), and no other principle broken, except the one the same flaw
 * breaks too. A way that names no check of the principle says nothing of it.
 */
export function expectFlawed(app: FlawedApp, way: Way, verdicts: Verdicts): void {
  const own = verdicts[app.principle];
  if (!named(app.principle, way)) expect(own, told(way, app.principle, own)).toBeUndefined();
  else if (app.unseen?.way === way) {
    expect(['not judged', 'not applicable'], told(way, app.principle, own)).toContain(own?.verdict);
    saysWhy(way, app.principle, own!);
  } else expect(own?.verdict, told(way, app.principle, own)).toBe('broken');
  for (const [principle, judged] of Object.entries(verdicts)) {
    if (principle === app.principle) continue;
    expect(judged.verdict, told(way, principle, judged)).not.toMatch(/^error/);
    if (principle !== app.sameFlaw?.principle) expect(judged.verdict, told(way, principle, judged)).not.toBe('broken');
  }
}

/** A correct form as a way judged it: every principle held, or did not apply, or could not be judged, saying why. */
export function expectCorrect(way: Way, verdicts: Verdicts): void {
  for (const [principle, judged] of Object.entries(verdicts)) {
    expect(['holds', 'not applicable', 'not judged'], told(way, principle, judged)).toContain(judged.verdict);
    if (judged.verdict !== 'holds') saysWhy(way, principle, judged);
  }
}
