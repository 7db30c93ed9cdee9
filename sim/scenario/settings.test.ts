import { describe, expect, it } from 'vitest';
import { originSettingsFrom } from './settings.js';
import { parseScenario } from './spec.js';

describe('a scenario\'s modes become the origin\'s settings', () => {
  it('orderExistence: "hidden" answers 404 for someone else\'s order; left out, the spec\'s 403 (hidden, a stranger cannot tell which order ids exist)', () => {
    const steps = [{ method: 'GET', path: '/orders/121', auth: 'session:bob' }];
    const hidden = parseScenario({ name: 'x', steps, modes: { orderExistence: 'hidden' } });
    expect([originSettingsFrom(hidden).orderExistence, originSettingsFrom(parseScenario({ name: 'x', steps })).orderExistence]).toEqual(['hidden', 'revealed']);
  });
});
