/**
 * Whole-state validation for callers that hold numbers rather than text (the web app's
 * panels, tests): the same rules the link decoder and the CLI apply.
 */
import { getScenario } from './registry';
import type { InputIssue, ScenarioState } from './types';
import { checkMethods, validateParamValues, validateRunSettings } from './validate';

/** Every problem of a state, as issues keyed by link key ('alpha', 'h', 't', 'methods', parameter names). */
export function validateState(state: ScenarioState): InputIssue[] {
  const def = getScenario(state.scenario);
  if (!def) return [{ key: 'scenario', message: `scenario=${String(state.scenario)} is not a known scenario` }];
  const issues: InputIssue[] = [];
  const methodsIssue = checkMethods('methods', state.methods);
  if (methodsIssue) issues.push(methodsIssue);
  issues.push(...validateRunSettings(state));
  issues.push(...validateParamValues(def, state.values));
  return issues;
}
