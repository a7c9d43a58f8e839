/**
 * The rigid multibody model: bodies with coordinates q_i = (r_i, e_i) (7 per body, SPEC §1),
 * constraints C(q, t) = 0 and applied loads. Everything the integrators need is reached
 * through the small interfaces below, so a new joint or load is one new file.
 */

import type { MatrixAccumulator } from '../linalg/accumulator';
import type { KernelPrimitive } from '../kernels/constraintProgram';

/** Number of coordinates per rigid body: r (3) followed by the Euler parameters e (4). */
export const COORDS_PER_BODY = 7;

export type Vec3 = readonly [number, number, number];
export type Vec4 = readonly [number, number, number, number];

/** A rigid body's constant properties and its initial state. */
export interface RigidBody {
  readonly name: string;
  /** Mass in kg. */
  readonly mass: number;
  /** Principal moments of inertia about the centre of mass in body axes, kg m². */
  readonly inertia: Vec3;
  /** Initial global position of the centre of mass, m. */
  readonly position: Vec3;
  /** Initial Euler parameters (scalar first). */
  readonly orientation: Vec4;
  /** Initial global velocity of the centre of mass, m/s. */
  readonly velocity: Vec3;
  /** Initial body-fixed angular velocity, rad/s. */
  readonly angularVelocity: Vec3;
}

/**
 * A constraint as primitives the WebAssembly kernel evaluates (kernels/constraintProgram.ts): primitive k's rows
 * start at row starts[k] of the constraint; its block has leading dimension ld, body i's columns at colI and body
 * j's at colJ (−1: ground).
 */
export interface ConstraintPrimitiveLayout {
  readonly list: readonly KernelPrimitive[];
  readonly starts: readonly number[];
  readonly ld: number;
  readonly colI: number;
  readonly colJ: number;
}

/**
 * A set of position-level constraint equations C(q, t) = 0 (a joint, a normalisation, a prescribed
 * motion). `q` is the full coordinate vector (7 per body); `row` is the first row of this constraint in
 * the global constraint vector. Ground is not a body: a body–ground joint lists one body.
 */
export interface Constraint {
  readonly name: string;
  /** Number of scalar equations. */
  readonly rows: number;
  /** Indices of the bodies whose coordinates appear in the equations (the Jacobian's column slots). */
  readonly bodies: readonly number[];
  /** True for prescribed motions G(q, t) = 0, whose multipliers μ are the drive forces (FreeDyn notes). */
  readonly prescribed?: boolean;
  /** True for a body's own Euler-parameter normalisation (never blamed for a redundancy). */
  readonly normalization?: boolean;
  /**
   * The primitives whose values and Jacobian the WebAssembly kernel computes (every joint and normalisation):
   * then evaluate, jacobian and evaluateWithJacobian are that kernel's results, and a model's residual runs all
   * such constraints in one kernel call. Absent: the constraint's own TypeScript (reducedConstraint.ts).
   */
  readonly primitives?: ConstraintPrimitiveLayout;
  /** out[row + k] = C_k(q, t). */
  evaluate(q: Float64Array, t: number, out: Float64Array, row: number): void;
  /**
   * Writes the local Jacobian block: rows × (7 · bodies.length), row-major, columns grouped by body slot
   * (slot s ↔ coordinates of bodies[s]), at out[offset ..). Every entry of the block is written.
   */
  jacobian(q: Float64Array, t: number, out: Float64Array, offset: number): void;
  /**
   * `jacobian(q, t, blocks, offset)` and `evaluate(q, t, out, row)` in one pass, with the same numbers: the
   * rotated vectors both need are computed once (the residual of every Newton iteration needs both).
   * Optional: without it the assembler calls the two.
   */
  evaluateWithJacobian?(q: Float64Array, t: number, out: Float64Array, row: number, blocks: Float64Array, offset: number): void;
  /** Adds scale · ∂/∂q (C_qᵀ λ) for this constraint's multipliers λ = lambda[row .. row+rows). */
  addMultiplierStiffness(q: Float64Array, t: number, lambda: Float64Array, row: number, scale: number, acc: MatrixAccumulator): void;
  /**
   * Acceleration-level right-hand side: out[row + k] = γ_k with C_q q̈ = γ, i.e.
   * γ = −(C_q q̇)_q q̇ − 2 C_qt q̇ − C_tt.
   */
  accelerationRhs(q: Float64Array, qd: Float64Array, t: number, out: Float64Array, row: number): void;
  /** Velocity-level right-hand side: out[row + k] = −∂C_k/∂t (zero for scleronomic joints). */
  velocityRhs(q: Float64Array, t: number, out: Float64Array, row: number): void;
}

/**
 * An applied load. It adds its generalized force to `out` (length 7·bodies) and its derivatives
 * through an accumulator; `power` is the rate of work of non-potential loads (used for
 * energy_error), `potential` the potential energy of conservative ones.
 */
/** The shapes of load the kernels evaluate (Load.compiled): which generalized force, on which body, from which vector. */
export interface CompiledLoad {
  /** 'force': Q_r = F; 'body-moment': Q_e = 2 Lᵀ(e) m; 'global-moment': Q_e = 2 Eᵀ(e) T (Sherif Eq. 9, right-hand side). */
  readonly kind: 'force' | 'body-moment' | 'global-moment';
  readonly body: number;
  /** The force or moment at time t into out[0..3): a function of t alone. */
  readonly vector: (t: number, out: Float64Array) => void;
}

export interface Load {
  readonly name: string;
  /**
   * Bodies whose coordinates this load's ∂Q/∂q or ∂Q/∂q̇ couples (a spring between two bodies); absent or one body:
   * no coupling between bodies, so the Newton matrix's pattern needs nothing beyond the joints'.
   */
  readonly bodies?: readonly number[];
  /** out += Q(q, q̇, t). */
  addForce(q: Float64Array, qd: Float64Array, t: number, out: Float64Array): void;
  /**
   * True if Q depends on neither q, q̇ nor t and never changes (gravity): a model whose loads are all constant or
   * compiled adds the constant ones up once, and its residual runs in one kernel call (model/assembly.ts).
   */
  readonly constant?: boolean;
  /**
   * Set when Q is one of the shapes the residual kernel evaluates itself (kernels/assembly/loads.ts): a force at a
   * body's centre of mass or a moment in body or global axes, whose vector depends on t only. addForce stays the
   * definition; the kernel repeats its arithmetic, so the two agree to the bit.
   */
  readonly compiled?: CompiledLoad;
  /** acc += scale · ∂Q/∂q. */
  addForceStiffness(q: Float64Array, qd: Float64Array, t: number, scale: number, acc: MatrixAccumulator): void;
  /** acc += scale · ∂Q/∂q̇ (velocity-dependent loads such as dampers; absent: Q does not depend on q̇). */
  addForceDamping?(q: Float64Array, qd: Float64Array, t: number, scale: number, acc: MatrixAccumulator): void;
  /** Potential energy (J) if the load is conservative, else 0. */
  potential(q: Float64Array): number;
  /** Power (W) of the load if it is not conservative, else 0. */
  power(q: Float64Array, qd: Float64Array, t: number): number;
}

/**
 * A named quantity written beside the standard columns (SPEC §8: a model's outputs follow the columns of §3):
 * a point's position or velocity component, a joint angle or rate, a body's ω component, a spring's length.
 */
export interface ModelOutput {
  readonly name: string;
  /** Unit as shown to people, e.g. 'm', 'rad/s'. */
  readonly unit: string;
  /** The value at the state (q, q̇) at time t. */
  evaluate(q: Float64Array, qd: Float64Array, t: number): number;
  /**
   * Called with every accepted step's state, before any sample of it is evaluated: lets an angle output count
   * whole turns (a crank at 1000 rad/s turns between two samples). Absent: the output needs no history.
   */
  observe?(q: Float64Array, qd: Float64Array, t: number): void;
  /** Forgets the history kept by observe (a new run from t = 0). */
  reset?(): void;
}

/**
 * The consistent initial state of a prepared model (model/prepare.ts) and what preparing it did: a run starts
 * from `q`, `qd` as they are, without assembling again.
 */
export interface PreparedState {
  readonly q: Float64Array;
  readonly qd: Float64Array;
  /**
   * Joint equations found dependent at the assembled initial configuration and removed for the run (SPEC §8),
   * each as a constraint evaluating only the removed rows, so a run can report how well they still hold.
   */
  readonly removed: readonly Constraint[];
}

/** A complete model as built by a scenario. */
export interface MultibodyModel {
  readonly bodies: readonly RigidBody[];
  /** Joint and prescribed-motion constraints; the Euler-parameter normalisations are added by the assembler. */
  readonly constraints: readonly Constraint[];
  readonly loads: readonly Load[];
  /** Index of the body whose body-fixed ω is reported. */
  readonly primaryBody: number;
  /**
   * Constraints that hold the independent coordinates (e.g. a crank angle and speed) while the initial
   * positions and velocities are made consistent; not part of the dynamics.
   */
  readonly assemblyDrivers?: readonly Constraint[];
  /** Named outputs written after the standard columns of every sample. */
  readonly outputs?: readonly ModelOutput[];
  /** Set by prepareModel: the run starts from this state; `constraints` then hold only independent equations. */
  readonly prepared?: PreparedState;
}
