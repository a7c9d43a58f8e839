import { describe, expect, it } from 'vitest';
import {
  angularVelocity, eulerParameterRates, lTimes, lTransposeTimes, rotatedVectorHessian,
  rotatedVectorJacobian, rotationMatrix, wHat,
} from '../../src/solver/rotation/eulerParameters';
import { finiteDifferenceColumns, randomUnitQuaternion, randomVector, relativeDifference, seededRandom } from './helpers';

const ROUND_OFF = 1e-14;
const FD_TOLERANCE = 1e-8;

/** Dense 3×4 L(e) from the kernel, row-major. */
function lMatrix(e: Float64Array): Float64Array {
  const out = new Float64Array(12);
  const unit = new Float64Array(4), col = new Float64Array(3);
  for (let b = 0; b < 4; b++) {
    unit.fill(0); unit[b] = 1;
    lTimes(e, 0, unit, 0, col, 0);
    for (let a = 0; a < 3; a++) out[4 * a + b] = col[a];
  }
  return out;
}

describe('Euler-parameter identities (Sherif Eqs. 2-7)', () => {
  const rand = seededRandom(7);
  const cases = Array.from({ length: 20 }, () => randomUnitQuaternion(rand));

  it('L e = 0, L Lᵀ = I₃ and Lᵀ L = I₄ − e eᵀ', () => {
    for (const e of cases) {
      const L = lMatrix(e);
      const le = new Float64Array(3);
      lTimes(e, 0, e, 0, le, 0);
      expect(Math.max(...le.map(Math.abs))).toBeLessThan(ROUND_OFF);
      for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) {
        let s = 0;
        for (let k = 0; k < 4; k++) s += L[4 * a + k] * L[4 * b + k];
        expect(Math.abs(s - (a === b ? 1 : 0))).toBeLessThan(ROUND_OFF);
      }
      for (let a = 0; a < 4; a++) for (let b = 0; b < 4; b++) {
        let s = 0;
        for (let k = 0; k < 3; k++) s += L[4 * k + a] * L[4 * k + b];
        expect(Math.abs(s - ((a === b ? 1 : 0) - e[a] * e[b]))).toBeLessThan(ROUND_OFF);
      }
    }
  });

  it('A(e) is orthogonal with determinant 1', () => {
    const A = new Float64Array(9);
    for (const e of cases) {
      rotationMatrix(e, 0, A);
      for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) {
        let s = 0;
        for (let k = 0; k < 3; k++) s += A[3 * k + a] * A[3 * k + b];
        expect(Math.abs(s - (a === b ? 1 : 0))).toBeLessThan(ROUND_OFF);
      }
      const det = A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6]) + A[2] * (A[3] * A[7] - A[4] * A[6]);
      expect(Math.abs(det - 1)).toBeLessThan(ROUND_OFF);
    }
  });

  it('ω = 2 L ė round-trips through ė = ½ Lᵀ ω, and ė is tangent (eᵀė = 0)', () => {
    for (const e of cases) {
      const w = randomVector(rand, 3, 100);
      const ed = new Float64Array(4), back = new Float64Array(3);
      eulerParameterRates(e, 0, w, 0, ed, 0);
      angularVelocity(e, 0, ed, 0, back, 0);
      expect(relativeDifference(w, back)).toBeLessThan(ROUND_OFF);
      expect(Math.abs(e[0] * ed[0] + e[1] * ed[1] + e[2] * ed[2] + e[3] * ed[3])).toBeLessThan(1e-12);
    }
  });

  it('ŵ e = Lᵀ(e) w (Sherif Eq. 70)', () => {
    const W = new Float64Array(16), a = new Float64Array(4), b = new Float64Array(4);
    for (const e of cases) {
      const w = randomVector(rand, 3);
      wHat(w, 0, W, 0);
      for (let i = 0; i < 4; i++) a[i] = W[4 * i] * e[0] + W[4 * i + 1] * e[1] + W[4 * i + 2] * e[2] + W[4 * i + 3] * e[3];
      lTransposeTimes(e, 0, w, 0, b, 0);
      expect(relativeDifference(b, a)).toBeLessThan(ROUND_OFF);
    }
  });

  it('B(e, s) = ∂(A s)/∂e and its λ-contraction derivative agree with finite differences', () => {
    const A = new Float64Array(9), B = new Float64Array(12), H = new Float64Array(16), scratch = new Float64Array(16);
    for (const e0 of cases) {
      const s = randomVector(rand, 3, 2);
      const lambda = randomVector(rand, 3, 5);
      const e = Float64Array.from(e0);
      rotatedVectorJacobian(e, 0, s, 0, B, 0);
      const cols = finiteDifferenceColumns(e, 3, (x, out) => {
        rotationMatrix(x, 0, A);
        for (let i = 0; i < 3; i++) out[i] = A[3 * i] * s[0] + A[3 * i + 1] * s[1] + A[3 * i + 2] * s[2];
      });
      for (let b = 0; b < 4; b++) expect(relativeDifference([B[b], B[4 + b], B[8 + b]], cols[b], 1)).toBeLessThan(FD_TOLERANCE);
      rotatedVectorHessian(s, 0, lambda, 0, H, 0);
      const hcols = finiteDifferenceColumns(e, 4, (x, out) => {
        rotatedVectorJacobian(x, 0, s, 0, scratch, 0);
        for (let a = 0; a < 4; a++) out[a] = scratch[a] * lambda[0] + scratch[4 + a] * lambda[1] + scratch[8 + a] * lambda[2];
      });
      for (let b = 0; b < 4; b++) expect(relativeDifference([H[b], H[4 + b], H[8 + b], H[12 + b]], hcols[b], 1)).toBeLessThan(FD_TOLERANCE);
    }
  });
});

describe('global angular velocity', () => {
  it('2 E(e) ė = A(e) ω and E(e)ᵀ T = Lᵀ(e) Aᵀ(e) T on the unit sphere', async () => {
    const { eTransposeTimes, globalAngularVelocity } = await import('../../src/solver/rotation/eulerParameters');
    const rand = seededRandom(11);
    const A = new Float64Array(9);
    for (let k = 0; k < 10; k++) {
      const e = randomUnitQuaternion(rand);
      const w = randomVector(rand, 3, 10);
      const ed = new Float64Array(4), wg = new Float64Array(3);
      eulerParameterRates(e, 0, w, 0, ed, 0);
      globalAngularVelocity(e, 0, ed, 0, wg, 0);
      rotationMatrix(e, 0, A);
      const aw = [0, 1, 2].map((i) => A[3 * i] * w[0] + A[3 * i + 1] * w[1] + A[3 * i + 2] * w[2]);
      expect(relativeDifference(aw, wg)).toBeLessThan(ROUND_OFF);
      const T = randomVector(rand, 3);
      const body = Float64Array.from([0, 1, 2].map((i) => A[i] * T[0] + A[3 + i] * T[1] + A[6 + i] * T[2]));
      const viaL = new Float64Array(4), viaE = new Float64Array(4);
      lTransposeTimes(e, 0, body, 0, viaL, 0);
      eTransposeTimes(e, 0, T, 0, viaE, 0);
      expect(relativeDifference(viaL, viaE)).toBeLessThan(ROUND_OFF);
    }
  });
});
