/**
 * The applied loads the residual kernel evaluates itself (model/loads.ts marks them: Load.compiled): a force F at a
 * body's centre of mass, Q_r = F, and a moment m in body axes, Q_e = 2 Lᵀ(e) m, or T in global axes, Q_e = 2 Eᵀ(e) T
 * (Sherif Eq. 9, right-hand side; E is L's global-axes twin, rotation/eulerParameters.ts). Their vectors depend on t
 * only: model/assembly.ts evaluates them once per time in TypeScript and writes them into `values`. Each sum is
 * formed as in the TypeScript loads (lTransposeTimes, eTransposeTimes, then out += 2 z), so the numbers are the same
 * to the bit.
 */

@inline function f(ptr: usize, k: i32): f64 { return load<f64>(ptr + (<usize>k << 3)); }
@inline function setF(ptr: usize, k: i32, v: f64): void { store<f64>(ptr + (<usize>k << 3), v); }
@inline function n32(ptr: usize, k: i32): i32 { return load<i32>(ptr + (<usize>k << 2)); }

/** A record's kind (model/assembly.ts: LOAD_KINDS). */
const FORCE = 0, BODY_MOMENT = 1;

/**
 * loads[c ..] += each compiled load's generalized force at q. records: 2 i32 per load, its kind (0 force, 1 moment in
 * body axes, 2 moment in global axes) and its first coordinate c (r of the body for a force, e for a moment);
 * values: 3 f64 per load, its vector at the call's time.
 * @example addCompiledLoads(1, records, values, qNew, loads) // the V8's crank torque, 2 Eᵀ(e) T(t)
 */
export function addCompiledLoads(count: i32, records: usize, values: usize, q: usize, loads: usize): void {
  for (let k = 0; k < count; k++) {
    const kind = n32(records, 2 * k), c = n32(records, 2 * k + 1);
    const y0 = f(values, 3 * k), y1 = f(values, 3 * k + 1), y2 = f(values, 3 * k + 2);
    if (kind == FORCE) {
      setF(loads, c, f(loads, c) + y0);
      setF(loads, c + 1, f(loads, c + 1) + y1);
      setF(loads, c + 2, f(loads, c + 2) + y2);
      continue;
    }
    const e0 = f(q, c), e1 = f(q, c + 1), e2 = f(q, c + 2), e3 = f(q, c + 3);
    let z0: f64, z1: f64, z2: f64, z3: f64;
    if (kind == BODY_MOMENT) {
      z0 = -e1 * y0 - e2 * y1 - e3 * y2;
      z1 = e0 * y0 - e3 * y1 + e2 * y2;
      z2 = e3 * y0 + e0 * y1 - e1 * y2;
      z3 = -e2 * y0 + e1 * y1 + e0 * y2;
    } else {
      z0 = -e1 * y0 - e2 * y1 - e3 * y2;
      z1 = e0 * y0 + e3 * y1 - e2 * y2;
      z2 = -e3 * y0 + e0 * y1 + e1 * y2;
      z3 = e2 * y0 - e1 * y1 + e0 * y2;
    }
    setF(loads, c, f(loads, c) + 2 * z0);
    setF(loads, c + 1, f(loads, c + 1) + 2 * z1);
    setF(loads, c + 2, f(loads, c + 2) + 2 * z2);
    setF(loads, c + 3, f(loads, c + 3) + 2 * z3);
  }
}
