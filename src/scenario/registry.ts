/**
 * All scenarios by id — the shipped model files (models/*.json, SPEC §8) — and the default state of each
 * (what a link without parameters opens).
 */
import type { RunMethod } from './methods';
import type { ModelDocument } from '../modelfile/schema';
import { scenarioFromDocument } from './fromDocument';
import type { ParamValues, ScenarioDef, ScenarioId, ScenarioState } from './types';
import spinDocument from '../../models/spin.json';
import heavyTopDocument from '../../models/heavy-top.json';
import v8CrankDocument from '../../models/v8-crank.json';
import pendulumDocument from '../../models/pendulum.json';
import nFourBarDocument from '../../models/n-four-bar.json';
import andrewsDocument from '../../models/andrews.json';
import bricardDocument from '../../models/bricard.json';
import flyballGovernorDocument from '../../models/flyball-governor.json';

/** The shipped model files, in menu order: the paper's three, then the benchmark library's Group A (SPEC §8). */
export const SHIPPED_DOCUMENTS: readonly ModelDocument[] = [
  spinDocument, heavyTopDocument, v8CrankDocument,
  pendulumDocument, nFourBarDocument, andrewsDocument, bricardDocument, flyballGovernorDocument,
] as unknown as ModelDocument[];

export const SCENARIOS: Readonly<Record<ScenarioId, ScenarioDef>> = Object.fromEntries(
  SHIPPED_DOCUMENTS.map((doc) => [doc.id as string, scenarioFromDocument(doc)]),
);

export const SCENARIO_IDS: readonly ScenarioId[] = SHIPPED_DOCUMENTS.map((doc) => doc.id as string);

/** The scenario a link or a command without `scenario` opens: the paper's showcase. */
export const DEFAULT_SCENARIO_ID: ScenarioId = 'heavy-top';

/** The web app compares both integrators unless told otherwise. */
export const DEFAULT_METHODS: readonly RunMethod[] = ['classical', 'modified'];

/** Own-property test, so ids like '__proto__' or 'toString' are not mistaken for scenarios. */
export function isScenarioId(id: string): boolean {
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
    methods: [...(def.defaultMethods ?? DEFAULT_METHODS)],
    alpha: def.defaultAlpha,
    h: def.defaultH,
    tEnd: def.defaultTEnd,
    values: defaultValues(def),
  };
}
