/**
 * The scenario schema: one description of every scenario parameter (name, unit, default,
 * bounds) shared by the web app, share links and the `sim` command.
 */
import type { RunMethod } from './methods';
import type { ModelDocument } from '../modelfile/schema';
import type { ErrorNorm } from '../solver/simulate';

/** A shipped model's id (models/<id>.json), or CUSTOM_SCENARIO_ID for a model the user brings. */
export type ScenarioId = string;

/** The scenario id of a user's own model (a file, an edited model, a hosted or inline model of a link). */
export const CUSTOM_SCENARIO_ID = 'custom';

/** A model the user brought: the document's text exactly as read, and where it came from. */
export interface CustomModel {
  readonly text: string;
  /** The https URL it was fetched from (a link then says `model=<url>`); absent: inline in the link. */
  readonly url?: string;
}

/** A scalar or a fixed-length vector parameter. Vectors are written as comma lists in URLs and `--set`. */
export interface ParamDef {
  /** URL key and `--set` name, e.g. `omega0`. */
  readonly name: string;
  readonly label: string;
  /** Unit as shown to users, e.g. `kg m²`, `rad/s`; '' if dimensionless. */
  readonly unit: string;
  /** 1 for a scalar, 3 for a vector. */
  readonly length: 1 | 3;
  readonly default: readonly number[];
  /** Inclusive bounds per component. */
  readonly min: number;
  readonly max: number;
  readonly description: string;
  /** Only whole numbers (e.g. a count of bodies). */
  readonly integer?: boolean;
}

/** Values of a scenario's parameters by name (scalars are arrays of length 1). */
export type ParamValues = Readonly<Record<string, readonly number[]>>;

/** A curve an output's plots draw beside the runs: where it comes from, and its [t, value] points (t increasing). */
export interface OutputReference {
  readonly source: string;
  /**
   * Absent in the page's and the workers' copies of the shipped model files (vite.config.ts leaves the points out
   * of them): the page loads a shipped model's points when the model is opened (src/app/referenceCurves.ts).
   */
  readonly points?: readonly (readonly [number, number])[];
}

export interface ScenarioDef {
  readonly id: ScenarioId;
  readonly title: string;
  readonly description: string;
  /** The model file it is read from (SPEC §8). */
  readonly document: ModelDocument;
  readonly params: readonly ParamDef[];
  /** Defaults of the run settings for this scenario. */
  readonly defaultAlpha: number;
  readonly defaultH: number;
  readonly defaultTEnd: number;
  /** ρ∞ of the methods that take it, when the model file sets one. */
  readonly defaultRho?: number;
  /** Compared methods when the model file sets them. */
  readonly defaultMethods?: readonly RunMethod[];
  /** Default output interval of `sim`, s, when the model file sets one. */
  readonly defaultSampleDt?: number;
  /** Exact ω of the primary body (body-fixed) where one exists, else undefined. */
  exactOmega?(values: ParamValues, t: number): [number, number, number];
  /**
   * Reference curves of outputs, by output name (the model file's `reference`, SPEC §8): valid at the default
   * parameter values only.
   */
  readonly outputReferences?: Readonly<Record<string, OutputReference>>;
  /** The output plotted in ω's place when a link names none (the model file's `defaultOutput`); absent: ω. */
  readonly defaultOutput?: string;
  /**
   * Checks between parameters that bounds alone cannot express (e.g. the triangle inequality
   * of principal inertias). Called only with complete, in-bounds values.
   */
  checkValues?(values: ParamValues, name: ValueNamer): InputIssue[];
}

/**
 * How a message names the value the way the user wrote it, so the message points at it:
 * `--alpha 0.5` on the command line, `alpha=0.5` in a link.
 */
export type ValueNamer = (key: string, text: string) => string;

/** Everything a run (and a share link) is made of. */
export interface ScenarioState {
  readonly scenario: ScenarioId;
  /** The user's own model when scenario is CUSTOM_SCENARIO_ID. */
  readonly model?: CustomModel;
  /** Compared methods in drawing order (one to four; src/scenario/methods.ts). */
  readonly methods: readonly RunMethod[];
  /** HHT α of the methods that take it (classical, modified). */
  readonly alpha: number;
  /**
   * ρ∞ ∈ [0, 1] of the methods that take it (generalized-alpha, lie-group, ji-xing; share-link key `rho`,
   * CLI `--rho-inf`); absent: DEFAULT_RHO.
   */
  readonly rho?: number;
  readonly h: number;
  readonly tEnd: number;
  /**
   * Adaptive step size when set: the local error tolerance ε of Negrut Eq. 34 (share-link key `tol`,
   * CLI `--tol`); `h` is then the initial step. Absent: fixed step h.
   */
  readonly tolerance?: number;
  /**
   * Adaptive runs only: which local errors the tolerance controls (share-link key `norm`, CLI `--error-norm`;
   * scenario/errorNorm.ts); absent: DEFAULT_ERROR_NORM.
   */
  readonly errorNorm?: ErrorNorm;
  /** Complete parameter values (defaults filled in). */
  readonly values: ParamValues;
}

/** A problem found while reading or validating input: which key/value and why. */
export interface InputIssue {
  readonly key: string;
  readonly message: string;
}
