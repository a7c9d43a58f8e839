/**
 * The rigid multibody model: bodies with coordinates q_i = (r_i, e_i) (7 per body, SPEC §1),
 * constraints C(q, t) = 0 and applied loads. Everything the integrators need is reached
 * through the small interfaces below, so a new joint or load is one new file.
 */

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
 * A set of position-level constraint equations C(q, t) = 0.
 * Offsets: `row` is the first constraint row of this constraint in the global vector,
 * `q` is the full coordinate vector (7 per body).
 */
export interface Constraint {
  readonly name: string;
  /** Number of scalar equations. */
  readonly rows: number;
  /** Indices of the bodies whose coordinates appear in the equations. */
  readonly bodies: readonly number[];
  /** out[row + k] = C_k(q, t). */
  evaluate(q: Float64Array, t: number, out: Float64Array, row: number): void;
  /**
   * Writes the constraint Jacobian rows into a dense row-major matrix `jac` with leading
   * dimension `ld`: jac[(row + k) * ld + col] = ∂C_k/∂q_col. Only the columns of `bodies`
   * are written; the caller zeroes the rows first.
   */
  jacobian(q: Float64Array, t: number, jac: Float64Array, ld: number, row: number): void;
  /**
   * Adds scale · ∂/∂q (C_qᵀ λ) for this constraint's multipliers λ = lambda[row .. row+rows)
   * into the dense row-major matrix `k` (leading dimension ld, coordinate block at 0,0).
   */
  addMultiplierStiffness(
    q: Float64Array,
    lambda: Float64Array,
    row: number,
    scale: number,
    k: Float64Array,
    ld: number,
  ): void;
  /**
   * Acceleration-level right-hand side: out[row + k] = γ_k with C_q q̈ = γ, i.e.
   * γ = −(C_q q̇)_q q̇ − 2 C_qt q̇ − C_tt.
   */
  accelerationRhs(q: Float64Array, qd: Float64Array, t: number, out: Float64Array, row: number): void;
}

/**
 * An applied load. It adds its generalized force to `out` (length 7·bodies) and its
 * derivatives to dense matrices; `power` is the rate of work of non-potential loads
 * (used for energy_error), `potential` the potential energy of conservative ones.
 */
export interface Load {
  readonly name: string;
  /** out += Q(q, q̇, t). */
  addForce(q: Float64Array, qd: Float64Array, t: number, out: Float64Array): void;
  /** k += scale · ∂Q/∂q (dense row-major, leading dimension ld). */
  addForceStiffness(q: Float64Array, qd: Float64Array, t: number, scale: number, k: Float64Array, ld: number): void;
  /** Potential energy (J) if the load is conservative, else 0. */
  potential(q: Float64Array): number;
  /** Power (W) of the load if it is not conservative, else 0. */
  power(q: Float64Array, qd: Float64Array, t: number): number;
}

/** A complete model as built by a scenario. */
export interface MultibodyModel {
  readonly bodies: readonly RigidBody[];
  /** Joint and prescribed-motion constraints; the Euler-parameter normalisations are added by the assembler. */
  readonly constraints: readonly Constraint[];
  readonly loads: readonly Load[];
  /** Index of the body whose body-fixed ω is reported. */
  readonly primaryBody: number;
}
