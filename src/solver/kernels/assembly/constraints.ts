/**
 * Constraint values C(q) and their Jacobian blocks C_q in one pass (the residual's constraint part, Sherif
 * Eqs. 57-58 and 62), for a program of primitives compiled once per model (kernels/constraintProgram.ts). The
 * primitives and their equations are those of model/constraintPrimitives.ts:
 *   NORMALIZATION       eᵀe − 1 = 0                                   (Sherif Eq. 5; row [0 0 0 | 2eᵀ])
 *   POINTS_COINCIDE     p_i(s_i) − p_j(s_j) = 0                       (3 rows; [±I | ±B(e, s)])
 *   VECTORS_DOT         (A_i u)ᵀ (A_j v) − c = 0                      (1 row; [0 | bᵀB(e_i, u)], [0 | aᵀB(e_j, v)])
 *   VECTOR_TO_POINT_DOT (A_i u)ᵀ (p_j(s_j) − p_i(s_i)) = 0            (1 row)
 * with A(e) of Sherif Eq. 2 and B(e, s) = ∂(A(e) s)/∂e (rotation/eulerParameters.ts: rotatedVectorJacobian).
 * Every sum is formed in the order of the TypeScript it replaced, so the numbers are the same to the bit.
 * A body index of −1 is the ground: A = I, r = 0. A ground vector that moves with time (a prescribed rotation's
 * w(t)) is written into the record by the caller before each call.
 *
 * Record (RECORD_LENGTH f64 each): [kind, bodyI, bodyJ, row, offset, ld, colI, colJ, zeroCount, c, x(3), y(3), z(3)]
 * — values[row ..] receive the rows, blocks[offset ..] the Jacobian rows (leading dimension ld, body i's columns
 * at colI, body j's at colJ, −1 for ground); blocks[offset .. offset + zeroCount) are zeroed first (a joint's
 * first primitive zeroes the joint's whole block). x, y, z: NORMALIZATION none; POINTS_COINCIDE s_i, s_j;
 * VECTORS_DOT u, v; VECTOR_TO_POINT_DOT u, s_i, s_j.
 */

export const RECORD_LENGTH = 19;
const NORMALIZATION = 0, POINTS_COINCIDE = 1, VECTORS_DOT = 2, VECTOR_TO_POINT_DOT = 3;
const COORDS_PER_BODY = 7;

@inline function f(ptr: usize, k: i32): f64 { return load<f64>(ptr + (<usize>k << 3)); }
@inline function setF(ptr: usize, k: i32, v: f64): void { store<f64>(ptr + (<usize>k << 3), v); }
@inline function addF(ptr: usize, k: i32, v: f64): void { setF(ptr, k, f(ptr, k) + v); }
@inline function n32(ptr: usize, k: i32): i32 { return load<i32>(ptr + (<usize>k << 2)); }

// Scratch of one primitive: a rotated vector x, a and b, two points.
let x0: f64 = 0, x1: f64 = 0, x2: f64 = 0, a0: f64 = 0, a1: f64 = 0, a2: f64 = 0, b0: f64 = 0, b1: f64 = 0, b2: f64 = 0;
let pi0: f64 = 0, pi1: f64 = 0, pi2: f64 = 0, pj0: f64 = 0, pj1: f64 = 0, pj2: f64 = 0;

/** The bodies' rotation matrices of the running program (9 f64 per body, row-major: rotationTable). */
let rotations: usize = 0;

/** Row-major A(e) of Sherif Eq. 2 for body b's Euler parameters into out[0..9). */
@inline function writeRotation(q: usize, body: i32, out: usize): void {
  const c = body * COORDS_PER_BODY + 3;
  const e0 = f(q, c), e1 = f(q, c + 1), e2 = f(q, c + 2), e3 = f(q, c + 3);
  setF(out, 0, e0 * e0 + e1 * e1 - e2 * e2 - e3 * e3);
  setF(out, 1, 2 * (e1 * e2 - e0 * e3));
  setF(out, 2, 2 * (e1 * e3 + e0 * e2));
  setF(out, 3, 2 * (e1 * e2 + e0 * e3));
  setF(out, 4, e0 * e0 + e2 * e2 - e3 * e3 - e1 * e1);
  setF(out, 5, 2 * (e2 * e3 - e0 * e1));
  setF(out, 6, 2 * (e1 * e3 - e0 * e2));
  setF(out, 7, 2 * (e2 * e3 + e0 * e1));
  setF(out, 8, e0 * e0 + e3 * e3 - e1 * e1 - e2 * e2);
}

/**
 * A(e_b) of every body into table (9 f64 each), made the running program's (rotations): once per evaluation instead of
 * once per rotated vector (a V8 evaluation rotates ≈ 150 vectors of 17 bodies).
 */
function rotationTable(q: usize, bodies: i32, table: usize): void {
  for (let b = 0; b < bodies; b++) writeRotation(q, b, table + (<usize>(9 * b) << 3));
  rotations = table;
}

/** x = A v, A row-major at a, v at rec[k..k+3). */
@inline function rotateBy(a: usize, rec: usize, k: i32): void {
  const v0 = f(rec, k), v1 = f(rec, k + 1), v2 = f(rec, k + 2);
  x0 = f(a, 0) * v0 + f(a, 1) * v1 + f(a, 2) * v2;
  x1 = f(a, 3) * v0 + f(a, 4) * v1 + f(a, 5) * v2;
  x2 = f(a, 6) * v0 + f(a, 7) * v1 + f(a, 8) * v2;
}

/** x = v, v at rec[k..k+3): a ground vector. */
@inline function copyVector(rec: usize, k: i32): void { x0 = f(rec, k); x1 = f(rec, k + 1); x2 = f(rec, k + 2); }

/** x += r_b: a point's position from its rotated vector. */
@inline function translate(q: usize, body: i32): void {
  const c = body * COORDS_PER_BODY;
  x0 += f(q, c); x1 += f(q, c + 1); x2 += f(q, c + 2);
}

/** x = A(e_b) v (v for ground), v at rec[k..k+3), A(e_b) from the running program's rotation table. */
@inline function rotate(body: i32, rec: usize, k: i32): void {
  if (body < 0) copyVector(rec, k);
  else rotateBy(rotations + (<usize>(9 * body) << 3), rec, k);
}

/** A(e) of one body for rotateFresh. */
const freshRotation = memory.data(9 * 8);

/** x = A(e_b) v (v for ground), v at rec[k..k+3), A(e_b) formed from q itself (rotate's numbers, without a table). */
function rotateFresh(q: usize, body: i32, rec: usize, k: i32): void {
  if (body < 0) { copyVector(rec, k); return; }
  writeRotation(q, body, freshRotation);
  rotateBy(freshRotation, rec, k);
}

/** a = A(e_b) v. */
function rotatedToA(body: i32, rec: usize, k: i32): void { rotate(body, rec, k); a0 = x0; a1 = x1; a2 = x2; }

/** b = A(e_b) v. */
function rotatedToB(body: i32, rec: usize, k: i32): void { rotate(body, rec, k); b0 = x0; b1 = x1; b2 = x2; }

/** x = r_b + A(e_b) s (s for ground), s at rec[k..k+3). */
function point(q: usize, body: i32, rec: usize, k: i32): void {
  rotate(body, rec, k);
  if (body >= 0) translate(q, body);
}

/** p_i = r_b + A(e_b) s. */
function pointToPi(q: usize, body: i32, rec: usize, k: i32): void { point(q, body, rec, k); pi0 = x0; pi1 = x1; pi2 = x2; }

/** p_j = r_b + A(e_b) s. */
function pointToPj(q: usize, body: i32, rec: usize, k: i32): void { point(q, body, rec, k); pj0 = x0; pj1 = x1; pj2 = x2; }

/** out[0..3) = A(e_b) v (v for ground), v at rec[k..k+3): rotate's numbers, for the Newton matrix's kernel (newton.ts). */
export function rotatedVectorInto(q: usize, body: i32, rec: usize, k: i32, out: usize): void {
  rotateFresh(q, body, rec, k);
  setF(out, 0, x0); setF(out, 1, x1); setF(out, 2, x2);
}

/** out[0..3) = r_b + A(e_b) s (s for ground), s at rec[k..k+3): point's numbers, for newton.ts. */
export function pointInto(q: usize, body: i32, rec: usize, k: i32, out: usize): void {
  rotateFresh(q, body, rec, k);
  if (body >= 0) translate(q, body);
  setF(out, 0, x0); setF(out, 1, x1); setF(out, 2, x2);
}

/** B(e_b, s) = ∂(A(e_b) s)/∂e (3×4, row-major) into out[0..12), s at rec[k..k+3) (rotation/eulerParameters.ts: rotatedVectorJacobian). */
export function rotationJacobianInto(q: usize, body: i32, rec: usize, k: i32, out: usize): void {
  writeRotationJacobian(q, body, rec, k, 1, out, 4);
}

/** sign · B(e_b, s) into out, row i at out[stride · i ..], s at rec[k..k+3) (sign ±1: the products are exact). */
@inline function writeRotationJacobian(q: usize, body: i32, rec: usize, k: i32, sign: f64, out: usize, stride: i32): void {
  const c = body * COORDS_PER_BODY + 3;
  const e0 = f(q, c), e1 = f(q, c + 1), e2 = f(q, c + 2), e3 = f(q, c + 3);
  const s0 = f(rec, k), s1 = f(rec, k + 1), s2 = f(rec, k + 2);
  const es = e1 * s0 + e2 * s1 + e3 * s2;
  const h = out, h1 = stride, h2 = 2 * stride;
  setF(h, 0, sign * (2 * (e0 * s0 + (e2 * s2 - e3 * s1))));
  setF(h, h1, sign * (2 * (e0 * s1 + (e3 * s0 - e1 * s2))));
  setF(h, h2, sign * (2 * (e0 * s2 + (e1 * s1 - e2 * s0))));
  setF(h, 1, sign * (2 * (-s0 * e1 + es + e1 * s0)));
  setF(h, 2, sign * (2 * (-s0 * e2 + e1 * s1 + e0 * s2)));
  setF(h, 3, sign * (2 * (-s0 * e3 + e1 * s2 - e0 * s1)));
  setF(h, h1 + 1, sign * (2 * (-s1 * e1 + e2 * s0 - e0 * s2)));
  setF(h, h1 + 2, sign * (2 * (-s1 * e2 + es + e2 * s1)));
  setF(h, h1 + 3, sign * (2 * (-s1 * e3 + e2 * s2 + e0 * s0)));
  setF(h, h2 + 1, sign * (2 * (-s2 * e1 + e3 * s0 + e0 * s1)));
  setF(h, h2 + 2, sign * (2 * (-s2 * e2 + e3 * s1 - e0 * s0)));
  setF(h, h2 + 3, sign * (2 * (-s2 * e3 + es + e3 * s2)));
}

/**
 * out[at + k] += scale · (w0 B_0k + w1 B_1k + w2 B_2k), B = B(e_b, s): ∂(wᵀ A(e) s)/∂e; B's entries in locals, each as
 * writeRotationJacobian forms it (sign 1).
 */
function addWeightedRow(q: usize, body: i32, rec: usize, k: i32, w0: f64, w1: f64, w2: f64, scale: f64, out: usize, at: i32): void {
  const c = body * COORDS_PER_BODY + 3;
  const e0 = f(q, c), e1 = f(q, c + 1), e2 = f(q, c + 2), e3 = f(q, c + 3);
  const s0 = f(rec, k), s1 = f(rec, k + 1), s2 = f(rec, k + 2);
  const es = e1 * s0 + e2 * s1 + e3 * s2;
  const h00 = 2 * (e0 * s0 + (e2 * s2 - e3 * s1)), h10 = 2 * (e0 * s1 + (e3 * s0 - e1 * s2)), h20 = 2 * (e0 * s2 + (e1 * s1 - e2 * s0));
  const h01 = 2 * (-s0 * e1 + es + e1 * s0), h02 = 2 * (-s0 * e2 + e1 * s1 + e0 * s2), h03 = 2 * (-s0 * e3 + e1 * s2 - e0 * s1);
  const h11 = 2 * (-s1 * e1 + e2 * s0 - e0 * s2), h12 = 2 * (-s1 * e2 + es + e2 * s1), h13 = 2 * (-s1 * e3 + e2 * s2 + e0 * s0);
  const h21 = 2 * (-s2 * e1 + e3 * s0 + e0 * s1), h22 = 2 * (-s2 * e2 + e3 * s1 - e0 * s0), h23 = 2 * (-s2 * e3 + es + e3 * s2);
  addF(out, at, scale * (w0 * h00 + w1 * h10 + w2 * h20));
  addF(out, at + 1, scale * (w0 * h01 + w1 * h11 + w2 * h21));
  addF(out, at + 2, scale * (w0 * h02 + w1 * h12 + w2 * h22));
  addF(out, at + 3, scale * (w0 * h03 + w1 * h13 + w2 * h23));
}

/** The rows ±[I | B(e_b, s)] of a point, sign ±1, at column col of a block (no-op for ground). */
function writePointColumns(q: usize, body: i32, rec: usize, k: i32, sign: f64, out: usize, offset: i32, ld: i32, col: i32): void {
  if (body < 0) return;
  for (let i = 0; i < 3; i++) setF(out, offset + i * ld + col + i, sign);
  writeRotationJacobian(q, body, rec, k, sign, out + (<usize>(offset + col + 3) << 3), ld);
}

/**
 * The values of one record into values[row ..] (Sherif Eq. 57), leaving in the scratch what its Jacobian rows need:
 * p_i, p_j (points) and a, b (rotated vectors).
 */
@inline function recordValues(rec: usize, kind: i32, bi: i32, bj: i32, row: i32, q: usize, values: usize): void {
  if (kind == NORMALIZATION) {
    const c = bi * COORDS_PER_BODY + 3;
    const e0 = f(q, c), e1 = f(q, c + 1), e2 = f(q, c + 2), e3 = f(q, c + 3);
    setF(values, row, e0 * e0 + e1 * e1 + e2 * e2 + e3 * e3 - 1);
  } else if (kind == POINTS_COINCIDE) {
    pointToPi(q, bi, rec, 10);
    pointToPj(q, bj, rec, 13);
    setF(values, row, pi0 - pj0); setF(values, row + 1, pi1 - pj1); setF(values, row + 2, pi2 - pj2);
  } else if (kind == VECTORS_DOT) {
    rotatedToA(bi, rec, 10);
    rotatedToB(bj, rec, 13);
    setF(values, row, a0 * b0 + a1 * b1 + a2 * b2 - f(rec, 9));
  } else {
    // VECTOR_TO_POINT_DOT: a = A_i u, d = p_j − p_i.
    pointToPi(q, bi, rec, 13);
    pointToPj(q, bj, rec, 16);
    rotatedToA(bi, rec, 10);
    setF(values, row, a0 * (pj0 - pi0) + a1 * (pj1 - pi1) + a2 * (pj2 - pi2));
  }
}

@inline function zero(out: usize, at: i32, count: i32): void { for (let k = 0; k < count; k++) setF(out, at + k, 0); }

/** i32 per record in a header table: the record's fields kind … zeroCount, as integers (recordHeaders). */
const HEADER_LENGTH = 9;

/**
 * headers[9 r ..] = record r's kind, bodyI, bodyJ, row, offset, ld, colI, colJ, zeroCount as i32: the fields every
 * evaluation reads, converted from f64 once per program instead of at each call.
 * @example recordHeaders(program, 84, headers)
 */
export function recordHeaders(program: usize, count: i32, headers: usize): void {
  for (let r = 0; r < count; r++) {
    const rec = program + (<usize>(r * RECORD_LENGTH) << 3);
    for (let k = 0; k < HEADER_LENGTH; k++) store<i32>(headers + (<usize>(r * HEADER_LENGTH + k) << 2), <i32>f(rec, k));
  }
}

/**
 * One record at rec (its header at header): values into values[row ..], Jacobian rows into blocks. q: the
 * coordinates, 7 per body. With zeroAll = 0 the blocks' structural zeros (the entries no primitive writes:
 * the r columns of NORMALIZATION and VECTORS_DOT rows, the off-diagonal of POINTS_COINCIDE's ±I) are taken to hold
 * zeros already (blocks this program alone writes), and only the entries a primitive adds into are zeroed; with
 * zeroAll = 1 each joint's whole block is zeroed first (zeroCount), as for a scratch block shared by several
 * constraints. Either way the blocks get the same numbers.
 */
function evaluateRecord(rec: usize, header: usize, q: usize, values: usize, blocks: usize, zeroAll: i32): void {
  const kind = n32(header, 0), bi = n32(header, 1), bj = n32(header, 2), row = n32(header, 3);
  const offset = n32(header, 4), ld = n32(header, 5), colI = n32(header, 6), colJ = n32(header, 7);
  if (zeroAll != 0) zero(blocks, offset, n32(header, 8));
  recordValues(rec, kind, bi, bj, row, q, values);
  if (kind == NORMALIZATION) {
    const c = bi * COORDS_PER_BODY + 3;
    setF(blocks, offset, 0); setF(blocks, offset + 1, 0); setF(blocks, offset + 2, 0);
    setF(blocks, offset + 3, 2 * f(q, c)); setF(blocks, offset + 4, 2 * f(q, c + 1));
    setF(blocks, offset + 5, 2 * f(q, c + 2)); setF(blocks, offset + 6, 2 * f(q, c + 3));
  } else if (kind == POINTS_COINCIDE) {
    writePointColumns(q, bi, rec, 10, 1, blocks, offset, ld, colI);
    writePointColumns(q, bj, rec, 13, -1, blocks, offset, ld, colJ);
  } else if (kind == VECTORS_DOT) {
    if (colI >= 0) { zero(blocks, offset + colI + 3, 4); addWeightedRow(q, bi, rec, 10, b0, b1, b2, 1, blocks, offset + colI + 3); }
    if (colJ >= 0) { zero(blocks, offset + colJ + 3, 4); addWeightedRow(q, bj, rec, 13, a0, a1, a2, 1, blocks, offset + colJ + 3); }
  } else {
    const d0 = pj0 - pi0, d1 = pj1 - pi1, d2 = pj2 - pi2;
    if (colI >= 0) {
      const o = offset + colI;
      zero(blocks, o, COORDS_PER_BODY);
      addF(blocks, o, -a0); addF(blocks, o + 1, -a1); addF(blocks, o + 2, -a2);
      addWeightedRow(q, bi, rec, 10, d0, d1, d2, 1, blocks, o + 3);
      addWeightedRow(q, bi, rec, 13, a0, a1, a2, -1, blocks, o + 3);
    }
    if (colJ >= 0) {
      const o = offset + colJ;
      zero(blocks, o, COORDS_PER_BODY);
      addF(blocks, o, a0); addF(blocks, o + 1, a1); addF(blocks, o + 2, a2);
      addWeightedRow(q, bj, rec, 16, a0, a1, a2, 1, blocks, o + 3);
    }
  }
}

/**
 * Runs `count` records at `program`, their headers (recordHeaders) at headers: evaluateRecord for each, the bodies'
 * rotation matrices written into table (9 f64 per body, `bodies` of them) first.
 */
export function runConstraints(
  program: usize, headers: usize, count: i32, q: usize, values: usize, blocks: usize, zeroAll: i32, bodies: i32, table: usize,
): void {
  rotationTable(q, bodies, table);
  for (let r = 0; r < count; r++) {
    evaluateRecord(program + (<usize>(r * RECORD_LENGTH) << 3), headers + (<usize>(r * HEADER_LENGTH) << 2), q, values, blocks, zeroAll);
  }
}

/**
 * The values alone of `count` records at `program`, their headers (recordHeaders) at headers (C(q), Sherif Eq. 57),
 * for a sample row or a monitor: the same arithmetic as evaluateRecord's values (recordValues), without the Jacobian's.
 */
export function constraintValues(program: usize, headers: usize, count: i32, q: usize, values: usize, bodies: i32, table: usize): void {
  rotationTable(q, bodies, table);
  for (let r = 0; r < count; r++) {
    const rec = program + (<usize>(r * RECORD_LENGTH) << 3), header = headers + (<usize>(r * HEADER_LENGTH) << 2);
    recordValues(rec, n32(header, 0), n32(header, 1), n32(header, 2), n32(header, 3), q, values);
  }
}

/** RECORD_LENGTH, for the TypeScript side's check that both agree on the record layout. */
export function constraintRecordLength(): i32 { return RECORD_LENGTH; }
