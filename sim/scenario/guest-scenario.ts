import { ScenarioError, type ScenarioSpec } from './spec.js';

/**
 * What a scenario may not ask of a guest's app. Crash points need a way to start the app again on the
 * storage the crashed one kept: the module's `restart(app)` export (`restartable`). Credentials (`session:alice`, `token:bob`) are
 * minted by apisim's own origin for its own gate: an app has its own logins, so a step carries the headers
 * the app expects instead. A step without `auth`, or with `auth: "none"`, sends only its own headers.
 */
export function checkGuestScenario(spec: ScenarioSpec, restartable: boolean): void {
  const problems: string[] = [];
  if (spec.crashes.length > 0 && !restartable) {
    problems.push(
      '"crashes": the app cannot be restarted after a crash: export restart(app) from its module, returning a new app on the storage the old one kept ' +
        '(docs/guest-world.md, "Crashes: the restart hook")',
    );
  }
  const credentialed = [
    ...spec.steps.map((step, i) => ({ where: `steps[${i}] (${step.method} ${step.path})`, auth: step.auth })),
    ...spec.subscriptions.map((s, i) => ({ where: `subscriptions[${i}]`, auth: s.auth })),
  ].filter((x) => x.auth !== undefined && x.auth !== 'none');
  for (const { where, auth } of credentialed) {
    problems.push(`${where}: "auth": "${auth}" is a credential of apisim's own origin, which a guest's app does not know; give the step the headers your app expects instead (e.g. "headers": {"authorization": "Bearer ..."})`);
  }
  if (problems.length > 0) throw new ScenarioError(`this scenario cannot run on a guest's app:\n${problems.map((p) => `  ${p}`).join('\n')}`);
}
