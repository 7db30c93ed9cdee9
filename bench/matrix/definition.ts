import { graphVsRestMatrix } from './graph-vs-rest.js';
import type { MatrixScenario } from './matrix-scenario.js';
import { notesCacheMatrix } from './notes-cache.js';
import { notesMatrix } from './notes.js';
import { ordersMatrix } from './orders.js';

/** The scenario matrix of `reports/scenarios.csv`, in the order the file lists it. */
export const scenarioMatrix: readonly MatrixScenario[] = [ordersMatrix, notesMatrix, notesCacheMatrix, graphVsRestMatrix];
