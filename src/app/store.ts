/**
 * The app's state: a zustand vanilla store and module-level actions (no hooks needed), so
 * worker callbacks, URL sync, the test API and React all drive it the same way.
 *
 * `state` is always a complete, valid ScenarioState: it is what runs and what the URL shows.
 * The form's text lives in `fields`; a change commits to `state` only when every field
 * parses and the whole form validates, otherwise the reasons are shown at the fields and
 * nothing is sent to the solver.
 */
import { createStore } from 'zustand/vanilla';
// The app's per-method tables cover the whole family (src/scenario/methods.ts).
import { checkRho, DEFAULT_RHO, RUN_METHODS, takesParameter, type MethodParameterKey, type RunMethod, type RunMethod as IntegratorMethod } from '../scenario/methods';
import { DEFAULT_SCENARIO_ID, defaultState, defaultStateOf, getScenario, scenarioOf, useCustomScenario } from '../scenario/registry';
import { validateState } from '../scenario/state';
import { CUSTOM_SCENARIO_ID, type CustomModel, type InputIssue, type ScenarioDef, type ScenarioId, type ScenarioState } from '../scenario/types';
import { decodeShareQuery, encodeShareQuery, type DecodedShareQuery, type DecodeOptions } from '../scenario/url';
import type { ModelFacts } from '../run/modelFacts';
import type { RemovedResidual } from '../scenario/preparationText';
import {
  checkAlpha,
  checkPositiveTime,
  checkTolerance,
  formatNumber,
  parseMethodsText,
  parseNumberText,
  parseParamText,
  type ValueNamer,
} from '../scenario/validate';
import type { RunProgress } from '../worker/protocol';
import type { FailureCause } from '../solver/simulate';
import { DEFAULT_ERROR_NORM, errorNormOf, type ErrorNorm } from '../scenario/errorNorm';
import { OMEGA_PLOT_NAME } from '../modelfile/names';
import { isPresetId, PRESETS, type PresetId } from './presets';

/** Keys of the run-setting fields (the share-link keys). */
export const RUN_FIELD_KEYS = ['alpha', 'h', 't'] as const;
export type RunFieldKey = (typeof RUN_FIELD_KEYS)[number];

export type OmegaComponent = 'x' | 'y' | 'z';

/**
 * The plot under the ω plot (share-link `show`): energy drift; step size and Newton iterations;
 * or an invariant monitor — Euler-parameter norm drift and velocity-level eᵀė, constraint residuals (position and
 * velocity level), angular momentum about the vertical z; or the difference plot (ω against the
 * exact solution, or each method minus the first selected).
 */
export const LOWER_PLOTS = ['energy', 'steps', 'norm', 'constraints', 'momentum', 'difference'] as const;
export type LowerPlot = (typeof LOWER_PLOTS)[number];

/**
 * How the 3D view places the compared methods (share-link `bodies`): side by side, or overlaid at one
 * place, the first method solid and the others as translucent ghosts in their colours.
 */
export const BODY_ARRANGEMENTS = ['side', 'overlaid'] as const;
export type BodyArrangement = (typeof BODY_ARRANGEMENTS)[number];

/** What the main area shows under the 3D view (share-link `panel`). */
export const MAIN_PANELS = ['plots', 'theory', 'damping', 'studies'] as const;
export type MainPanel = (typeof MAIN_PANELS)[number];

/** Tolerance offered when adaptive stepping is switched on (local error ε, Negrut Eq. 34). */
export const DEFAULT_TOLERANCE = 1e-4;

export interface FieldState {
  readonly text: string;
  /** Why the text is not accepted, or null. */
  readonly issue: string | null;
}

/** Where one method's run stands. */
export type RunPhase = 'idle' | 'pending' | 'running' | 'finished' | 'failed' | 'cancelled';

export interface MethodRun {
  readonly phase: RunPhase;
  readonly progress: RunProgress | null;
  /** Failure or cancel reason shown to the user. */
  readonly reason: string | null;
  /**
   * Set when the run failed: time of the last good state (s), the solver's reason and, when known, its cause;
   * `worker`: not the solver but its worker failed (it crashed or stopped answering), so no numerical advice applies.
   */
  readonly failure: { readonly time: number; readonly reason: string; readonly cause?: FailureCause; readonly worker?: boolean } | null;
  /** When the run ended: how well the equations removed as redundant held (count 0: none removed). */
  readonly removed?: RemovedResidual;
}

export interface ViewState {
  readonly component: OmegaComponent;
  /**
   * A model output plotted in place of ω (its name as in the model; share-link `output`), or null for ω. A model
   * opens on its default output (plottedOutput); a name the running model does not have is shown as ω.
   */
  readonly output: string | null;
  readonly lower: LowerPlot;
  readonly panel: MainPanel;
  /** Projector mode: large type, thick lines, high contrast (share-link `projector=on`). */
  readonly projector: boolean;
  /**
   * Embed mode (share-link `embed=on`): the page sits in another page's iframe, with minimal
   * chrome and no history entries of its own. Set by the opened link only.
   */
  readonly embed: boolean;
  /** The lecture preset whose explanation is shown, or null. */
  readonly preset: PresetId | null;
  /** Bumped when a preset asks for its study to start (the studies panel starts it). */
  readonly studyRequest: number;
  /** The 3D view's arrangement of the methods' bodies. */
  readonly bodies: BodyArrangement;
}

export interface LinkNotice {
  /** One specific sentence per problem found in the opened link (or the opened model). */
  readonly issues: readonly InputIssue[];
  /** What failed: the opened link (default), or a model opened from a file, the editor or a drop. */
  readonly source?: 'link' | 'model';
}

export interface AppState {
  readonly state: ScenarioState;
  readonly fields: Readonly<Record<string, FieldState>>;
  /** Step-size mode of the form: adaptive commits `tolerance` from the `tol` field, fixed drops it. */
  readonly adaptive: boolean;
  /** The error norm chosen next to the tolerance; committed with it (and kept while the step is fixed). */
  readonly errorNorm: ErrorNorm;
  readonly view: ViewState;
  readonly notice: LinkNotice | null;
  /**
   * What the latest run's model is beyond its rows (run/modelFacts.ts): its outputs, how far the assembly moved
   * each body, which equations it removed, its warnings. Set when the first method's run has started.
   */
  readonly modelFacts: ModelFacts | null;
  /** What the page is fetching or loading before it can run (a hosted model, the model reader), or null. */
  readonly loading: string | null;
  /** Id of the latest run started (0 before the first). */
  readonly runId: number;
  /** A rerun is waiting for the debounce after a change. */
  readonly runScheduled: boolean;
  readonly runs: Readonly<Record<IntegratorMethod, MethodRun>>;
  /** Bumped (throttled) when new samples arrived, so plots redraw without per-sample renders. */
  readonly plotVersion: number;
  readonly playing: boolean;
  /** Playback speed: simulated seconds per wall-clock second. */
  readonly speed: number;
}

export const PLAYBACK_SPEEDS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2] as const;
export const DEFAULT_SPEED = 0.25;

export const IDLE_RUN: MethodRun = { phase: 'idle', progress: null, reason: null, failure: null };

/** Field messages name the value as typed, e.g. "'1,2': J needs 3 comma-separated numbers, got 2". */
const fieldNamer: ValueNamer = (_key, text) => `'${text}'`;

/** The text a field shows for a committed value: vectors as "a, b, c". */
export function valueText(value: readonly number[]): string {
  return value.map(formatNumber).join(', ');
}

/** The ρ∞ field's text of its default, as people write it (the parser reads it back to DEFAULT_RHO exactly). */
export const DEFAULT_RHO_TEXT = '2/3';

/** The ρ∞ field's text: '2/3' for the default (absent or equal), else the number. */
export function rhoText(rho: number | undefined): string {
  return rho === undefined || Object.is(rho, DEFAULT_RHO) ? DEFAULT_RHO_TEXT : formatNumber(rho);
}

/** Field texts of a complete state. */
export function fieldsOf(state: ScenarioState): Record<string, FieldState> {
  const fields: Record<string, FieldState> = {
    alpha: { text: formatNumber(state.alpha), issue: null },
    h: { text: formatNumber(state.h), issue: null },
    t: { text: formatNumber(state.tEnd), issue: null },
    tol: { text: formatNumber(state.tolerance ?? DEFAULT_TOLERANCE), issue: null },
    rho: { text: rhoText(state.rho), issue: null },
  };
  for (const [name, value] of Object.entries(state.values)) fields[name] = { text: valueText(value), issue: null };
  return fields;
}

function initialAppState(): AppState {
  const state = defaultState(DEFAULT_SCENARIO_ID);
  return {
    state,
    fields: fieldsOf(state),
    adaptive: false,
    errorNorm: DEFAULT_ERROR_NORM,
    view: DEFAULT_VIEW,
    notice: null,
    modelFacts: null,
    loading: null,
    runId: 0,
    runScheduled: false,
    runs: Object.fromEntries(RUN_METHODS.map((m) => [m, IDLE_RUN])) as Record<RunMethod, MethodRun>,
    plotVersion: 0,
    playing: false,
    speed: DEFAULT_SPEED,
  };
}

const DEFAULT_VIEW: ViewState = { component: 'y', output: null, lower: 'energy', panel: 'plots', projector: false, embed: false, preset: null, studyRequest: 0, bodies: 'side' };

export const appStore = createStore<AppState>()(initialAppState);

/** Default ω component to plot: the axis of the initial spin, the most telling one. */
export function defaultComponent(state: ScenarioState): OmegaComponent {
  const omega0 = state.values.omega0;
  // A scalar omega0 (the V8's crank speed) is about body x.
  if (!omega0 || omega0.length < 3) return 'x';
  let best = 0;
  for (let k = 1; k < 3; k++) if (Math.abs(omega0[k]) > Math.abs(omega0[best])) best = k;
  return (['x', 'y', 'z'] as const)[best];
}

/** The output a state's model plots when a link names none: its `defaultOutput`, or null (ω). */
export function defaultOutputOf(state: ScenarioState): string | null {
  return scenarioOf(state)?.defaultOutput ?? null;
}

/**
 * What a link's `output` value plots: the output it names, ω for `output=omega`, and without the key the model's
 * default output (or ω). Example: plottedOutput(undefined, andrews) === 'beta'; plottedOutput('omega', andrews) === null.
 */
export function plottedOutput(linked: string | undefined, state: ScenarioState): string | null {
  if (linked === OMEGA_PLOT_NAME) return null;
  return linked ?? defaultOutputOf(state);
}

// ---------------------------------------------------------------------------------------------
// Actions on the scenario and the form

/** Restores the store to its first state (tests). */
export function resetApp(): void {
  appStore.setState(initialAppState(), true);
}

function oneOf<T extends string>(options: readonly T[], value: string | undefined, fallback: T): T {
  return (options as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

/**
 * Opens a share link's query; problems are listed in `notice` and safe defaults used. A link with a user's model
 * needs its reader loaded and a hosted model's text fetched (app/models.ts openLink does both, then calls this).
 */
export function openShareQuery(query: string, options: DecodeOptions = {}): DecodedShareQuery {
  const decoded = decodeShareQuery(query, options);
  const { component, output, show, panel, projector, embed, preset, bodies } = decoded.view;
  const previous = appStore.getState().view;
  const presetId = isPresetId(preset) ? preset : null;
  useCustomScenario(decoded.state.model ? scenarioOf(decoded.state) ?? null : null);
  appStore.setState({
    state: decoded.state,
    fields: fieldsOf(decoded.state),
    adaptive: decoded.state.tolerance !== undefined,
    errorNorm: errorNormOf(decoded.state),
    view: {
      component: oneOf(['x', 'y', 'z'] as const, component, defaultComponent(decoded.state)),
      output: plottedOutput(output, decoded.state),
      lower: oneOf(LOWER_PLOTS, show, 'energy'),
      panel: oneOf(MAIN_PANELS, panel, 'plots'),
      projector: projector === 'on',
      embed: embed === 'on',
      preset: presetId,
      studyRequest: previous.studyRequest + (presetId && PRESETS[presetId].study ? 1 : 0),
      bodies: oneOf(BODY_ARRANGEMENTS, bodies, 'side'),
    },
    notice: decoded.issues.length > 0 ? { issues: decoded.issues } : null,
  });
  return decoded;
}

/** Opens a lecture preset: its link, as if it had been opened (projector mode is kept). */
export function openPreset(id: PresetId): void {
  const projector = appStore.getState().view.projector;
  openShareQuery(PRESETS[id].query);
  appStore.setState({ view: { ...appStore.getState().view, projector } });
}

export function dismissPreset(): void {
  appStore.setState({ view: { ...appStore.getState().view, preset: null } });
}

/** The query string the page URL shows for the current state (SPEC §4). */
export function currentShareQuery(): string {
  return shareQueryFor(appStore.getState().view.embed);
}

/**
 * The current state's link query with or without `embed=on`: the embedded page's "open in the
 * full app" link drops it, the full app's embed code adds it. Example: shareQueryFor(true) on
 * the default page is 'v=1&scenario=heavy-top&embed=on'.
 */
export function shareQueryFor(embed: boolean): string {
  const { state, view } = appStore.getState();
  const shared: Record<string, string> = {};
  if (view.component !== defaultComponent(state)) shared.component = view.component;
  // Left out when it is the model's default; ω is written as `omega` only where the model plots an output by default.
  if (view.output !== defaultOutputOf(state)) shared.output = view.output ?? OMEGA_PLOT_NAME;
  if (view.lower !== 'energy') shared.show = view.lower;
  if (view.projector) shared.projector = 'on';
  if (embed) shared.embed = 'on';
  if (view.panel !== 'plots') shared.panel = view.panel;
  if (view.preset) shared.preset = view.preset;
  if (view.bodies !== 'side') shared.bodies = view.bodies;
  return encodeShareQuery(state, shared);
}

export function dismissNotice(): void {
  appStore.setState({ notice: null });
}

/** Switches to a shipped scenario: its defaults, keeping the compared methods. */
export function selectScenario(id: ScenarioId): void {
  if (id === CUSTOM_SCENARIO_ID || !getScenario(id)) return;
  useCustomScenario(null);
  openState({ ...defaultState(id), methods: [...appStore.getState().state.methods] });
}

/**
 * Opens a user's model read into `def` (src/scenario/custom.ts): its defaults, keeping the compared methods, as
 * `scenario=custom` with the model's text (and its URL when it was fetched from one, so the link stays short).
 */
export function openCustomScenario(def: ScenarioDef, model: CustomModel): void {
  useCustomScenario(def);
  openState({ ...defaultStateOf(def, model), methods: [...appStore.getState().state.methods] });
}

function openState(next: ScenarioState): void {
  appStore.setState({
    state: next, fields: fieldsOf(next), adaptive: false,
    view: { ...appStore.getState().view, component: defaultComponent(next), output: defaultOutputOf(next) },
  });
}

/** Sets the text of a field (run setting or parameter) and commits if the whole form is valid. */
export function setField(key: string, text: string): void {
  const { fields } = appStore.getState();
  if (!Object.hasOwn(fields, key)) return;
  commitFields({ ...fields, [key]: { text, issue: null } });
}

/** Resets one field to the scenario's default. */
export function resetField(key: string): void {
  const { state } = appStore.getState();
  const def = scenarioOf(state);
  if (!def) return;
  if (key === 'alpha') return setField(key, formatNumber(def.defaultAlpha));
  if (key === 'h') return setField(key, formatNumber(def.defaultH));
  if (key === 't') return setField(key, formatNumber(def.defaultTEnd));
  if (key === 'tol') return setField(key, formatNumber(DEFAULT_TOLERANCE));
  if (key === 'rho') return setField(key, DEFAULT_RHO_TEXT);
  const param = def.params.find((p) => p.name === key);
  if (param) setField(key, valueText(param.default));
}

export function setAlpha(alpha: number): void {
  setField('alpha', formatNumber(alpha));
}

/**
 * Compares `methods` (drawn in SPEC §6 order). A combination the rules refuse (e.g. the fixed-step-only
 * Lie-group method with adaptive steps) is not applied: the picker disables it and says why. The field
 * of a parameter no selected method takes any more goes back to its committed value, so hidden text
 * can never block a run.
 */
export function setMethods(methods: readonly IntegratorMethod[]): void {
  const parsed = parseMethodsText('methods', methods.join(','));
  if (!parsed.ok || parsed.value.length === 0) return;
  const { state, fields } = appStore.getState();
  // Keep the canonical order so the link does not depend on click order.
  const next = { ...state, methods: RUN_METHODS.filter((m) => parsed.value.includes(m)) };
  if (validateState(next).length > 0) return;
  const committed = fieldsOf(next);
  const kept = { ...fields };
  for (const key of PARAMETER_FIELDS) if (!takesParameter(next.methods, key)) kept[key] = committed[key];
  appStore.setState({ state: next });
  commitFields(kept);
}

/** The fields of the methods' parameters: HHT's α and ρ∞ (link keys). */
const PARAMETER_FIELDS: readonly MethodParameterKey[] = ['alpha', 'rho'];

/** ρ∞ of the generalized-α family from its field's text (see setField). */
export function setRho(rho: number): void {
  setField('rho', formatNumber(rho));
}

export function setBodyArrangement(bodies: BodyArrangement): void {
  appStore.setState({ view: { ...appStore.getState().view, bodies } });
}

/** Plots ω's `component` (and no model output). */
export function setComponent(component: OmegaComponent): void {
  appStore.setState({ view: { ...appStore.getState().view, component, output: null } });
}

/** Plots the model output `name` in place of ω, or ω again (null). */
export function setOutput(output: string | null): void {
  appStore.setState({ view: { ...appStore.getState().view, output } });
}

export function setLowerPlot(lower: LowerPlot): void {
  appStore.setState({ view: { ...appStore.getState().view, lower } });
}

export function setPanel(panel: MainPanel): void {
  appStore.setState({ view: { ...appStore.getState().view, panel } });
}

export function setProjector(projector: boolean): void {
  appStore.setState({ view: { ...appStore.getState().view, projector } });
}

/**
 * Switches between a fixed step and adaptive stepping with the `tol` field's tolerance.
 * Switching adaptive on also shows the step-size plot, which is what the switch is about.
 */
export function setAdaptive(adaptive: boolean): void {
  const { view, fields } = appStore.getState();
  appStore.setState({ adaptive, view: adaptive ? { ...view, lower: 'steps' } : view });
  commitFields({ ...fields });
}

/** Chooses the error norm of adaptive runs (committed at once when the step is adaptive). */
export function setErrorNorm(errorNorm: ErrorNorm): void {
  appStore.setState({ errorNorm });
  commitFields({ ...appStore.getState().fields });
}

/**
 * Parses every field into a candidate state; commits it if everything is valid, otherwise
 * stores the reasons at the fields (the committed state, and so the solver, are untouched).
 */
function commitFields(fields: Record<string, FieldState>): void {
  const { state, adaptive, errorNorm } = appStore.getState();
  const def = scenarioOf(state);
  if (!def) return;
  const issues: Record<string, string> = {};
  const run = { alpha: state.alpha, h: state.h, tEnd: state.tEnd };
  for (const key of RUN_FIELD_KEYS) {
    // α of HHT only when a selected method takes it (its field is hidden otherwise).
    if (key === 'alpha' && !takesParameter(state.methods, 'alpha')) continue;
    const parsed = parseNumberText(key, fields[key].text, fieldNamer);
    const bad = !parsed.ok
      ? parsed.issue
      : key === 'alpha'
        ? checkAlpha(parsed.value, key, fieldNamer)
        : checkPositiveTime(parsed.value, key, fieldNamer);
    if (bad || !parsed.ok) issues[key] = bad?.message ?? 'invalid';
    else if (key === 'alpha') run.alpha = parsed.value;
    else if (key === 'h') run.h = parsed.value;
    else run.tEnd = parsed.value;
  }
  let tolerance: number | undefined;
  if (adaptive) {
    const parsed = parseNumberText('tol', fields.tol.text, fieldNamer);
    const bad = parsed.ok ? checkTolerance(parsed.value, 'tol', fieldNamer) : parsed.issue;
    if (bad || !parsed.ok) issues.tol = bad?.message ?? 'invalid';
    else tolerance = parsed.value;
  }
  const rho = takesParameter(state.methods, 'rho') ? readRho(fields.rho.text, issues) : state.rho;
  const values: Record<string, readonly number[]> = { ...state.values };
  for (const param of def.params) {
    const parsed = parseParamText(param, fields[param.name]?.text ?? '', fieldNamer);
    if (!parsed.ok) issues[param.name] = parsed.issue.message;
    else values[param.name] = parsed.value;
  }
  const { tolerance: _previous, rho: _rho, errorNorm: _norm, ...fixed } = state;
  const withRho = rho === undefined ? fixed : { ...fixed, rho };
  // The default norm is left out, as a link of schema v2 leaves it out (states compare by their links).
  const norm = errorNorm === DEFAULT_ERROR_NORM ? {} : { errorNorm };
  const candidate: ScenarioState = tolerance === undefined ? { ...withRho, ...run, values } : { ...withRho, ...run, tolerance, ...norm, values };
  if (Object.keys(issues).length === 0) {
    for (const found of validateState(candidate)) issues[found.key] ??= found.message;
  }
  const marked: Record<string, FieldState> = {};
  for (const [key, field] of Object.entries(fields)) marked[key] = { text: field.text, issue: issues[key] ?? null };
  if (Object.keys(issues).length > 0) {
    appStore.setState({ fields: marked });
    return;
  }
  appStore.setState({ fields: marked, state: sameState(state, candidate) ? state : candidate });
}

/** ρ∞ from its field's text, or undefined with the reason stored in `issues.rho`. */
function readRho(text: string, issues: Record<string, string>): number | undefined {
  const parsed = parseNumberText('rho', text, fieldNamer);
  const bad = parsed.ok ? checkRho(parsed.value, 'rho', fieldNamer) : parsed.issue;
  if (bad || !parsed.ok) {
    issues.rho = bad?.message ?? 'invalid';
    return undefined;
  }
  return parsed.value;
}

/** Whether two states run the same computation (their share links agree). */
export function sameState(a: ScenarioState, b: ScenarioState): boolean {
  return a === b || encodeShareQuery(a) === encodeShareQuery(b);
}

/** Whether any field currently holds rejected text. */
export function hasFieldIssues(s: AppState = appStore.getState()): boolean {
  return Object.values(s.fields).some((f) => f.issue !== null);
}

// ---------------------------------------------------------------------------------------------
// Playback

export function setPlaying(playing: boolean): void {
  appStore.setState({ playing });
}

export function setSpeed(speed: number): void {
  if (Number.isFinite(speed) && speed > 0) appStore.setState({ speed });
}
