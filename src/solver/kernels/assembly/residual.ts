/**
 * The HHT residual of one Newton iteration in one call (Sherif Eq. 62 with Negrut Eq. 13's constraint rows):
 *   q_{n+1}, q̇_{n+1}                      hhtKinematics (Eq. 59; Eq. 60 or Eq. 34)
 *   out[n ..] = C(q_{n+1}), and C_q       runConstraints
 *   out[0 .. n) = C_qᵀλ − Q − α/(1+α) (C_qᵀλ − Q)_n + 1/(1+α) M q̈_{n+1}   forceTerm
 * for models whose loads are constant (model/assembly.ts copies their sum in) or compiled (loads.ts: forces and moments
 * of t alone, their vectors written per time by model/assembly.ts) and whose constraints are all compiled.
 * It runs the kernels it is made of in the order the separate calls ran them, so the numbers are the same to the bit.
 *
 * model points at the model's table (i32, written once by model/assembly.ts): n, m, bodies, the constraint program
 * and its record count, the Jacobian blocks, C_q's runs by body (products.ts), masses, inertias, the constant
 * loads' sum, the loads' work vector, the compiled loads' count, records and vectors (loads.ts), the program's
 * record headers (constraints.ts: recordHeaders) and its rotation table (9 f64 per body). vectors points at an
 * integrator's table (i32): q_n, q̇_n, q̈_n, q̈_{n+1}, w of Eq. 75, q_{n+1}, q̇_{n+1}, λ_{n+1}, (C_qᵀλ − Q)_n, out.
 */
import { bodyForces, hhtKinematics } from './bodies';
import { runConstraints } from './constraints';
import { addJacobianTransposeTimes } from './products';
import { addCompiledLoads } from './loads';

/** The model table's fields (model/assembly.ts: MODEL_TABLE). */
const N = 0, BODIES = 2, PROGRAM = 3, RECORDS = 4, BLOCKS = 5, BODY_RUN_START = 6, BODY_RUNS = 7;
const MASSES = 8, INERTIAS = 9, CONSTANT_LOADS = 10, LOADS = 11, LOAD_COUNT = 12, LOAD_RECORDS = 13, LOAD_VALUES = 14;
const HEADERS = 15, ROTATIONS = 16;
/** The vector table's fields (model/assembly.ts: RESIDUAL_VECTORS). */
const Q = 0, QD = 1, QDD = 2, QDD_NEW = 3, HISTORY = 4, Q_NEW = 5, QD_NEW = 6, LAMBDA_NEW = 7, FORCE_OLD = 8, OUT = 9;

@inline function f(ptr: usize, k: i32): f64 { return load<f64>(ptr + (<usize>k << 3)); }
@inline function setF(ptr: usize, k: i32, v: f64): void { store<f64>(ptr + (<usize>k << 3), v); }
@inline function n32(ptr: usize, k: i32): i32 { return load<i32>(ptr + (<usize>k << 2)); }
@inline function p32(ptr: usize, k: i32): usize { return <usize>load<i32>(ptr + (<usize>k << 2)); }

/**
 * out[0 .. n) = C_qᵀλ − Q(q, q̇) − oldWeight · forceOld + massScale · M(q) q̈ (forceOld, qdd: 0 for none), with C_q
 * from the last constraint evaluation and the model's loads (the constant ones' sum, then the compiled ones in the
 * model's order, at the time their vectors were written for): the force part of Sherif Eq. 62, or with
 * neither term the force term C_qᵀλ − Q itself (model/assembly.ts: forceTerms).
 * @example forceTerm(model, qNew, qdNew, 0, 0, lambda, 0, 0, forceOld) // (C_qᵀλ − Q)_{n+1}
 */
export function forceTerm(
  model: usize, q: usize, qd: usize, qdd: usize, massScale: f64, lambda: usize, forceOld: usize, oldWeight: f64, out: usize,
): void {
  const n = n32(model, N), loads = p32(model, LOADS), constantLoads = p32(model, CONSTANT_LOADS);
  for (let i = 0; i < n; i++) setF(out, i, 0);
  addJacobianTransposeTimes(n32(model, BODIES), p32(model, BODY_RUN_START), p32(model, BODY_RUNS), p32(model, BLOCKS), lambda, out);
  for (let i = 0; i < n; i++) setF(loads, i, f(constantLoads, i));
  addCompiledLoads(n32(model, LOAD_COUNT), p32(model, LOAD_RECORDS), p32(model, LOAD_VALUES), q, loads);
  bodyForces(n32(model, BODIES), p32(model, MASSES), p32(model, INERTIAS), q, qd, qdd, massScale, loads, -1, forceOld, oldWeight, out);
}

/**
 * Sherif Eq. 62 at (q̈_{n+1}, λ_{n+1}) into out, C(q_{n+1}) in out[n ..] (unscaled), and q_{n+1}, q̇_{n+1} and C_q
 * left for the Newton matrix: one call per Newton iteration.
 * @example hhtResidual(model, vectors, 1e-5, 0.36, 0.7, 1, 1 / 0.8, -0.2 / 0.8)
 */
export function hhtResidual(
  model: usize, vectors: usize, h: f64, beta: f64, gamma: f64, modified: i32, massScale: f64, oldWeight: f64,
): void {
  const bodies = n32(model, BODIES), n = n32(model, N);
  const qNew = p32(vectors, Q_NEW), qdNew = p32(vectors, QD_NEW), qddNew = p32(vectors, QDD_NEW), out = p32(vectors, OUT);
  hhtKinematics(
    bodies, h, beta, gamma, modified, p32(vectors, Q), p32(vectors, QD), p32(vectors, QDD), qddNew,
    modified != 0 ? p32(vectors, HISTORY) : 0, qNew, qdNew,
  );
  // The model's blocks are written by its program alone: their structural zeros stay zeros (zeroAll = 0).
  runConstraints(
    p32(model, PROGRAM), p32(model, HEADERS), n32(model, RECORDS), qNew, out + (<usize>n << 3), p32(model, BLOCKS), 0, bodies,
    p32(model, ROTATIONS),
  );
  forceTerm(model, qNew, qdNew, qddNew, massScale, p32(vectors, LAMBDA_NEW), p32(vectors, FORCE_OLD), oldWeight, out);
}

/**
 * The accepted step's terms in one call: q_{n+1}, q̇_{n+1} from the final q̈_{n+1} (hhtKinematics), then the old
 * force term of the next step's Eq. 62, (C_qᵀλ − Q)_{n+1}, into the table's (C_qᵀλ − Q)_n vector, with C_q of the
 * last residual.
 * @example hhtAccept(model, vectors, 1e-5, 0.36, 0.7, 1)
 */
export function hhtAccept(model: usize, vectors: usize, h: f64, beta: f64, gamma: f64, modified: i32): void {
  const qNew = p32(vectors, Q_NEW), qdNew = p32(vectors, QD_NEW);
  hhtKinematics(
    n32(model, BODIES), h, beta, gamma, modified, p32(vectors, Q), p32(vectors, QD), p32(vectors, QDD), p32(vectors, QDD_NEW),
    modified != 0 ? p32(vectors, HISTORY) : 0, qNew, qdNew,
  );
  forceTerm(model, qNew, qdNew, 0, 0, p32(vectors, LAMBDA_NEW), 0, 0, p32(vectors, FORCE_OLD));
}
