import type { ScenarioInput } from '../../sim/scenario/spec.js';
import { adaptedBuiltinPlan, builtinPlan } from './builtin-plan.js';
import type { MatrixScenario, MatrixVariant } from './matrix-scenario.js';

/** Every session credential of a scenario becomes the same user's bearer token: the same callers, the other gate-1 path. */
function withTokens(input: ScenarioInput): ScenarioInput {
  return { ...input, steps: input.steps.map((step) => (step.auth?.startsWith('session:') === true ? { ...step, auth: step.auth.replace('session:', 'token:') } : step)) };
}

/**
 * Spec §1.2 and §4 Area A: the built-in `orders-login-only` and `orders-owner-check` (the owner alice, the
 * other user bob reading and changing her order, no credential), each sent with session cookies and again
 * with bearer tokens. Order 121's address at the end is what login-only gave away.
 */
function variant(behaviour: 'login-only' | 'owner-check', credential: 'session' | 'token'): MatrixVariant {
  const name = `orders-${behaviour}`;
  return {
    name: `${behaviour}-${credential}`,
    quick: credential === 'session',
    plan: credential === 'session' ? builtinPlan(name) : adaptedBuiltinPlan(name, withTokens),
  };
}

export const ordersMatrix: MatrixScenario = {
  name: 'orders',
  seed: 1,
  stateFigure: {
    name: 'order_121_address',
    value: (run) => run.finalState.orders.find((order) => order.id === 121)?.delivery_address ?? '(no order 121)',
  },
  variants: [variant('login-only', 'session'), variant('login-only', 'token'), variant('owner-check', 'session'), variant('owner-check', 'token')],
};
