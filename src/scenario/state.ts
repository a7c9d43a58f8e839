/**
 * Whole-state validation for callers that hold numbers rather than text (the web app's
 * panels, tests): the same rules the link decoder and the CLI apply.
 */
import { scenarioOf } from './registry';
import type { InputIssue, ScenarioDef, ScenarioState } from './types';
import { assignmentNamer, checkMethods, validateParamValues, validateRunSettings } from './validate';
import { adaptiveIssue, checkRho } from './methods';
import { fixedStepNormIssue, NORM_KEY } from './errorNorm';

/** Every problem of a state, as issues keyed by link key ('alpha', 'rho', 'h', 't', 'tol', 'norm', 'methods', parameter names). */
export function validateState(state: ScenarioState): InputIssue[] {
  const def = scenarioOf(state);
  if (!def) {
    const what = state.model ? 'the model does not read (or the model reader is not loaded)' : 'is not a known scenario';
    return [{ key: 'scenario', message: `scenario=${String(state.scenario)} ${what}` }];
  }
  return validateStateOf(def, state);
}

/** Every problem of a state of the scenario `def` (validateState once the scenario is known). */
export function validateStateOf(def: ScenarioDef, state: ScenarioState): InputIssue[] {
  const issues: InputIssue[] = [];
  const methodsIssue = checkMethods('methods', state.methods);
  if (methodsIssue) issues.push(methodsIssue);
  const rhoIssue = state.rho === undefined ? null : checkRho(state.rho, 'rho', assignmentNamer);
  if (rhoIssue) issues.push(rhoIssue);
  const fixedOnly = state.tolerance === undefined ? null : adaptiveIssue(state.methods, 'tol');
  if (fixedOnly) issues.push(fixedOnly);
  if (state.errorNorm !== undefined && state.tolerance === undefined) issues.push(fixedStepNormIssue(NORM_KEY, 'tol'));
  issues.push(...validateRunSettings(state));
  issues.push(...validateParamValues(def, state.values));
  return issues;
}
