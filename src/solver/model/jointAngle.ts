/**
 * The relative angle of a revolute joint and what depends on it: the angle θ of body B about the joint axis,
 * measured from the initial pose (both sites' ref directions coincide at t = 0, so θ(0) = 0), its rate, and a
 * torsional spring-damper acting on it.
 *
 *   θ = atan2(nᵀ(r_A × r_B), r_Aᵀ r_B),  n = A_A a_A, r_A = A_A ρ_A, r_B = A_B ρ_B   (a: axis, ρ: ref, body axes)
 *   θ̇ = nᵀ(ω_B − ω_A) = 2 a_Bᵀ L(e_B) ė_B − 2 a_Aᵀ L(e_A) ė_A   (body-fixed ω = 2Lė, Sherif Eq. 3; the axis is fixed
 *                                                                  in both bodies while the joint holds)
 * so ∂θ/∂e_X = σ_X 2 a_Xᵀ L(e_X) and ∂θ̇/∂e_X = −σ_X 2 a_Xᵀ L(ė_X) (L(e)ė = −L(ė)e), σ_A = −1, σ_B = +1.
 */
import { COORDS_PER_BODY, type Constraint, type Load } from './types';
import { GROUND, rotatedVector } from './bodyKinematics';
import { lTransposeTimes } from '../rotation/eulerParameters';
import type { RevoluteAxes } from './springs';
import { exactAtan2 } from '../rotation/exactAtan2';

const ra = new Float64Array(3), rb = new Float64Array(3), n = new Float64Array(3), g4 = new Float64Array(4);

/** out[0..4) = σ 2 L(e)ᵀ a for the body's e at q (or ė at qd): ∂θ/∂e, or −∂θ̇/∂e with ė. */
function axisRow(x: Float64Array, body: number, axis: Float64Array, sign: number, out: Float64Array, oo: number): void {
  lTransposeTimes(x, body * COORDS_PER_BODY + 3, axis, 0, g4, 0);
  for (let k = 0; k < 4; k++) out[oo + k] = 2 * sign * g4[k];
}

/** θ and θ̇ of one revolute joint, with its vectors copied once (nothing allocated per call). */
export interface JointMeasure {
  /** θ ∈ (−π, π] at q. */
  angle(q: Float64Array): number;
  /** θ̇ at (q, q̇). */
  rate(q: Float64Array, qd: Float64Array): number;
}

export function jointMeasure(j: RevoluteAxes): JointMeasure {
  const refA = Float64Array.from(j.refA), refB = Float64Array.from(j.refB), axisA = Float64Array.from(j.axisA);
  const sides = ([[j.bodyA, j.axisA, -1], [j.bodyB, j.axisB, 1]] as const)
    .filter(([body]) => body !== GROUND)
    .map(([body, axis, sign]) => ({ body, axis: Float64Array.from(axis), sign }));
  const row = new Float64Array(4);
  return {
    angle(q) {
      rotatedVector(q, j.bodyA, refA, ra, 0);
      rotatedVector(q, j.bodyB, refB, rb, 0);
      rotatedVector(q, j.bodyA, axisA, n, 0);
      const cx = ra[1] * rb[2] - ra[2] * rb[1], cy = ra[2] * rb[0] - ra[0] * rb[2], cz = ra[0] * rb[1] - ra[1] * rb[0];
      // exactAtan2: the same bits in every engine (an angle output or a torsion spring's torque must be, SPEC §4).
      return exactAtan2(n[0] * cx + n[1] * cy + n[2] * cz, ra[0] * rb[0] + ra[1] * rb[1] + ra[2] * rb[2]);
    },
    rate(q, qd) {
      let rate = 0;
      for (const s of sides) {
        axisRow(q, s.body, s.axis, s.sign, row, 0);
        const c = s.body * COORDS_PER_BODY + 3;
        rate += row[0] * qd[c] + row[1] * qd[c + 1] + row[2] * qd[c + 2] + row[3] * qd[c + 3];
      }
      return rate;
    },
  };
}

/** The angle wrapped into (−π, π]: a torsional spring acts on the nearest turn. */
export function wrapAngle(x: number): number {
  const turns = Math.round(x / (2 * Math.PI));
  return x - turns * 2 * Math.PI;
}

/**
 * A torsional spring-damper on a revolute joint: T = −k (θ − θ₀) − c θ̇ on body B about the axis, −T on A
 * (θ − θ₀ taken within ±π). Q_e_X = T g_X with g_X = ∂θ/∂e_X; potential ½k(θ − θ₀)², power −cθ̇².
 */
export function torsionSpring(name: string, joint: RevoluteAxes, k: number, c: number, restAngle: number): Load {
  const sides = ([[joint.bodyA, joint.axisA, -1], [joint.bodyB, joint.axisB, 1]] as const)
    .filter(([body]) => body !== GROUND)
    .map(([body, axis, sign]) => ({ body, axis: Float64Array.from(axis), sign, g: new Float64Array(4), h: new Float64Array(4) }));
  const unit = new Float64Array(4), col = new Float64Array(4);
  const measure = jointMeasure(joint);
  const torque = (q: Float64Array, qd: Float64Array): number =>
    -k * wrapAngle(measure.angle(q) - restAngle) - c * measure.rate(q, qd);
  return {
    name,
    bodies: sides.map((s) => s.body),
    addForce(q, qd, _t, out) {
      const T = torque(q, qd);
      for (const s of sides) {
        axisRow(q, s.body, s.axis, s.sign, s.g, 0);
        const o = s.body * COORDS_PER_BODY + 3;
        for (let a = 0; a < 4; a++) out[o + a] += T * s.g[a];
      }
    },
    addForceStiffness(q, qd, _t, scale, acc) {
      const T = torque(q, qd);
      for (const s of sides) {
        axisRow(q, s.body, s.axis, s.sign, s.g, 0);
        axisRow(qd, s.body, s.axis, -s.sign, s.h, 0);
      }
      for (const x of sides) {
        const ox = x.body * COORDS_PER_BODY + 3;
        // T ∂g_X/∂e_X: g is linear in e, column b is σ 2 L(u_b)ᵀ a.
        for (let b = 0; b < 4; b++) {
          unit.fill(0); unit[b] = 1;
          axisRow(unit, 0, x.axis, x.sign, col, 0);
          for (let a = 0; a < 4; a++) acc.add(ox + a, ox + b, scale * T * col[a]);
        }
        // g_X (∂T/∂e_Y)ᵀ, ∂T/∂e_Y = −k g_Y − c h_Y.
        for (const y of sides) {
          const oy = y.body * COORDS_PER_BODY + 3;
          for (let a = 0; a < 4; a++) {
            for (let b = 0; b < 4; b++) acc.add(ox + a, oy + b, scale * x.g[a] * (-k * y.g[b] - c * y.h[b]));
          }
        }
      }
    },
    addForceDamping(q, _qd, _t, scale, acc) {
      if (c === 0) return;
      for (const s of sides) axisRow(q, s.body, s.axis, s.sign, s.g, 0);
      for (const x of sides) {
        for (const y of sides) {
          const ox = x.body * COORDS_PER_BODY + 3, oy = y.body * COORDS_PER_BODY + 3;
          for (let a = 0; a < 4; a++) for (let b = 0; b < 4; b++) acc.add(ox + a, oy + b, -scale * c * x.g[a] * y.g[b]);
        }
      }
    },
    potential(q) {
      const d = wrapAngle(measure.angle(q) - restAngle);
      return 0.5 * k * d * d;
    },
    power(q, qd) {
      const r = measure.rate(q, qd);
      return -c * r * r;
    },
  };
}

/**
 * An assembly driver that holds a revolute joint at the angle θ₀ (from the initial pose, rad) and the rate θ̇₀
 * while the initial state is made consistent (model/prepare.ts): G = wrap(θ(q) − θ₀ − θ̇₀ t), so
 * G_q = ∂θ/∂q (the rows above) has the same size at every angle, and C_q q̇ = −G_t asks for θ̇ = θ̇₀. Unlike a
 * prescribed rotation's sin(φ − θ₀), which is flat at 90° and holds the wrong half turn beyond, it reaches any
 * angle. For assembly only: it has no acceleration level and no multiplier stiffness.
 */
export function jointAngleDriver(name: string, joint: RevoluteAxes, angle: number, rate: number): Constraint {
  const sides = ([[joint.bodyA, joint.axisA, -1], [joint.bodyB, joint.axisB, 1]] as const)
    .filter(([body]) => body !== GROUND)
    .map(([body, axis, sign]) => ({ body, axis: Float64Array.from(axis), sign }));
  const measure = jointMeasure(joint);
  const row4 = new Float64Array(4);
  return {
    name,
    rows: 1,
    bodies: sides.map((s) => s.body),
    evaluate(q, t, out, row) { out[row] = wrapAngle(measure.angle(q) - angle - rate * t); },
    jacobian(q, _t, out, offset) {
      sides.forEach((s, slot) => {
        const o = offset + slot * COORDS_PER_BODY;
        out[o] = 0; out[o + 1] = 0; out[o + 2] = 0;
        axisRow(q, s.body, s.axis, s.sign, row4, 0);
        for (let k = 0; k < 4; k++) out[o + 3 + k] = row4[k];
      });
    },
    addMultiplierStiffness() { throw new Error(`${name}: an assembly driver has no multiplier stiffness`); },
    accelerationRhs() { throw new Error(`${name}: an assembly driver has no acceleration level`); },
    velocityRhs(_q, _t, out, row) { out[row] = rate; },
  };
}
