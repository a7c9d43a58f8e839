/**
 * The accepted step into a stepper's state in one call (integrators/implicitStepper.ts: accept): q ← q_{n+1},
 * q̇ ← q̇_{n+1}, q̈ ← q̈_{n+1}, λ ← λ_{n+1}, and the error weights Y raised to |q_i| and |q̇_i| (Negrut Eq. 35b's
 * Y; integrators/errorWeights.ts). Copies and maxima only, so the numbers are those of the TypeScript (two
 * components at a time: f64x2.pmax(y, a) = y < a ? a : y is the scalar `if (a > y) y = a`, NaN and ±0 included).
 *
 * table (i32, written once by the stepper): n, m, then the pointers of q_{n+1}, q̇_{n+1}, the unknowns
 * [q̈_{n+1}; λ_{n+1}], q, q̇, q̈, λ, Y_q, Y_q̇.
 */

const N = 0, M = 1, Q_NEW = 2, QD_NEW = 3, UNKNOWNS = 4, Q = 5, QD = 6, QDD = 7, LAMBDA = 8, Y_Q = 9, Y_QD = 10;

@inline function f(ptr: usize, k: i32): f64 { return load<f64>(ptr + (<usize>k << 3)); }
@inline function setF(ptr: usize, k: i32, v: f64): void { store<f64>(ptr + (<usize>k << 3), v); }
@inline function v2(ptr: usize, k: i32): v128 { return v128.load(ptr + (<usize>k << 3), 0, 8); }
@inline function setV2(ptr: usize, k: i32, v: v128): void { v128.store(ptr + (<usize>k << 3), v, 0, 8); }
@inline function n32(ptr: usize, k: i32): i32 { return load<i32>(ptr + (<usize>k << 2)); }
@inline function p32(ptr: usize, k: i32): usize { return <usize>load<i32>(ptr + (<usize>k << 2)); }

/** x ← source and y_i = max(y_i, |x_i|) over count entries. */
function copyAndRaise(count: i32, source: usize, x: usize, y: usize): void {
  let i = 0;
  for (; i + 1 < count; i += 2) {
    const v = v2(source, i);
    setV2(x, i, v);
    setV2(y, i, f64x2.pmax(v2(y, i), f64x2.abs(v)));
  }
  for (; i < count; i++) {
    const v = f(source, i);
    setF(x, i, v);
    const a = abs<f64>(v);
    if (a > f(y, i)) setF(y, i, a);
  }
}

/** Moves the solved step into the state (above). @example acceptState(table) */
export function acceptState(table: usize): void {
  const n = n32(table, N), m = n32(table, M), unknowns = p32(table, UNKNOWNS);
  copyAndRaise(n, p32(table, Q_NEW), p32(table, Q), p32(table, Y_Q));
  copyAndRaise(n, p32(table, QD_NEW), p32(table, QD), p32(table, Y_QD));
  memory.copy(p32(table, QDD), unknowns, <usize>n << 3);
  memory.copy(p32(table, LAMBDA), unknowns + (<usize>n << 3), <usize>m << 3);
}

/** destination[0 .. count) = source[0 .. count) (f64): a history's push (integrators/predictor.ts). */
export function copyF64(destination: usize, source: usize, count: i32): void {
  memory.copy(destination, source, <usize>count << 3);
}
