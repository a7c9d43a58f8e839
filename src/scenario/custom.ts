/**
 * A user's own model as a scenario (SPEC §8): its text read and checked (modelfile/read.ts), then the same
 * scenario definition a shipped model has, with the id CUSTOM_SCENARIO_ID. Memoised by text, so a link, the
 * page and the run share one definition. Loaded only where a custom model appears (it brings the schema library).
 */
import { issueInText, readModelText, type ModelIssue, type ReadResult } from '../modelfile/read';
import { scenarioFromDocument } from './fromDocument';
import { defaultStateOf, installCustomModelSupport, scenarioOf } from './registry';
import { decodeModelData, encodeModelData } from './modelData';
import { validateStateOf } from './state';
import { CUSTOM_SCENARIO_ID, type InputIssue, type ScenarioDef, type ScenarioState } from './types';

export type CustomScenarioResult =
  | { readonly ok: true; readonly def: ScenarioDef; readonly read: Extract<ReadResult, { ok: true }> }
  | { readonly ok: false; readonly issues: readonly ModelIssue[] };

const cache = new Map<string, CustomScenarioResult>();

/** Where in the file a run setting or parameter of the default state comes from (for its issue's path). */
function defaultsPath(found: InputIssue, def: ScenarioDef): string {
  const run: Readonly<Record<string, string>> = { alpha: 'run.alpha', rho: 'run.rho', h: 'run.h', t: 'run.tEnd', methods: 'run.methods', tol: 'run' };
  if (Object.hasOwn(run, found.key)) return run[found.key];
  return def.params.some((p) => p.name === found.key) ? `parameters.${found.key}` : '';
}

/**
 * The model's own defaults must make a valid run (a link of the model at its defaults opens without a notice):
 * its run settings (α, ρ∞, h, t_end, methods) and its parameters' values within their bounds and checks.
 */
function defaultsIssues(def: ScenarioDef, text: string): ModelIssue[] {
  return validateStateOf(def, defaultStateOf(def)).map((found) => issueInText(text, defaultsPath(found, def), found.message));
}

/** The scenario of a model file's text, or the issues that keep it from being one. */
export function customScenario(text: string): CustomScenarioResult {
  const hit = cache.get(text);
  if (hit) return hit;
  const read = readModelText(text);
  const def = read.ok ? scenarioFromDocument(read.document, CUSTOM_SCENARIO_ID) : null;
  const issues = read.ok ? defaultsIssues(def!, text) : read.issues;
  const result: CustomScenarioResult = read.ok && issues.length === 0 ? { ok: true, def: def!, read } : { ok: false, issues };
  if (cache.size >= 4) cache.delete(cache.keys().next().value as string);
  cache.set(text, result);
  return result;
}

/** The scenario of a model file's text, undefined when it is not one (a solver worker's reader, src/worker/prepare.ts). */
export function customScenarioDef(text: string): ScenarioDef | undefined {
  const read = customScenario(text);
  return read.ok ? read.def : undefined;
}

/** The scenario a state runs: its custom model when it has one, else the shipped model of its id. */
export function scenarioOfState(state: Pick<ScenarioState, 'scenario' | 'model'>): ScenarioDef | undefined {
  return scenarioOf(state);
}

// Loading this module is what lets the rest of the code read user models and their links (registry.ts).
installCustomModelSupport({
  read: (text) => {
    const custom = customScenario(text);
    return custom.ok ? { ok: true, def: custom.def } : { ok: false, issues: custom.issues };
  },
  encodeData: encodeModelData,
  decodeData: decodeModelData,
});
