/**
 * A user's own model as a scenario (SPEC §8): its text read and checked (modelfile/read.ts), then the same
 * scenario definition a shipped model has, with the id CUSTOM_SCENARIO_ID. Memoised by text, so a link, the
 * page and the run share one definition. Loaded only where a custom model appears (it brings the schema library).
 */
import { readModelText, type ModelIssue, type ReadResult } from '../modelfile/read';
import { scenarioFromDocument } from './fromDocument';
import { installCustomReader, scenarioOf } from './registry';
import { CUSTOM_SCENARIO_ID, type ScenarioDef, type ScenarioState } from './types';

export type CustomScenarioResult =
  | { readonly ok: true; readonly def: ScenarioDef; readonly read: Extract<ReadResult, { ok: true }> }
  | { readonly ok: false; readonly issues: readonly ModelIssue[] };

const cache = new Map<string, CustomScenarioResult>();

/** The scenario of a model file's text, or the issues that keep it from being one. */
export function customScenario(text: string): CustomScenarioResult {
  const hit = cache.get(text);
  if (hit) return hit;
  const read = readModelText(text);
  const result: CustomScenarioResult = read.ok
    ? { ok: true, def: scenarioFromDocument(read.document, CUSTOM_SCENARIO_ID), read }
    : { ok: false, issues: read.issues };
  if (cache.size >= 4) cache.delete(cache.keys().next().value as string);
  cache.set(text, result);
  return result;
}

/** The scenario a state runs: its custom model when it has one, else the shipped model of its id. */
export function scenarioOfState(state: Pick<ScenarioState, 'scenario' | 'model'>): ScenarioDef | undefined {
  return scenarioOf(state);
}

// Loading this module is what lets the rest of the code read user models (registry.ts scenarioOf).
installCustomReader((text) => {
  const custom = customScenario(text);
  return custom.ok ? { ok: true, def: custom.def } : { ok: false, issues: custom.issues };
});
