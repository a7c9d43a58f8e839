/**
 * All scenarios by id — the shipped model files (models/*.json, SPEC §8) — and the default state of each
 * (what a link without parameters opens).
 */
import type { RunMethod } from './methods';
import type { ModelTextResult } from './modelLink';
import type { ModelDocument } from '../modelfile/schema';
import { scenarioFromDocument } from './fromDocument';
import { CUSTOM_SCENARIO_ID, type ParamValues, type ScenarioDef, type ScenarioId, type ScenarioState } from './types';
import spinDocument from '../../models/spin.json' with { type: 'json' };
import heavyTopDocument from '../../models/heavy-top.json' with { type: 'json' };
import v8CrankDocument from '../../models/v8-crank.json' with { type: 'json' };
import pendulumDocument from '../../models/pendulum.json' with { type: 'json' };
import nFourBarDocument from '../../models/n-four-bar.json' with { type: 'json' };
import andrewsDocument from '../../models/andrews.json' with { type: 'json' };
import bricardDocument from '../../models/bricard.json' with { type: 'json' };
import flyballGovernorDocument from '../../models/flyball-governor.json' with { type: 'json' };

/** The shipped model files, in menu order: the paper's three, then the benchmark library's Group A (SPEC §8). */
export const SHIPPED_DOCUMENTS: readonly ModelDocument[] = [
  spinDocument, heavyTopDocument, v8CrankDocument,
  pendulumDocument, nFourBarDocument, andrewsDocument, bricardDocument, flyballGovernorDocument,
] as unknown as ModelDocument[];

export const SCENARIOS: Readonly<Record<ScenarioId, ScenarioDef>> = Object.fromEntries(
  SHIPPED_DOCUMENTS.map((doc) => [doc.id as string, scenarioFromDocument(doc)]),
);

export const SCENARIO_IDS: readonly ScenarioId[] = SHIPPED_DOCUMENTS.map((doc) => doc.id as string);

/** A group of the scenario menu and of `sim --help`: its heading and its shipped models' ids, in order. */
export interface ScenarioGroup {
  readonly label: string;
  readonly ids: readonly ScenarioId[];
}

/**
 * The menu's groups of shipped models (SPEC §8): the paper's three, then the benchmark library's (IFToMM, Group
 * A). Ids not shipped (yet) are left out; a shipped model in no group is listed under "more models".
 */
const GROUP_IDS: readonly ScenarioGroup[] = [
  { label: 'the paper', ids: ['spin', 'heavy-top', 'v8-crank'] },
  { label: 'benchmark library', ids: ['pendulum', 'n-four-bar', 'andrews', 'bricard', 'flyball-governor'] },
];

/** The shipped models grouped for the menu: every shipped id exactly once, empty groups dropped. */
export function scenarioGroups(): ScenarioGroup[] {
  const grouped = GROUP_IDS.map((g) => ({ label: g.label, ids: g.ids.filter((id) => Object.hasOwn(SCENARIOS, id)) }));
  const listed = new Set(grouped.flatMap((g) => g.ids));
  const rest = SCENARIO_IDS.filter((id) => !listed.has(id));
  return [...grouped, { label: 'more models', ids: rest }].filter((g) => g.ids.length > 0);
}

/** The scenario a link or a command without `scenario` opens: the paper's showcase. */
export const DEFAULT_SCENARIO_ID: ScenarioId = 'heavy-top';

/** The web app compares both integrators unless told otherwise. */
export const DEFAULT_METHODS: readonly RunMethod[] = ['classical', 'modified'];

/** The shipped model file of `id`, or undefined for an id that names none. */
export function shippedDocument(id: string): ModelDocument | undefined {
  return isScenarioId(id) ? SHIPPED_DOCUMENTS[SCENARIO_IDS.indexOf(id)] : undefined;
}

/** Own-property test, so ids like '__proto__' or 'toString' are not mistaken for scenarios. */
export function isScenarioId(id: string): boolean {
  return Object.hasOwn(SCENARIOS, id);
}

/**
 * A shipped scenario by id; CUSTOM_SCENARIO_ID gives the user's model in use (useCustomScenario), so code that
 * knows a state by its id alone (a chart, the 3D view) sees the model that runs.
 */
export function getScenario(id: ScenarioId): ScenarioDef;
export function getScenario(id: string): ScenarioDef | undefined;
export function getScenario(id: string): ScenarioDef | undefined {
  if (id === CUSTOM_SCENARIO_ID && customInUse) return customInUse;
  return isScenarioId(id) ? SCENARIOS[id] : undefined;
}

/** A mistake in a user's model: where (a path such as `joints[3].bodies[1]`, '' for the whole file) and what. */
export interface CustomModelIssue {
  readonly path: string;
  readonly message: string;
}

/** A user's model text read into its scenario, or the mistakes that keep it from being one. */
export type CustomReadResult = { readonly ok: true; readonly def: ScenarioDef } | { readonly ok: false; readonly issues: readonly CustomModelIssue[] };

/**
 * What user models need (installed by src/scenario/custom.ts when it loads): reading a model's text, and its
 * inline link form (`model-data=`, modelData.ts). They bring the schema and compression libraries, so they are
 * loaded only where a user's model appears; everything else asks through the functions below.
 */
export interface CustomModelSupport {
  read(text: string): CustomReadResult;
  /** The `model-data` value of a model's text. */
  encodeData(text: string): string;
  /** The text of a `model-data` value, or why it is not one. */
  decodeData(data: string): ModelTextResult;
}

let support: CustomModelSupport | null = null;
let customInUse: ScenarioDef | null = null;

/** Installs what user models need; src/scenario/custom.ts does it as it loads. */
export function installCustomModelSupport(installed: CustomModelSupport): void {
  support = installed;
}

/** Whether user models can be read here (src/scenario/custom.ts is loaded). */
export function canReadCustomModels(): boolean {
  return support !== null;
}

/** A user's model text read through the installed reader; null where none is installed (custom.ts not loaded). */
export function readCustomModel(text: string): CustomReadResult | null {
  return support ? support.read(text) : null;
}

/** The `model-data` value of a model's text; null where custom.ts is not loaded. */
export function encodeCustomModelData(text: string): string | null {
  return support ? support.encodeData(text) : null;
}

/** The text of a `model-data` value, or why it is not one; null where custom.ts is not loaded. */
export function decodeCustomModelData(data: string): ModelTextResult | null {
  return support ? support.decodeData(data) : null;
}

/** Makes `def` the scenario CUSTOM_SCENARIO_ID names (the page's, a worker's or `sim`'s current user model). */
export function useCustomScenario(def: ScenarioDef | null): void {
  customInUse = def;
}

/**
 * The scenario a state runs: its user model (read through the installed reader; undefined until
 * src/scenario/custom.ts is loaded, or when the text is not a model) or the shipped model of its id.
 */
export function scenarioOf(state: Pick<ScenarioState, 'scenario' | 'model'>): ScenarioDef | undefined {
  if (state.model) {
    const read = support?.read(state.model.text);
    return read?.ok ? read.def : undefined;
  }
  return isScenarioId(state.scenario) ? SCENARIOS[state.scenario] : undefined;
}

/** Every parameter at its default (fresh arrays, safe to keep). */
export function defaultValues(def: ScenarioDef): ParamValues {
  const values: Record<string, readonly number[]> = {};
  for (const param of def.params) values[param.name] = [...param.default];
  return values;
}

export function defaultState(id: ScenarioId): ScenarioState {
  return defaultStateOf(SCENARIOS[id]);
}

/** The default state of any scenario: a shipped one, or a user's model (then `model` says which). */
export function defaultStateOf(def: ScenarioDef, model?: ScenarioState['model']): ScenarioState {
  return {
    scenario: def.id,
    ...(model ? { model } : {}),
    methods: [...(def.defaultMethods ?? DEFAULT_METHODS)],
    alpha: def.defaultAlpha,
    h: def.defaultH,
    tEnd: def.defaultTEnd,
    values: defaultValues(def),
  };
}
