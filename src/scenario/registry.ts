/**
 * All scenarios by id, and the default state of each (what a link without parameters opens).
 */
import type { RunMethod } from './methods';
import { heavyTopScenario } from './heavyTop';
import { spinScenario } from './spin';
import { v8CrankScenario } from './v8Crank';
import type { ParamValues, ScenarioDef, ScenarioId, ScenarioState } from './types';

export const SCENARIOS: Readonly<Record<ScenarioId, ScenarioDef>> = {
  spin: spinScenario,
  'heavy-top': heavyTopScenario,
  'v8-crank': v8CrankScenario,
};

export const SCENARIO_IDS: readonly ScenarioId[] = ['spin', 'heavy-top', 'v8-crank'];

/** The scenario a link or a command without `scenario` opens: the paper's showcase. */
export const DEFAULT_SCENARIO_ID: ScenarioId = 'heavy-top';

/** The web app compares both integrators unless told otherwise. */
export const DEFAULT_METHODS: readonly RunMethod[] = ['classical', 'modified'];

/** Own-property test, so ids like '__proto__' or 'toString' are not mistaken for scenarios. */
export function isScenarioId(id: string): id is ScenarioId {
  return Object.hasOwn(SCENARIOS, id);
}

export function getScenario(id: ScenarioId): ScenarioDef;
export function getScenario(id: string): ScenarioDef | undefined;
export function getScenario(id: string): ScenarioDef | undefined {
  return isScenarioId(id) ? SCENARIOS[id] : undefined;
}

/** Every parameter at its default (fresh arrays, safe to keep). */
export function defaultValues(def: ScenarioDef): ParamValues {
  const values: Record<string, readonly number[]> = {};
  for (const param of def.params) values[param.name] = [...param.default];
  return values;
}

export function defaultState(id: ScenarioId): ScenarioState {
  const def = SCENARIOS[id];
  return {
    scenario: id,
    methods: [...DEFAULT_METHODS],
    alpha: def.defaultAlpha,
    h: def.defaultH,
    tEnd: def.defaultTEnd,
    values: defaultValues(def),
  };
}
