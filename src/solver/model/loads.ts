/**
 * Applied loads: uniform gravity and moments on a body. Each is a `Load` (see types.ts).
 */
import { COORDS_PER_BODY, type Load, type RigidBody, type Vec3 } from './types';
import { angularVelocity, eTransposeTimes, globalAngularVelocity, lTransposeTimes } from '../rotation/eulerParameters';
import { zeroRange } from '../linalg/dense';

const m3 = new Float64Array(3);
const w3 = new Float64Array(3);
const f4 = new Float64Array(4);

/** Uniform gravity g on every body: Q_r = m g, potential −m gᵀr. */
export function gravity(bodies: readonly RigidBody[], g: Vec3): Load {
  const masses = bodies.map((b) => b.mass);
  return {
    name: 'gravity',
    constant: true,
    addForce(_q, _qd, _t, out) {
      for (let b = 0; b < masses.length; b++) {
        const c = b * COORDS_PER_BODY;
        out[c] += masses[b] * g[0]; out[c + 1] += masses[b] * g[1]; out[c + 2] += masses[b] * g[2];
      }
    },
    addForceStiffness() { /* constant force */ },
    potential(q) {
      let v = 0;
      for (let b = 0; b < masses.length; b++) {
        const c = b * COORDS_PER_BODY;
        v -= masses[b] * (g[0] * q[c] + g[1] * q[c + 1] + g[2] * q[c + 2]);
      }
      return v;
    },
    power() { return 0; },
  };
}

/** A time function writing a 3-vector into out. */
export type VectorOfTime = (t: number, out: Float64Array) => void;

/** z = G(e)ᵀ y or y = 2 G(e) ė for G = L (body axes) or G = E (global axes); both G are linear in e. */
type AxesKernel = (e: Float64Array, oe: number, y: Float64Array, oy: number, out: Float64Array, oo: number) => void;

interface MomentAxes {
  /** z = G(e)ᵀ m. */
  readonly transposeTimes: AxesKernel;
  /** ω = 2 G(e) ė in the moment's axes. */
  readonly angularVelocity: AxesKernel;
}

/** Body axes: G = L (Sherif Eq. 4), ω = 2 L ė (Eq. 3). */
const BODY_AXES: MomentAxes = { transposeTimes: lTransposeTimes, angularVelocity };
/** Global axes: G = E, ω_global = 2 E ė. */
const GLOBAL_AXES: MomentAxes = { transposeTimes: eTransposeTimes, angularVelocity: globalAngularVelocity };

const unit4 = new Float64Array(4);

/**
 * A moment m(t) on one body, in body or global axes: Q_e = 2 G(e)ᵀ m (Sherif Eq. 9, right-hand side),
 * its power mᵀω, and ∂Q_e/∂e, whose column b is 2 G(u_b)ᵀ m because G is linear in e (for G = L this
 * is 2 ŵ(m), Sherif Eq. 70).
 */
function momentLoad(body: number, moment: VectorOfTime, name: string, axes: MomentAxes): Load {
  const c = body * COORDS_PER_BODY + 3;
  return {
    name,
    compiled: { kind: axes === BODY_AXES ? 'body-moment' : 'global-moment', body, vector: moment },
    addForce(q, _qd, t, out) {
      moment(t, m3);
      axes.transposeTimes(q, c, m3, 0, f4, 0);
      for (let k = 0; k < 4; k++) out[c + k] += 2 * f4[k];
    },
    addForceStiffness(_q, _qd, t, scale, acc) {
      moment(t, m3);
      for (let b = 0; b < 4; b++) {
        zeroRange(unit4, 0, 4); unit4[b] = 1;
        axes.transposeTimes(unit4, 0, m3, 0, f4, 0);
        for (let a = 0; a < 4; a++) acc.add(c + a, c + b, scale * 2 * f4[a]);
      }
    },
    potential() { return 0; },
    power(q, qd, t) {
      moment(t, m3);
      axes.angularVelocity(q, c, qd, c, w3, 0);
      return m3[0] * w3[0] + m3[1] * w3[1] + m3[2] * w3[2];
    },
  };
}

/** Body-fixed moment m(t) on one body: Q_e = 2 Lᵀ(e) m. */
export function bodyFixedMoment(body: number, moment: VectorOfTime, name = 'moment'): Load {
  return momentLoad(body, moment, name, BODY_AXES);
}

/** A constant body-fixed moment. */
export function constantBodyFixedMoment(body: number, m: Vec3, name = 'moment'): Load {
  return bodyFixedMoment(body, (_t, out) => { out[0] = m[0]; out[1] = m[1]; out[2] = m[2]; }, name);
}

/**
 * Moment T(t) given in global axes on one body: Q_e = 2 E(e)ᵀ T, the virtual work of T on the
 * global angular velocity 2 E ė (equal to 2 Lᵀ Aᵀ T on the unit sphere).
 */
export function globalMoment(body: number, moment: VectorOfTime, name = 'global moment'): Load {
  return momentLoad(body, moment, name, GLOBAL_AXES);
}

/** Force F(t) in global axes at a body's centre of mass: Q_r = F. */
export function globalForce(body: number, force: VectorOfTime, name = 'force'): Load {
  const c = body * COORDS_PER_BODY;
  return {
    name,
    compiled: { kind: 'force', body, vector: force },
    addForce(_q, _qd, t, out) {
      force(t, m3);
      out[c] += m3[0]; out[c + 1] += m3[1]; out[c + 2] += m3[2];
    },
    addForceStiffness() { /* independent of q */ },
    potential() { return 0; },
    power(_q, qd, t) {
      force(t, m3);
      return m3[0] * qd[c] + m3[1] * qd[c + 1] + m3[2] * qd[c + 2];
    },
  };
}
