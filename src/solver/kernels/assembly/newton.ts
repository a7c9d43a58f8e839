/**
 * The Newton matrix of the HHT step (Sherif Eq. 65, the constraint rows as in Negrut Eq. 12) written straight into
 * the sparse LU's storage (linalg/sparseLu.ts lays the matrix's entries out where its factors live), on the model's
 * memory: model/newtonMatrixKernel.ts precomputes, once per layout, the place of every entry these kernels add to.
 *   multiplierStiffness  scale · ∂(C_qᵀλ)/∂q of every compiled primitive (the program of constraints.ts):
 *                        NORMALIZATION 2λI₄ on e; POINTS_COINCIDE ±H(s, λ); VECTORS_DOT H(u, b), H(v, a) and the
 *                        cross term B(e_i, u)ᵀB(e_j, v); VECTOR_TO_POINT_DOT its three Hessians, two cross terms
 *                        and two rotation–translation terms (model/constraintPrimitives.ts, bodyKinematics.ts)
 *   hhtNewtonMatrix      part 0: M/(1+α) and (Mq̈)_q βh²/(1+α) of every body (bodies.ts: bodyBlocks), then
 *                        multiplierStiffness(βh²); part 1: −(Q_q)βh² of the quadratic-velocity terms, −Q_ė J₁
 *                        (J₁ = hγ I₄, Eq. 67, or Sherif Eq. 69), and C_q, C_qᵀ (Negrut Eq. 12). Between the two
 *                        parts the caller adds the loads' stiffness (TypeScript), in the order the assembly always ran.
 * H(s, w) = ∂/∂e (B(e, s)ᵀ w) (rotation/eulerParameters.ts: rotatedVectorHessian), B(e, s) = ∂(A(e) s)/∂e. Every
 * value is formed, and added to each entry, in the order of the TypeScript assembly, so the matrix is the same to the
 * bit. A body index of −1 is the ground (nothing to add).
 *
 * Table (i32, model/newtonMatrixKernel.ts): [bodyCount, masses, inertias, program, records, bodyPlaces,
 * recordPairs, pairPlaces, blockEntries, blocks, rowPlace, columnPlace, bodyBlockData, values, expandedRows, expansion,
 * expandedLambda]. The program holds the records of ∂(C_qᵀλ)/∂q; when a reduced constraint takes its full joint's
 * records (expandedRows > 0), their rows index expandedLambda, filled first: λ[expansion[i]], or 0 where
 * expansion[i] < 0 (a dropped row, as model/reducedConstraint.ts does). bodyPlaces: 49 per
 * body, the place of (local row, local column) of the body's 7×7 coordinate block; recordPairs: per record, the
 * first of two 7×7 tables in pairPlaces, (body i, body j) then (body j, body i), or −1; rowPlace, columnPlace: the
 * places of C_q's and C_qᵀ's entries, one per entry of the Jacobian blocks.
 */
import { bodyBlocks } from './bodies';
import { pointInto, rotatedVectorInto, rotationJacobianInto, RECORD_LENGTH } from './constraints';

const NORMALIZATION = 0, POINTS_COINCIDE = 1, VECTORS_DOT = 2;
const COORDS_PER_BODY = 7, PLACES = 49, BODY_BLOCKS = 64;
/** bodyBlocks' parts: all four (mass, mass stiffness, quadratic stiffness, ∂f2/∂ė). */
const ALL_BODY_PARTS = 15;

@inline function f(ptr: usize, k: i32): f64 { return load<f64>(ptr + (<usize>k << 3)); }
@inline function setF(ptr: usize, k: i32, v: f64): void { store<f64>(ptr + (<usize>k << 3), v); }
@inline function n32(ptr: usize, k: i32): i32 { return load<i32>(ptr + (<usize>k << 2)); }
@inline function ptrAt(table: usize, k: i32): usize { return <usize>load<i32>(table + (<usize>k << 2)); }

/** values[places[k]] += x. */
@inline function addAt(values: usize, places: usize, k: i32, x: f64): void {
  const p = n32(places, k);
  setF(values, p, f(values, p) + x);
}

// Scratch: B(e_i, ·) and B(e_j, ·) (3×4 each), a, b and two points (3 each), J₁ (4×4).
const bi = memory.data(12 * 8);
const bj = memory.data(12 * 8);
const va = memory.data(3 * 8);
const vb = memory.data(3 * 8);
const pi = memory.data(3 * 8);
const pj = memory.data(3 * 8);
const block2 = memory.data(16 * 8);

/**
 * The e-block of a body's table += scale · H(s, w) (bodyKinematics.ts: addRotationHessian), s at rec[k..k+3),
 * w = (l0, l1, l2); H's entries formed as rotatedVectorHessian forms them, added row by row.
 */
function addRotationHessian(
  body: i32, rec: usize, k: i32, l0: f64, l1: f64, l2: f64, scale: f64, values: usize, bodyPlaces: usize,
): void {
  if (body < 0 || scale == 0) return;
  const s0 = f(rec, k), s1 = f(rec, k + 1), s2 = f(rec, k + 2);
  const d = 2 * (l0 * s0 + l1 * s1 + l2 * s2);
  const c0 = 2 * (s1 * l2 - s2 * l1), c1 = 2 * (s2 * l0 - s0 * l2), c2 = 2 * (s0 * l1 - s1 * l0);
  const x01 = 2 * (s0 * l1 + l0 * s1), x02 = 2 * (s0 * l2 + l0 * s2), x12 = 2 * (s1 * l2 + l1 * s2);
  const places = bodyPlaces + (<usize>(body * PLACES) << 2);
  addHessianRow(values, places, 0, scale, d, c0, c1, c2);
  addHessianRow(values, places, 1, scale, c0, 4 * s0 * l0 - d, x01, x02);
  addHessianRow(values, places, 2, scale, c1, x01, 4 * s1 * l1 - d, x12);
  addHessianRow(values, places, 3, scale, c2, x02, x12, 4 * s2 * l2 - d);
}

/** Row a of a body's e-block += scale · (h0, h1, h2, h3). */
@inline function addHessianRow(values: usize, places: usize, a: i32, scale: f64, h0: f64, h1: f64, h2: f64, h3: f64): void {
  const at = 7 * (3 + a) + 3;
  addAt(values, places, at, scale * h0);
  addAt(values, places, at + 1, scale * h1);
  addAt(values, places, at + 2, scale * h2);
  addAt(values, places, at + 3, scale * h3);
}

/**
 * (e_i, e_j) += scale · B(e_i, u)ᵀ B(e_j, v) and (e_j, e_i) += its transpose (bodyKinematics.ts: addCrossRotationTerm);
 * u at rec[ku ..], v at rec[kv ..].
 */
function addCrossRotationTerm(
  q: usize, bodyI: i32, rec: usize, ku: i32, bodyJ: i32, kv: i32, scale: f64, values: usize, bodyPlaces: usize, pair: usize,
): void {
  if (bodyI < 0 || bodyJ < 0 || scale == 0) return;
  rotationJacobianInto(q, bodyI, rec, ku, bi);
  rotationJacobianInto(q, bodyJ, rec, kv, bj);
  addCrossRotationBlocks(bodyI, bodyJ, scale, values, bodyPlaces, pair);
}

/**
 * addCrossRotationTerm's additions, B(e_i, u) in bi and B(e_j, v) in bj (both bodies not the ground). One body: both
 * into its block, entry by entry in that function's order.
 */
function addCrossRotationBlocks(bodyI: i32, bodyJ: i32, scale: f64, values: usize, bodyPlaces: usize, pair: usize): void {
  if (bodyI == bodyJ) {
    const places = bodyPlaces + (<usize>(bodyI * PLACES) << 2);
    for (let a = 0; a < 4; a++) {
      for (let b = 0; b < 4; b++) {
        const x = scale * (f(bi, a) * f(bj, b) + f(bi, 4 + a) * f(bj, 4 + b) + f(bi, 8 + a) * f(bj, 8 + b));
        addAt(values, places, 7 * (3 + a) + 3 + b, x);
        addAt(values, places, 7 * (3 + b) + 3 + a, x);
      }
    }
    return;
  }
  for (let a = 0; a < 4; a++) {
    for (let b = 0; b < 4; b++) {
      const x = scale * (f(bi, a) * f(bj, b) + f(bi, 4 + a) * f(bj, 4 + b) + f(bi, 8 + a) * f(bj, 8 + b));
      addAt(values, pair, 7 * (3 + a) + 3 + b, x);
      addAt(values, pair, PLACES + 7 * (3 + b) + 3 + a, x);
    }
  }
}

/**
 * (e_b, r_k) += scale · B(e_b, u)ᵀ and (r_k, e_b) += scale · B(e_b, u) (bodyKinematics.ts: addRotationTranslationTerm),
 * B(e_b, u) in bi; `places` is the (b, k) table and `placesT` the (k, b) one (both b's own when k = b).
 */
function addRotationTranslationTerm(scale: f64, values: usize, places: usize, placesT: usize): void {
  for (let a = 0; a < 4; a++) {
    for (let i = 0; i < 3; i++) {
      const x = scale * f(bi, 4 * i + a);
      addAt(values, places, 7 * (3 + a) + i, x);
      addAt(values, placesT, 7 * i + 3 + a, x);
    }
  }
}

/**
 * values += scale · ∂(C_qᵀλ)/∂q of every record of the program at the table's places (the primitives'
 * addMultiplierStiffness, Sherif Eq. 65's (C_qᵀλ)_q). Moving ground vectors must be written into the records first.
 * @example multiplierStiffness(table, q, lambda, beta * h * h)
 */
export function multiplierStiffness(table: usize, q: usize, lambdaIn: usize, scale: f64): void {
  const program = ptrAt(table, 3), count = n32(table, 4), bodyPlaces = ptrAt(table, 5), recordPairs = ptrAt(table, 6);
  const pairPlaces = ptrAt(table, 7), values = ptrAt(table, 13), expandedRows = n32(table, 14);
  let lambda = lambdaIn;
  if (expandedRows > 0) {
    const expansion = ptrAt(table, 15);
    lambda = ptrAt(table, 16);
    for (let i = 0; i < expandedRows; i++) {
      const from = n32(expansion, i);
      setF(lambda, i, from < 0 ? 0 : f(lambdaIn, from));
    }
  }
  for (let r = 0; r < count; r++) {
    const rec = program + (<usize>(r * RECORD_LENGTH) << 3);
    const kind = <i32>f(rec, 0), i = <i32>f(rec, 1), j = <i32>f(rec, 2), row = <i32>f(rec, 3);
    const pairIndex = n32(recordPairs, r);
    const pair = pairIndex < 0 ? 0 : pairPlaces + (<usize>pairIndex << 2);
    if (kind == NORMALIZATION) {
      const x = 2 * scale * f(lambda, row), places = bodyPlaces + (<usize>(i * PLACES) << 2);
      for (let a = 0; a < 4; a++) addAt(values, places, 8 * (3 + a), x);
    } else if (kind == POINTS_COINCIDE) {
      const l0 = f(lambda, row), l1 = f(lambda, row + 1), l2 = f(lambda, row + 2);
      addRotationHessian(i, rec, 10, l0, l1, l2, scale, values, bodyPlaces);
      addRotationHessian(j, rec, 13, l0, l1, l2, -scale, values, bodyPlaces);
    } else if (kind == VECTORS_DOT) {
      const s = scale * f(lambda, row);
      if (s == 0) continue;
      rotatedVectorInto(q, i, rec, 10, va);
      rotatedVectorInto(q, j, rec, 13, vb);
      addRotationHessian(i, rec, 10, f(vb, 0), f(vb, 1), f(vb, 2), s, values, bodyPlaces);
      addRotationHessian(j, rec, 13, f(va, 0), f(va, 1), f(va, 2), s, values, bodyPlaces);
      addCrossRotationTerm(q, i, rec, 10, j, 13, s, values, bodyPlaces, pair);
    } else {
      // VECTOR_TO_POINT_DOT: a = A_i u, d = p_j − p_i; u at 10, s_i at 13, s_j at 16.
      const s = scale * f(lambda, row);
      if (s == 0) continue;
      rotatedVectorInto(q, i, rec, 10, va);
      pointInto(q, i, rec, 13, pi);
      pointInto(q, j, rec, 16, pj);
      const d0 = f(pj, 0) - f(pi, 0), d1 = f(pj, 1) - f(pi, 1), d2 = f(pj, 2) - f(pi, 2);
      const a0 = f(va, 0), a1 = f(va, 1), a2 = f(va, 2);
      addRotationHessian(i, rec, 10, d0, d1, d2, s, values, bodyPlaces);
      addRotationHessian(i, rec, 13, a0, a1, a2, -s, values, bodyPlaces);
      addRotationHessian(j, rec, 16, a0, a1, a2, s, values, bodyPlaces);
      // The rest: the cross terms (i, i) and (i, j), then the rotation–translation terms (i, i) and (i, j), all
      // with B(e_i, u), formed once; nothing of it when body i is the ground.
      if (i < 0) continue;
      const own = bodyPlaces + (<usize>(i * PLACES) << 2);
      rotationJacobianInto(q, i, rec, 10, bi);
      rotationJacobianInto(q, i, rec, 13, bj);
      addCrossRotationBlocks(i, i, -s, values, bodyPlaces, pair);
      if (j >= 0) {
        rotationJacobianInto(q, j, rec, 16, bj);
        addCrossRotationBlocks(i, j, s, values, bodyPlaces, pair);
      }
      addRotationTranslationTerm(-s, values, own, own);
      if (j < 0) continue;
      if (i == j) addRotationTranslationTerm(s, values, own, own);
      else addRotationTranslationTerm(s, values, pair, pair + (<usize>PLACES << 2));
    }
  }
}

/**
 * The e-block of body b's table, still +0, += m + k entry by entry, m and k the row-major 4×4s at src and src + 16:
 * (0 + m) + k, the two additions of the assembly, is m + k (0 + m is m up to a zero's sign, which m + k settles alike).
 */
@inline function addFirstBodyBlocks(values: usize, bodyPlaces: usize, b: i32, src: usize): void {
  const places = bodyPlaces + (<usize>(b * PLACES) << 2);
  for (let a = 0; a < 4; a++) {
    for (let c = 0; c < 4; c++) addAt(values, places, 7 * (3 + a) + 3 + c, f(src, 4 * a + c) + f(src, 16 + 4 * a + c));
  }
}

/**
 * J₁ = ∂ė_{n+1}/∂ë_{n+1} of Sherif Eq. 69 into block2 = h²β ŵ + hγ (I₄ − e eᵀ) − h³γβ (e ëᵀ + (eᵀë) I₄), w at
 * history[3b ..] (integrators/newmark.ts: modifiedVelocityJacobian's arithmetic), row by row from locals.
 */
function modifiedVelocityJacobian(h: f64, beta: f64, gamma: f64, history: usize, b: i32, q: usize, qdd: usize): void {
  const oe = b * COORDS_PER_BODY + 3, ow = 3 * b;
  const wx = f(history, ow), wy = f(history, ow + 1), wz = f(history, ow + 2);
  const hb = h * h * beta, hg = h * gamma, hgb = h * h * h * gamma * beta;
  const e0 = f(q, oe), e1 = f(q, oe + 1), e2 = f(q, oe + 2), e3 = f(q, oe + 3);
  const d0 = f(qdd, oe), d1 = f(qdd, oe + 1), d2 = f(qdd, oe + 2), d3 = f(qdd, oe + 3);
  let ed: f64 = 0;
  ed += e0 * d0; ed += e1 * d1; ed += e2 * d2; ed += e3 * d3;
  // ŵ's rows (Sherif Eq. 70): (0, −wx, −wy, −wz), (wx, 0, wz, −wy), (wy, −wz, 0, wx), (wz, wy, −wx, 0).
  velocityJacobianRow(0, 0, -wx, -wy, -wz, e0, e0, e1, e2, e3, d0, d1, d2, d3, ed, hb, hg, hgb);
  velocityJacobianRow(1, wx, 0, wz, -wy, e1, e0, e1, e2, e3, d0, d1, d2, d3, ed, hb, hg, hgb);
  velocityJacobianRow(2, wy, -wz, 0, wx, e2, e0, e1, e2, e3, d0, d1, d2, d3, ed, hb, hg, hgb);
  velocityJacobianRow(3, wz, wy, -wx, 0, e3, e0, e1, e2, e3, d0, d1, d2, d3, ed, hb, hg, hgb);
}

/** Row a of J₁: hb ŵ_ac + hg (δ_ac − e_a e_c) − hgb (e_a ë_c + (eᵀë) δ_ac), δ_ac the 1 or 0 newmark.ts multiplies by. */
@inline function velocityJacobianRow(
  a: i32, w0: f64, w1: f64, w2: f64, w3: f64, ea: f64, e0: f64, e1: f64, e2: f64, e3: f64,
  d0: f64, d1: f64, d2: f64, d3: f64, ed: f64, hb: f64, hg: f64, hgb: f64,
): void {
  const i0: f64 = a == 0 ? 1 : 0, i1: f64 = a == 1 ? 1 : 0, i2: f64 = a == 2 ? 1 : 0, i3: f64 = a == 3 ? 1 : 0;
  setF(block2, 4 * a, hb * w0 + hg * (i0 - ea * e0) - hgb * (ea * d0 + ed * i0));
  setF(block2, 4 * a + 1, hb * w1 + hg * (i1 - ea * e1) - hgb * (ea * d1 + ed * i1));
  setF(block2, 4 * a + 2, hb * w2 + hg * (i2 - ea * e2) - hgb * (ea * d2 + ed * i2));
  setF(block2, 4 * a + 3, hb * w3 + hg * (i3 - ea * e3) - hgb * (ea * d3 + ed * i3));
}

/**
 * Sherif Eq. 65's Newton matrix of HHT into the LU's storage, in two parts (the loads' stiffness between them):
 * part 0 the mass matrix M/(1+α), the mass stiffness (Mq̈)_q βh²/(1+α) and (C_qᵀλ)_q βh²; part 1 the
 * quadratic-velocity stiffness −(Q_q)βh², −Q_ė J₁ (classical: hγ ∂f2/∂ė, Eq. 67; modified: ∂f2/∂ė · J₁ of Eq. 69)
 * and C_q, C_qᵀ. q, q̇ at t_{n+1}, q̈ = q̈_{n+1}, λ = λ_{n+1}, history: w of Eq. 75 (modified only). The storage
 * is zeroed before part 0 (the Newton driver's zero()), so the mass and mass-stiffness e-blocks go in as one sum.
 * @example hhtNewtonMatrix(table, 0, qNew, qdNew, qddNew, lambdaNew, w, h, beta, gamma, alpha, 1)
 */
export function hhtNewtonMatrix(
  table: usize, part: i32, q: usize, qd: usize, qdd: usize, lambda: usize, history: usize,
  h: f64, beta: f64, gamma: f64, alpha: f64, modified: i32,
): void {
  const bodyCount = n32(table, 0), masses = ptrAt(table, 1), inertias = ptrAt(table, 2), bodyPlaces = ptrAt(table, 5);
  const data = ptrAt(table, 12), values = ptrAt(table, 13);
  const bh2 = beta * h * h;
  if (part == 0) {
    const sM = 1 / (1 + alpha);
    bodyBlocks(ALL_BODY_PARTS, bodyCount, inertias, q, qd, qdd, sM, bh2 / (1 + alpha), bh2, data);
    for (let b = 0; b < bodyCount; b++) {
      const places = bodyPlaces + (<usize>(b * PLACES) << 2), x = sM * f(masses, b);
      for (let i = 0; i < 3; i++) addAt(values, places, 8 * i, x);
      addFirstBodyBlocks(values, bodyPlaces, b, data + (<usize>(BODY_BLOCKS * b) << 3));
    }
    multiplierStiffness(table, q, lambda, bh2);
    return;
  }
  // Each e-entry += −(Q_q)βh², then += its −Q_ė J₁, in one pass (bodies' blocks are disjoint: the order per entry
  // is the assembly's).
  const hg = h * gamma;
  for (let b = 0; b < bodyCount; b++) {
    const quadratic = data + (<usize>(BODY_BLOCKS * b + 32) << 3), rate = data + (<usize>(BODY_BLOCKS * b + 48) << 3);
    const places = bodyPlaces + (<usize>(b * PLACES) << 2);
    if (modified != 0) modifiedVelocityJacobian(h, beta, gamma, history, b, q, qdd);
    for (let a = 0; a < 4; a++) {
      for (let c = 0; c < 4; c++) {
        let x: f64;
        if (modified == 0) x = hg * f(rate, 4 * a + c);
        else {
          let s: f64 = 0;
          for (let k = 0; k < 4; k++) s += f(rate, 4 * a + k) * f(block2, 4 * k + c);
          x = s;
        }
        const p = n32(places, 7 * (3 + a) + 3 + c);
        setF(values, p, f(values, p) + f(quadratic, 4 * a + c) + x);
      }
    }
  }
  const entries = n32(table, 8), blocks = ptrAt(table, 9), rowPlace = ptrAt(table, 10), columnPlace = ptrAt(table, 11);
  // Half the blocks' entries are exact zeros (a joint's ±I and its unused Euler-parameter columns): adding one
  // leaves the entry as it was (the storage starts at +0 and only ever receives sums, so it is never −0).
  for (let o = 0; o < entries; o++) {
    const x = f(blocks, o);
    if (x == 0) continue;
    addAt(values, rowPlace, o, x);
    addAt(values, columnPlace, o, x);
  }
}
