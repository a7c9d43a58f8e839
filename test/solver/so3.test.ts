/** SO(3) tools: exp/log, composition, and the tangent operator against finite differences. */
import { describe, expect, it } from 'vitest';
import {
  composeEulerParameters, expRotationVector, rotationVectorFromEulerParameters, tangentOperator, tangentOperatorInverse,
} from '../../src/solver/rotation/so3';
import { rotationMatrix } from '../../src/solver/rotation/eulerParameters';
import { randomUnitQuaternion, randomVector, seededRandom } from './helpers';

const ROUND_OFF = 1e-14;
/** Central differences with step 1e-6 leave an O(1e-12) truncation and O(1e-10) round-off. */
const FD_TOLERANCE = 1e-8;
const ANGLES = [0, 1e-9, 1e-5, 5e-3, 0.02, 0.7, 2, 3];

function vectorOfLength(rand: () => number, length: number): Float64Array {
  const v = randomVector(rand, 3);
  const n = Math.hypot(...v);
  return v.map((x) => (x / n) * length);
}

function rodrigues(theta: Float64Array): Float64Array {
  const phi = Math.hypot(...theta);
  const out = Float64Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  if (phi === 0) return out;
  const [x, y, z] = theta.map((t) => t / phi);
  const k = [0, -z, y, z, 0, -x, -y, x, 0];
  const k2 = [-(y * y + z * z), x * y, x * z, x * y, -(x * x + z * z), y * z, x * z, y * z, -(x * x + y * y)];
  for (let i = 0; i < 9; i++) out[i] += Math.sin(phi) * k[i] + (1 - Math.cos(phi)) * k2[i];
  return out;
}

function mul3(a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const out = new Float64Array(9);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) out[3 * i + j] += a[3 * i + k] * b[3 * k + j];
  return out;
}

describe('exponential map and its inverse', () => {
  const rand = seededRandom(1301);
  it('A(exp θ) is the Rodrigues rotation, and log(exp θ) = θ for |θ| < π', () => {
    for (const phi of ANGLES) {
      const theta = vectorOfLength(rand, phi);
      const e = new Float64Array(4), a = new Float64Array(9), back = new Float64Array(3);
      expRotationVector(theta, 0, e, 0);
      expect(Math.hypot(...e)).toBeCloseTo(1, 15);
      rotationMatrix(e, 0, a);
      const r = rodrigues(theta);
      for (let k = 0; k < 9; k++) expect(Math.abs(a[k] - r[k])).toBeLessThan(ROUND_OFF);
      rotationVectorFromEulerParameters(e, 0, back, 0);
      for (let k = 0; k < 3; k++) expect(Math.abs(back[k] - theta[k])).toBeLessThan(ROUND_OFF * Math.max(1, phi));
    }
  });

  it('the log of −e equals the log of e (same rotation)', () => {
    const e = randomUnitQuaternion(rand), minus = e.map((x) => -x);
    const a = new Float64Array(3), b = new Float64Array(3);
    rotationVectorFromEulerParameters(e, 0, a, 0);
    rotationVectorFromEulerParameters(minus, 0, b, 0);
    for (let k = 0; k < 3; k++) expect(a[k]).toBeCloseTo(b[k], 14);
  });

  it('A(a ⊗ b) = A(a) A(b)', () => {
    for (let trial = 0; trial < 20; trial++) {
      const a = randomUnitQuaternion(rand), b = randomUnitQuaternion(rand), ab = new Float64Array(4);
      composeEulerParameters(a, 0, b, 0, ab, 0);
      const ma = new Float64Array(9), mb = new Float64Array(9), mab = new Float64Array(9);
      rotationMatrix(a, 0, ma); rotationMatrix(b, 0, mb); rotationMatrix(ab, 0, mab);
      const prod = mul3(ma, mb);
      for (let k = 0; k < 9; k++) expect(Math.abs(mab[k] - prod[k])).toBeLessThan(ROUND_OFF);
    }
  });
});

describe('tangent operator T(θ): exp(θ + δ) = exp(θ) exp(T(θ) δ) + O(δ²)', () => {
  const rand = seededRandom(1302);
  it('matches central finite differences of log(exp(θ)⁻¹ exp(θ + δ)) at every angle', () => {
    for (const phi of ANGLES) {
      const theta = vectorOfLength(rand, phi);
      const t = new Float64Array(9);
      tangentOperator(theta, 0, t);
      const e = new Float64Array(4), inv = new Float64Array(4), ep = new Float64Array(4), d = new Float64Array(4), v = new Float64Array(3);
      expRotationVector(theta, 0, e, 0);
      inv.set([e[0], -e[1], -e[2], -e[3]]);
      const step = 1e-6;
      for (let j = 0; j < 3; j++) {
        const col = [0, 0, 0];
        for (const sign of [1, -1]) {
          const p = Float64Array.from(theta); p[j] += sign * step;
          expRotationVector(p, 0, ep, 0);
          composeEulerParameters(inv, 0, ep, 0, d, 0);
          rotationVectorFromEulerParameters(d, 0, v, 0);
          for (let i = 0; i < 3; i++) col[i] += (sign * v[i]) / (2 * step);
        }
        for (let i = 0; i < 3; i++) expect(Math.abs(col[i] - t[3 * i + j])).toBeLessThan(FD_TOLERANCE);
      }
    }
  });

  it('T(θ) T⁻¹(θ) = I and T(θ)θ = θ', () => {
    for (const phi of ANGLES) {
      const theta = vectorOfLength(rand, phi);
      const t = new Float64Array(9), ti = new Float64Array(9);
      tangentOperator(theta, 0, t);
      tangentOperatorInverse(theta, 0, ti);
      const p = mul3(t, ti);
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) expect(Math.abs(p[3 * i + j] - (i === j ? 1 : 0))).toBeLessThan(ROUND_OFF);
        const tt = t[3 * i] * theta[0] + t[3 * i + 1] * theta[1] + t[3 * i + 2] * theta[2];
        expect(Math.abs(tt - theta[i])).toBeLessThan(ROUND_OFF);
      }
    }
  });
});
