/**
 * Loads between points and across joints (SPEC §8): a force at a body point, a linear spring-damper between
 * two points, and a torsional spring-damper or a motor torque on a revolute joint. Each gives its generalized
 * force Q, the exact ∂Q/∂q and ∂Q/∂q̇ for the Newton matrix, the potential of its conservative part and the
 * power of the rest (so energy_error = E − E0 − W stays ≈ 0, SPEC §1).
 *
 * A point p = r + A(e) s moves with ∂p/∂q_b = D_b = [I₃ | B(e, s)] (bodyKinematics.ts). For a spring between
 * p_i and p_j: d = p_j − p_i, l = |d|, u = d / l, l̇ = uᵀ ḋ, tension f = k (l − l₀) + c l̇, and
 *   Q = −f Dᵀu                              (D = D_j − D_i over both bodies' coordinates)
 *   ∂Q/∂q = −Dᵀu (k uᵀD + c ∂l̇/∂q) − f (Dᵀ P D + Σ_b σ_b H(s_b, u)),   P = (I − uuᵀ)/l
 *   ∂l̇/∂q = (P ḋ)ᵀ D + uᵀ Ḋ,   Ḋ_b = σ_b [0 | B(ė_b, s_b)],   ∂Q/∂q̇ = −c Dᵀu uᵀD,
 * with σ_i = −1, σ_j = +1 and H(s, u) = ∂/∂e (B(e, s)ᵀ u) (rotatedVectorHessian).
 */
import { COORDS_PER_BODY, type Load } from './types';
import type { MatrixAccumulator } from '../linalg/accumulator';
import { GROUND, pointPosition, pointVelocity } from './bodyKinematics';
import { rotatedVectorHessian, rotatedVectorJacobian } from '../rotation/eulerParameters';
import { bodyFixedMoment, type VectorOfTime } from './loads';

/** A point on a body (in body axes) or on the ground (global). */
export interface BodyPoint {
  readonly body: number;
  readonly point: readonly [number, number, number];
}

/** The coordinates one body side contributes: its sign σ, point s and the 3×7 block D_b = σ[I | B(e, s)]. */
interface Side {
  readonly body: number;
  readonly sign: number;
  readonly s: Float64Array;
  /** Row-major 3×7. */
  readonly d: Float64Array;
  /** Row-major 3×7: σ[0 | B(ė, s)]. */
  readonly dRate: Float64Array;
}

function makeSide(p: BodyPoint, sign: number): Side | null {
  if (p.body === GROUND) return null;
  return { body: p.body, sign, s: Float64Array.from(p.point), d: new Float64Array(21), dRate: new Float64Array(21) };
}

const jac = new Float64Array(12);
const hess = new Float64Array(16);

/** Fills side.d (and side.dRate when qd is given) at the current state. */
function updateSide(side: Side, q: Float64Array, qd: Float64Array | null): void {
  const { d, sign, s } = side;
  const c = side.body * COORDS_PER_BODY + 3;
  d.fill(0);
  for (let i = 0; i < 3; i++) d[7 * i + i] = sign;
  rotatedVectorJacobian(q, c, s, 0, jac, 0);
  for (let i = 0; i < 3; i++) for (let k = 0; k < 4; k++) d[7 * i + 3 + k] = sign * jac[4 * i + k];
  if (!qd) return;
  side.dRate.fill(0);
  rotatedVectorJacobian(qd, c, s, 0, jac, 0);
  for (let i = 0; i < 3; i++) for (let k = 0; k < 4; k++) side.dRate[7 * i + 3 + k] = sign * jac[4 * i + k];
}

/**
 * A linear spring-damper between two points: stiffness k (N/m), damping c (N s/m), rest length l₀ (m).
 * Tension positive; the potential ½k(l − l₀)² is conservative, the damper's power −c l̇² is work.
 */
export function springDamper(name: string, a: BodyPoint, b: BodyPoint, k: number, c: number, restLength: number): Load {
  const sides = [makeSide(a, -1), makeSide(b, 1)].filter((s): s is Side => s !== null);
  const sa = Float64Array.from(a.point), sb = Float64Array.from(b.point);
  const pa = new Float64Array(3), pb = new Float64Array(3), va = new Float64Array(3), vb = new Float64Array(3);
  const u = new Float64Array(3), dd = new Float64Array(3), pdd = new Float64Array(3);
  const g = new Float64Array(14), dl = new Float64Array(14), w = new Float64Array(14);
  let length = 0, rate = 0;

  /** l, u and, with qd, l̇ and ḋ. */
  const measure = (q: Float64Array, qd: Float64Array | null): void => {
    pointPosition(q, a.body, sa, pa, 0);
    pointPosition(q, b.body, sb, pb, 0);
    for (let i = 0; i < 3; i++) u[i] = pb[i] - pa[i];
    length = Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
    if (length > 0) for (let i = 0; i < 3; i++) u[i] /= length;
    rate = 0;
    if (!qd) return;
    pointVelocity(q, qd, a.body, sa, va, 0);
    pointVelocity(q, qd, b.body, sb, vb, 0);
    for (let i = 0; i < 3; i++) dd[i] = vb[i] - va[i];
    rate = u[0] * dd[0] + u[1] * dd[1] + u[2] * dd[2];
  };

  /** g = Dᵀu over the sides' coordinates (7 per side). */
  const fillG = (): void => {
    sides.forEach((side, k) => {
      for (let col = 0; col < 7; col++) {
        g[7 * k + col] = side.d[col] * u[0] + side.d[7 + col] * u[1] + side.d[14 + col] * u[2];
      }
    });
  };

  const colOf = (k: number, col: number): number => sides[k].body * COORDS_PER_BODY + col;

  return {
    name,
    bodies: sides.map((s) => s.body),
    addForce(q, qd, _t, out) {
      measure(q, qd);
      if (length === 0) return;
      const f = k * (length - restLength) + c * rate;
      for (const side of sides) {
        updateSide(side, q, null);
        const o = side.body * COORDS_PER_BODY;
        for (let col = 0; col < 7; col++) {
          out[o + col] -= f * (side.d[col] * u[0] + side.d[7 + col] * u[1] + side.d[14 + col] * u[2]);
        }
      }
    },
    addForceStiffness(q, qd, _t, scale, acc) {
      measure(q, qd);
      if (length === 0) return;
      const f = k * (length - restLength) + c * rate;
      for (const side of sides) updateSide(side, q, qd);
      fillG();
      // P ḋ with P = (I − uuᵀ)/l.
      const ud = u[0] * dd[0] + u[1] * dd[1] + u[2] * dd[2];
      for (let i = 0; i < 3; i++) pdd[i] = (dd[i] - u[i] * ud) / length;
      // dl = ∂f/∂q = k uᵀD + c ((Pḋ)ᵀD + uᵀḊ), per column.
      sides.forEach((side, s) => {
        for (let col = 0; col < 7; col++) {
          const uD = g[7 * s + col];
          const pD = side.d[col] * pdd[0] + side.d[7 + col] * pdd[1] + side.d[14 + col] * pdd[2];
          const uDr = side.dRate[col] * u[0] + side.dRate[7 + col] * u[1] + side.dRate[14 + col] * u[2];
          dl[7 * s + col] = k * uD + c * (pD + uDr);
        }
      });
      const nc = 7 * sides.length;
      // −g dlᵀ − f Dᵀ P D.
      for (let i = 0; i < nc; i++) {
        const si = sides[Math.floor(i / 7)], ci = i % 7;
        for (let j = 0; j < nc; j++) {
          const sj = sides[Math.floor(j / 7)], cj = j % 7;
          let dpd = 0;
          for (let r = 0; r < 3; r++) {
            const di = si.d[7 * r + ci];
            if (di === 0) continue;
            let pdj = 0;
            for (let s2 = 0; s2 < 3; s2++) pdj += ((r === s2 ? 1 : 0) - u[r] * u[s2]) * sj.d[7 * s2 + cj];
            dpd += di * pdj;
          }
          w[j] = -g[i] * dl[j] - (f * dpd) / length;
        }
        for (let j = 0; j < nc; j++) if (w[j] !== 0) acc.add(colOf(Math.floor(i / 7), ci), colOf(Math.floor(j / 7), j % 7), scale * w[j]);
      }
      // −f σ H(s, u) on each side's Euler parameters.
      for (const side of sides) {
        rotatedVectorHessian(side.s, 0, u, 0, hess, 0);
        const o = side.body * COORDS_PER_BODY + 3;
        acc.addBlock(o, o, 4, 4, hess, 0, -scale * f * side.sign);
      }
    },
    addForceDamping(q, qd, _t, scale, acc) {
      if (c === 0) return;
      measure(q, qd);
      if (length === 0) return;
      for (const side of sides) updateSide(side, q, null);
      fillG();
      const nc = 7 * sides.length;
      for (let i = 0; i < nc; i++) {
        if (g[i] === 0) continue;
        for (let j = 0; j < nc; j++) {
          if (g[j] !== 0) acc.add(colOf(Math.floor(i / 7), i % 7), colOf(Math.floor(j / 7), j % 7), -scale * c * g[i] * g[j]);
        }
      }
    },
    potential(q) {
      measure(q, null);
      const stretch = length - restLength;
      return 0.5 * k * stretch * stretch;
    },
    power(q, qd) {
      measure(q, qd);
      return -c * rate * rate;
    },
  };
}

/** The length of a spring between two points at q (for outputs and the rest length at t = 0). */
export function pointDistance(q: Float64Array, a: BodyPoint, b: BodyPoint): number {
  const pa = new Float64Array(3), pb = new Float64Array(3);
  pointPosition(q, a.body, Float64Array.from(a.point), pa, 0);
  pointPosition(q, b.body, Float64Array.from(b.point), pb, 0);
  // √ of the squares, not Math.hypot: √ is exact in IEEE arithmetic, Math.hypot is not specified to the bit.
  const dx = pb[0] - pa[0], dy = pb[1] - pa[1], dz = pb[2] - pa[2];
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/**
 * A force F(t) in global axes at a body point s: Q_r = F, Q_e = B(e, s)ᵀ F, ∂Q_e/∂e = H(s, F); power Fᵀṗ.
 */
export function pointForce(name: string, body: number, point: readonly [number, number, number], force: VectorOfTime): Load {
  const s = Float64Array.from(point);
  const f = new Float64Array(3), v = new Float64Array(3);
  const c = body * COORDS_PER_BODY;
  return {
    name,
    addForce(q, _qd, t, out) {
      force(t, f);
      out[c] += f[0]; out[c + 1] += f[1]; out[c + 2] += f[2];
      rotatedVectorJacobian(q, c + 3, s, 0, jac, 0);
      for (let k = 0; k < 4; k++) out[c + 3 + k] += jac[k] * f[0] + jac[4 + k] * f[1] + jac[8 + k] * f[2];
    },
    addForceStiffness(_q, _qd, t, scale, acc) {
      force(t, f);
      rotatedVectorHessian(s, 0, f, 0, hess, 0);
      acc.addBlock(c + 3, c + 3, 4, 4, hess, 0, scale);
    },
    potential() { return 0; },
    power(q, qd, t) {
      force(t, f);
      pointVelocity(q, qd, body, s, v, 0);
      return f[0] * v[0] + f[1] * v[1] + f[2] * v[2];
    },
  };
}

/** A revolute joint seen by loads: its two bodies and the joint axis in each body's axes (GROUND: global). */
export interface RevoluteAxes {
  readonly bodyA: number;
  readonly axisA: readonly [number, number, number];
  readonly refA: readonly [number, number, number];
  readonly bodyB: number;
  readonly axisB: readonly [number, number, number];
  readonly refB: readonly [number, number, number];
}

/**
 * A torque T(t) about a revolute joint's axis on body B, and −T on body A (a motor): two body-fixed moments,
 * since the axis is fixed in each body's axes while the joint holds (Sherif Eq. 9's 2Lᵀm for each).
 */
export function jointTorque(name: string, joint: RevoluteAxes, torque: (t: number) => number): Load[] {
  const loads: Load[] = [];
  const onBody = (body: number, axis: readonly number[], sign: number): void => {
    if (body === GROUND) return;
    loads.push(bodyFixedMoment(body, (t, out) => {
      const m = sign * torque(t);
      out[0] = m * axis[0]; out[1] = m * axis[1]; out[2] = m * axis[2];
    }, name));
  };
  onBody(joint.bodyB, joint.axisB, 1);
  onBody(joint.bodyA, joint.axisA, -1);
  return loads;
}
