/**
 * The start message of one method's run of a scenario state, as the page sends it to a solver worker
 * (src/worker/protocol.ts): a shipped model travels as its file, a user's model as its text, so the worker
 * itself carries no model files.
 */
import { shippedDocument } from '../scenario/registry';
import type { RunMethod } from '../scenario/methods';
import type { ScenarioState } from '../scenario/types';
import type { StartMessage } from './protocol';

export function startMessageOf(state: ScenarioState, runId: number, method: RunMethod): StartMessage {
  return {
    kind: 'start',
    runId,
    scenario: state.scenario,
    ...(state.model ? { model: state.model } : { document: shippedDocument(state.scenario) }),
    values: state.values,
    method,
    alpha: state.alpha,
    ...(state.rho !== undefined ? { rho: state.rho } : {}),
    h: state.h,
    tEnd: state.tEnd,
    ...(state.tolerance !== undefined ? { tolerance: state.tolerance } : {}),
    ...(state.tolerance !== undefined && state.errorNorm !== undefined ? { errorNorm: state.errorNorm } : {}),
  };
}
