/**
 * The per-body terms of the Newton residual in Euler parameters, for every body in one call (model/assembly.ts and
 * integrators/methods/hhtMethod.ts call them on vectors in the model's memory):
 *   hhtKinematics        q_{n+1} by Sherif Eq. 59; q̇_{n+1} by Eq. 60 (classical) or, for the Euler parameters,
 *                        Eq. 34 with w of Eq. 75 (modified)
 *   modifiedHistory      w = L(e_n) ė_n + h(1−γ) L(e_n) ë_n per body (Sherif Eq. 75)
 *   bodyForces           out += s_Q (loads − f2) [− w_old · forceOld] [+ s_M · M(q) q̈]: the inertia terms of
 *                        Sherif Eq. 9, f1 = 4 Lᵀ(e) J L(e) ë and f2 = 8 Lᵀ(e) L(e) Lᵀ(ė) J L(e) ė, with the
 *                        old force term of Eq. 62
 * L(e) is Sherif Eq. 4's 3×4 matrix, J = diag(Jx, Jy, Jz). Every sum is formed in the order of the TypeScript it
 * replaced (rotation/eulerParameters.ts: lTimes, lTransposeTimes; integrators/newmark.ts), so the numbers are the
 * same to the bit. Pointers are byte offsets of f64 arrays; 7 coordinates per body, (r, e).
 */

const COORDS_PER_BODY = 7;

@inline function f(ptr: usize, k: i32): f64 { return load<f64>(ptr + (<usize>k << 3)); }
@inline function setF(ptr: usize, k: i32, v: f64): void { store<f64>(ptr + (<usize>k << 3), v); }
/** Coordinates k, k + 1 (8-byte aligned, so the load and store say so). */
@inline function v2(ptr: usize, k: i32): v128 { return v128.load(ptr + (<usize>k << 3), 0, 8); }
@inline function setV2(ptr: usize, k: i32, v: v128): void { v128.store(ptr + (<usize>k << 3), v, 0, 8); }

/**
 * Component k (a constant after inlining) of L(e) x (a 3-vector) and of Lᵀ(e) y (a 4-vector), Sherif Eq. 4: each a
 * local, where one function setting module globals made every product a store and a load.
 */
@inline function lRow(k: i32, e0: f64, e1: f64, e2: f64, e3: f64, x0: f64, x1: f64, x2: f64, x3: f64): f64 {
  switch (k) {
    case 0: return -e1 * x0 + e0 * x1 + e3 * x2 - e2 * x3;
    case 1: return -e2 * x0 - e3 * x1 + e0 * x2 + e1 * x3;
    default: return -e3 * x0 + e2 * x1 - e1 * x2 + e0 * x3;
  }
}

@inline function ltRow(k: i32, e0: f64, e1: f64, e2: f64, e3: f64, y0: f64, y1: f64, y2: f64): f64 {
  switch (k) {
    case 0: return -e1 * y0 - e2 * y1 - e3 * y2;
    case 1: return e0 * y0 - e3 * y1 + e2 * y2;
    case 2: return e3 * y0 + e0 * y1 - e1 * y2;
    default: return -e2 * y0 + e1 * y1 + e0 * y2;
  }
}

/**
 * w (3 per body) = L(e_n) ė_n + h(1−γ) L(e_n) ë_n (Sherif Eq. 75), fixed during Newton.
 * @example modifiedHistory(17, 1e-4, 0.8, q, qd, qdd, w)
 */
export function modifiedHistory(bodyCount: i32, h: f64, gamma: f64, q: usize, qd: usize, qdd: usize, history: usize): void {
  const a = h * (1 - gamma);
  for (let b = 0; b < bodyCount; b++) {
    const oe = b * COORDS_PER_BODY + 3, ow = 3 * b;
    const e0 = f(q, oe), e1 = f(q, oe + 1), e2 = f(q, oe + 2), e3 = f(q, oe + 3);
    const d0 = f(qd, oe), d1 = f(qd, oe + 1), d2 = f(qd, oe + 2), d3 = f(qd, oe + 3);
    const a0 = f(qdd, oe), a1 = f(qdd, oe + 1), a2 = f(qdd, oe + 2), a3 = f(qdd, oe + 3);
    setF(history, ow, lRow(0, e0, e1, e2, e3, d0, d1, d2, d3) + a * lRow(0, e0, e1, e2, e3, a0, a1, a2, a3));
    setF(history, ow + 1, lRow(1, e0, e1, e2, e3, d0, d1, d2, d3) + a * lRow(1, e0, e1, e2, e3, a0, a1, a2, a3));
    setF(history, ow + 2, lRow(2, e0, e1, e2, e3, d0, d1, d2, d3) + a * lRow(2, e0, e1, e2, e3, a0, a1, a2, a3));
  }
}

/**
 * q_{n+1} = q_n + h q̇_n + h²/2 (1−2β) q̈_n + h²β q̈_{n+1} (Sherif Eq. 59) for all n = 7·bodyCount coordinates;
 * q̇_{n+1} = q̇_n + h(1−γ) q̈_n + hγ q̈_{n+1} (Eq. 60) for all of them (modified = 0), or for the positions only,
 * the Euler parameters taking ė_{n+1} = Lᵀ(e_{n+1}) w + hγ (I₄ − e_{n+1} e_{n+1}ᵀ) ë_{n+1} (Eq. 34; modified = 1).
 * @example hhtKinematics(17, 1e-4, 0.4225, 0.8, 1, q, qd, qdd, qddNew, w, qNew, qdNew)
 */
export function hhtKinematics(
  bodyCount: i32, h: f64, beta: f64, gamma: f64, modified: i32,
  q: usize, qd: usize, qdd: usize, qddNew: usize, history: usize, qNew: usize, qdNew: usize,
): void {
  const n = bodyCount * COORDS_PER_BODY;
  const pa = 0.5 * h * h * (1 - 2 * beta);
  const pb = h * h * beta;
  // Two coordinates at a time (f64x2), each lane the scalar sum in the same order, so the bits are the same.
  const hv = f64x2.splat(h), pav = f64x2.splat(pa), pbv = f64x2.splat(pb);
  let i = 0;
  for (; i + 1 < n; i += 2) {
    setV2(qNew, i, f64x2.add(f64x2.add(f64x2.add(v2(q, i), f64x2.mul(hv, v2(qd, i))), f64x2.mul(pav, v2(qdd, i))),
      f64x2.mul(pbv, v2(qddNew, i))));
  }
  if (i < n) setF(qNew, i, f(q, i) + h * f(qd, i) + pa * f(qdd, i) + pb * f(qddNew, i));
  const va = h * (1 - gamma);
  const vb = h * gamma;
  if (modified == 0) {
    const vav = f64x2.splat(va), vbv = f64x2.splat(vb);
    for (i = 0; i + 1 < n; i += 2) {
      setV2(qdNew, i, f64x2.add(f64x2.add(v2(qd, i), f64x2.mul(vav, v2(qdd, i))), f64x2.mul(vbv, v2(qddNew, i))));
    }
    if (i < n) setF(qdNew, i, f(qd, i) + va * f(qdd, i) + vb * f(qddNew, i));
    return;
  }
  for (let b = 0; b < bodyCount; b++) {
    const c = b * COORDS_PER_BODY, oe = c + 3, ow = 3 * b;
    for (let i = c; i < c + 3; i++) setF(qdNew, i, f(qd, i) + va * f(qdd, i) + vb * f(qddNew, i));
    const w0 = f(history, ow), w1 = f(history, ow + 1), w2 = f(history, ow + 2);
    const e0 = f(qNew, oe), e1 = f(qNew, oe + 1), e2 = f(qNew, oe + 2), e3 = f(qNew, oe + 3);
    const a0 = f(qddNew, oe), a1 = f(qddNew, oe + 1), a2 = f(qddNew, oe + 2), a3 = f(qddNew, oe + 3);
    const ea = e0 * a0 + e1 * a1 + e2 * a2 + e3 * a3;
    setF(qdNew, oe, ltRow(0, e0, e1, e2, e3, w0, w1, w2) + vb * (a0 - e0 * ea));
    setF(qdNew, oe + 1, ltRow(1, e0, e1, e2, e3, w0, w1, w2) + vb * (a1 - e1 * ea));
    setF(qdNew, oe + 2, ltRow(2, e0, e1, e2, e3, w0, w1, w2) + vb * (a2 - e2 * ea));
    setF(qdNew, oe + 3, ltRow(3, e0, e1, e2, e3, w0, w1, w2) + vb * (a3 - e3 * ea));
  }
}

/**
 * For every body, on its 7 entries i: loads[i] −= f2 on the Euler parameters (loads then holds Q), then
 *   out[i] += forceScale · loads[i];  out[i] −= oldWeight · forceOld[i] (if forceOld ≠ 0);
 *   out[i] += massScale · (M(q) q̈)_i (if qdd ≠ 0; M = diag(m I₃, 4 LᵀJL), f1 of Sherif Eq. 9).
 * loads holds the applied loads on entry (written by the TypeScript loads). inertias: 3 per body.
 * @example bodyForces(17, m, J, q, qd, qdd, 1 / (1 + α), Q, −1, fOld, α / (1 + α), out) // Sherif Eq. 62 without C_qᵀλ
 */
export function bodyForces(
  bodyCount: i32, masses: usize, inertias: usize, q: usize, qd: usize, qdd: usize, massScale: f64,
  loads: usize, forceScale: f64, forceOld: usize, oldWeight: f64, out: usize,
): void {
  for (let b = 0; b < bodyCount; b++) {
    const c = b * COORDS_PER_BODY, oe = c + 3, oj = 3 * b;
    const jx = f(inertias, oj), jy = f(inertias, oj + 1), jz = f(inertias, oj + 2);
    const e0 = f(q, oe), e1 = f(q, oe + 1), e2 = f(q, oe + 2), e3 = f(q, oe + 3);
    const d0 = f(qd, oe), d1 = f(qd, oe + 1), d2 = f(qd, oe + 2), d3 = f(qd, oe + 3);
    // f2: v = J L(e) ė, z = Lᵀ(ė) v, then Lᵀ(e) L(e) z.
    const v0 = lRow(0, e0, e1, e2, e3, d0, d1, d2, d3) * jx;
    const v1 = lRow(1, e0, e1, e2, e3, d0, d1, d2, d3) * jy;
    const v2 = lRow(2, e0, e1, e2, e3, d0, d1, d2, d3) * jz;
    const z0 = ltRow(0, d0, d1, d2, d3, v0, v1, v2), z1 = ltRow(1, d0, d1, d2, d3, v0, v1, v2);
    const z2 = ltRow(2, d0, d1, d2, d3, v0, v1, v2), z3 = ltRow(3, d0, d1, d2, d3, v0, v1, v2);
    const lz0 = lRow(0, e0, e1, e2, e3, z0, z1, z2, z3);
    const lz1 = lRow(1, e0, e1, e2, e3, z0, z1, z2, z3);
    const lz2 = lRow(2, e0, e1, e2, e3, z0, z1, z2, z3);
    const s8: f64 = -1 * 8;
    setF(loads, oe, f(loads, oe) + s8 * ltRow(0, e0, e1, e2, e3, lz0, lz1, lz2));
    setF(loads, oe + 1, f(loads, oe + 1) + s8 * ltRow(1, e0, e1, e2, e3, lz0, lz1, lz2));
    setF(loads, oe + 2, f(loads, oe + 2) + s8 * ltRow(2, e0, e1, e2, e3, lz0, lz1, lz2));
    setF(loads, oe + 3, f(loads, oe + 3) + s8 * ltRow(3, e0, e1, e2, e3, lz0, lz1, lz2));
    for (let i = c; i < c + COORDS_PER_BODY; i++) setF(out, i, f(out, i) + forceScale * f(loads, i));
    if (forceOld != 0) {
      for (let i = c; i < c + COORDS_PER_BODY; i++) setF(out, i, f(out, i) - oldWeight * f(forceOld, i));
    }
    if (qdd != 0) {
      const mb = massScale * f(masses, b);
      setF(out, c, f(out, c) + mb * f(qdd, c));
      setF(out, c + 1, f(out, c + 1) + mb * f(qdd, c + 1));
      setF(out, c + 2, f(out, c + 2) + mb * f(qdd, c + 2));
      const a0 = f(qdd, oe), a1 = f(qdd, oe + 1), a2 = f(qdd, oe + 2), a3 = f(qdd, oe + 3);
      const y0 = lRow(0, e0, e1, e2, e3, a0, a1, a2, a3) * jx;
      const y1 = lRow(1, e0, e1, e2, e3, a0, a1, a2, a3) * jy;
      const y2 = lRow(2, e0, e1, e2, e3, a0, a1, a2, a3) * jz;
      const s4 = massScale * 4;
      setF(out, oe, f(out, oe) + s4 * ltRow(0, e0, e1, e2, e3, y0, y1, y2));
      setF(out, oe + 1, f(out, oe + 1) + s4 * ltRow(1, e0, e1, e2, e3, y0, y1, y2));
      setF(out, oe + 2, f(out, oe + 2) + s4 * ltRow(2, e0, e1, e2, e3, y0, y1, y2));
      setF(out, oe + 3, f(out, oe + 3) + s4 * ltRow(3, e0, e1, e2, e3, y0, y1, y2));
    }
  }
}

// The Newton matrix's per-body 4×4 blocks (Sherif Eq. 65): scratch of one body.
const tmp = memory.data(16 * 8);
const tmp2 = memory.data(16 * 8);
const zv = memory.data(4 * 8);

/** Which blocks bodyBlocks computes (a bit mask). */
const MASS = 1, MASS_STIFFNESS = 2, QUADRATIC_STIFFNESS = 4, RATE_DERIVATIVE = 8;
/** Each body's blocks in `out`: 4 row-major 4×4 blocks, in the order of the bits above. */
const BODY_BLOCKS = 64;

/**
 * out[4a + b] += sign · t_a (add ≠ 0) or out[4a + b] = sign · t_a, (t0 … t3) = Lᵀ(x) (c0 jx, c1 jy, c2 jz): one
 * column of the inertia sandwich.
 */
@inline function sandwichColumn(
  jx: f64, jy: f64, jz: f64, x: usize, ox: i32, c0: f64, c1: f64, c2: f64, sign: f64, out: usize, b: i32, add: bool,
): void {
  const x0 = f(x, ox), x1 = f(x, ox + 1), x2 = f(x, ox + 2), x3 = f(x, ox + 3);
  const y0 = c0 * jx, y1 = c1 * jy, y2 = c2 * jz;
  setF(out, b, (add ? f(out, b) : 0) + sign * ltRow(0, x0, x1, x2, x3, y0, y1, y2));
  setF(out, 4 + b, (add ? f(out, 4 + b) : 0) + sign * ltRow(1, x0, x1, x2, x3, y0, y1, y2));
  setF(out, 8 + b, (add ? f(out, 8 + b) : 0) + sign * ltRow(2, x0, x1, x2, x3, y0, y1, y2));
  setF(out, 12 + b, (add ? f(out, 12 + b) : 0) + sign * ltRow(3, x0, x1, x2, x3, y0, y1, y2));
}

/**
 * out[4a + b] += sign · (Lᵀ(x) J L(y))[a][b]: column b is Lᵀ(x) J L(y) u_b (the inertia sandwich of the TypeScript
 * this replaced). L(y) u_b, which that code formed as lTimes(y, u_b), is column b of Sherif Eq. 4's L(y) itself:
 * each of its sums has one term ±y_k · 1 and three ±y · 0, and adding a zero to a nonzero number, or multiplying it
 * by 1, is exact, so only the sign of a zero result can differ, and a zero's sign never reaches the matrix (its
 * entries are sums that start from +0).
 */
function addInertiaSandwich(jx: f64, jy: f64, jz: f64, x: usize, ox: i32, y: usize, oy: i32, sign: f64, out: usize): void {
  inertiaSandwich(jx, jy, jz, x, ox, y, oy, sign, out, true);
}

/** out[4a + b] = scale · (Lᵀ(x) J L(y))[a][b]: addInertiaSandwich on a zeroed out, then scaled (0 + 1 · t is t). */
function setInertiaSandwich(jx: f64, jy: f64, jz: f64, x: usize, ox: i32, y: usize, oy: i32, scale: f64, out: usize): void {
  inertiaSandwich(jx, jy, jz, x, ox, y, oy, scale, out, false);
}

@inline function inertiaSandwich(
  jx: f64, jy: f64, jz: f64, x: usize, ox: i32, y: usize, oy: i32, sign: f64, out: usize, add: bool,
): void {
  const y0 = f(y, oy), y1 = f(y, oy + 1), y2 = f(y, oy + 2), y3 = f(y, oy + 3);
  sandwichColumn(jx, jy, jz, x, ox, -y1, -y2, -y3, sign, out, 0, add);
  sandwichColumn(jx, jy, jz, x, ox, y0, -y3, y2, sign, out, 1, add);
  sandwichColumn(jx, jy, jz, x, ox, y3, y0, -y1, sign, out, 2, add);
  sandwichColumn(jx, jy, jz, x, ox, -y2, y1, y0, sign, out, 3, add);
}

/** out[0..16) = ŵ for the 3-vector (wx, wy, wz): L(e)ᵀ w = ŵ e (Sherif Eq. 70). */
function wHat(wx: f64, wy: f64, wz: f64, out: usize): void {
  setF(out, 0, 0); setF(out, 1, -wx); setF(out, 2, -wy); setF(out, 3, -wz);
  setF(out, 4, wx); setF(out, 5, 0); setF(out, 6, wz); setF(out, 7, -wy);
  setF(out, 8, wy); setF(out, 9, -wz); setF(out, 10, 0); setF(out, 11, wx);
  setF(out, 12, wz); setF(out, 13, wy); setF(out, 14, -wx); setF(out, 15, 0);
}

/**
 * Every body's 4×4 Euler-parameter blocks of the Newton matrix (Sherif Eq. 65), each multiplied by its scale, into
 * out[64 b ..] (row-major, in this order; a block not asked for by `parts` is left as it was):
 *   MASS                 sM · 4 LᵀJL                                          (M's e-block, f1 = 4 LᵀJL ë)
 *   MASS_STIFFNESS       sK · ∂f1/∂e = sK · 4 [ŵ(J L(e) ë) − Lᵀ(e) J L(ë)]
 *   QUADRATIC_STIFFNESS  sQ · ∂f2/∂e = sQ · 8 [2 z eᵀ − (eᵀz) I − e zᵀ − (|e|² I − e eᵀ) Lᵀ(ė) J L(ė)], z = Lᵀ(ė) J L(e) ė
 *   RATE_DERIVATIVE      ∂f2/∂ė = 8 (|e|² I − e eᵀ) [ŵ(J L(e) ė) + Lᵀ(ė) J L(e)]   (unscaled; the methods form −Q_ė J₁ from it)
 * The arithmetic is that of the TypeScript it replaced (model/rigidBodyInertia.ts until 2026-11-28), step for step.
 * @example bodyBlocks(1 | 2, 17, J, q, qd, qdd, 1 / (1 + α), βh² / (1 + α), 0, out)
 */
export function bodyBlocks(
  parts: i32, bodyCount: i32, inertias: usize, q: usize, qd: usize, qdd: usize, sM: f64, sK: f64, sQ: f64, out: usize,
): void {
  for (let b = 0; b < bodyCount; b++) {
    const oe = b * COORDS_PER_BODY + 3, oj = 3 * b, o = out + (<usize>(b * BODY_BLOCKS) << 3);
    const jx = f(inertias, oj), jy = f(inertias, oj + 1), jz = f(inertias, oj + 2);
    if (parts & MASS) {
      setInertiaSandwich(jx, jy, jz, q, oe, q, oe, 4 * sM, o);
    }
    const e0 = f(q, oe), e1 = f(q, oe + 1), e2 = f(q, oe + 2), e3 = f(q, oe + 3);
    if (parts & MASS_STIFFNESS) {
      const a0 = f(qdd, oe), a1 = f(qdd, oe + 1), a2 = f(qdd, oe + 2), a3 = f(qdd, oe + 3);
      wHat(
        lRow(0, e0, e1, e2, e3, a0, a1, a2, a3) * jx, lRow(1, e0, e1, e2, e3, a0, a1, a2, a3) * jy,
        lRow(2, e0, e1, e2, e3, a0, a1, a2, a3) * jz, tmp,
      );
      addInertiaSandwich(jx, jy, jz, q, oe, qdd, oe, -1, tmp);
      const s = 4 * sK;
      for (let k = 0; k < 16; k++) setF(o, 16 + k, s * f(tmp, k));
    }
    if (parts & (QUADRATIC_STIFFNESS | RATE_DERIVATIVE)) {
      const ee = e0 * e0 + e1 * e1 + e2 * e2 + e3 * e3;
      // v = J L(e) ė, z = Lᵀ(ė) v.
      const d0 = f(qd, oe), d1 = f(qd, oe + 1), d2 = f(qd, oe + 2), d3 = f(qd, oe + 3);
      const v0 = lRow(0, e0, e1, e2, e3, d0, d1, d2, d3) * jx;
      const v1 = lRow(1, e0, e1, e2, e3, d0, d1, d2, d3) * jy;
      const v2 = lRow(2, e0, e1, e2, e3, d0, d1, d2, d3) * jz;
      const z0 = ltRow(0, d0, d1, d2, d3, v0, v1, v2), z1 = ltRow(1, d0, d1, d2, d3, v0, v1, v2);
      const z2 = ltRow(2, d0, d1, d2, d3, v0, v1, v2), z3 = ltRow(3, d0, d1, d2, d3, v0, v1, v2);
      if (parts & QUADRATIC_STIFFNESS) {
        const ez = e0 * z0 + e1 * z1 + e2 * z2 + e3 * z3;
        setInertiaSandwich(jx, jy, jz, qd, oe, qd, oe, 1, tmp2);
        setF(zv, 0, z0); setF(zv, 1, z1); setF(zv, 2, z2); setF(zv, 3, z3);
        const s = sQ * 8;
        for (let bb = 0; bb < 4; bb++) {
          const eS = e0 * f(tmp2, bb) + e1 * f(tmp2, 4 + bb) + e2 * f(tmp2, 8 + bb) + e3 * f(tmp2, 12 + bb);
          const eb = f(q, oe + bb), zb = f(zv, bb);
          for (let a = 0; a < 4; a++) {
            const ea = f(q, oe + a), za = f(zv, a);
            const ps = ee * f(tmp2, 4 * a + bb) - ea * eS;
            const d = 2 * za * eb - (a == bb ? ez : 0) - ea * zb;
            setF(o, 32 + 4 * a + bb, s * (d - ps));
          }
        }
      }
      if (parts & RATE_DERIVATIVE) {
        wHat(v0, v1, v2, tmp);
        addInertiaSandwich(jx, jy, jz, qd, oe, q, oe, 1, tmp);
        for (let bb = 0; bb < 4; bb++) {
          const eT = e0 * f(tmp, bb) + e1 * f(tmp, 4 + bb) + e2 * f(tmp, 8 + bb) + e3 * f(tmp, 12 + bb);
          for (let a = 0; a < 4; a++) setF(o, 48 + 4 * a + bb, 8 * (ee * f(tmp, 4 * a + bb) - f(q, oe + a) * eT));
        }
      }
    }
  }
}
