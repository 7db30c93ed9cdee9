import type { RunSettingsInput } from '../../sim/scenario/spec.js';
import type { Principle } from '../principle.js';

/**
 * The principle with its runs' settings changed, the plans and the judging left alone: to run it with
 * another client or on another line than it chooses, e.g. the naive client, which re-sends every request,
 * or the spec's unstable line, which loses every exchange's first answer.
 */
export function withSettings<Plan>(principle: Principle<Plan>, change: (settings: RunSettingsInput) => RunSettingsInput): Principle<Plan> {
  return { ...principle, settings: (plan) => change(principle.settings(plan)) };
}

/** The spec's unstable line (every exchange's first answer lost), with the naive client, which re-sends whatever it sent. */
export const unstableLineNaiveClient = (settings: RunSettingsInput): RunSettingsInput => ({
  ...settings,
  modes: { ...settings.modes, line: 'unstable', client: { ...settings.modes?.client, policy: 'naive' } },
});
