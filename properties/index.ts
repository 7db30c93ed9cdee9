export { broken, couldNotRun, held, judgedRun, type Principle, type RunVerdict } from './principle.js';
export { assertPrinciple, PrincipleBroken, PrincipleNotChecked, type PrincipleOutcome, type PrincipleResult, type RequestLine, runPrinciple, type RunnerOptions } from './runner.js';
export { allPrinciples } from './all-principles.js';
