/**
 * Property tests of the Euler-parameter kernels (Sherif Eqs. 3, 4, 7): fast-check draws the
 * quaternions and vectors and shrinks any failure to a minimal counter-example.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { angularVelocity, eulerParameterRates, lTimes, lTransposeTimes } from '../../src/solver/rotation/eulerParameters';

/** Round-off allowed in identities of unit quaternions with O(1) entries. */
const IDENTITY_TOL = 1e-14;

const component = fc.double({ min: -1, max: 1, noNaN: true });
/** A unit quaternion: a non-negligible 4-vector, normalised. */
const unitQuaternion = fc.tuple(component, component, component, component)
  .filter((v) => Math.hypot(...v) > 1e-3)
  .map((v) => { const n = Math.hypot(...v); return Float64Array.from(v, (x) => x / n); });
const vector3 = fc.tuple(fc.double({ min: -1e3, max: 1e3, noNaN: true }), fc.double({ min: -1e3, max: 1e3, noNaN: true }), fc.double({ min: -1e3, max: 1e3, noNaN: true }))
  .map((v) => Float64Array.from(v));

describe('Euler-parameter kernels (properties)', () => {
  it('L(e) e = 0 and L(e) L(e)ᵀ = I₃ for every unit quaternion (Sherif Eq. 7)', () => {
    fc.assert(fc.property(unitQuaternion, vector3, (e, y) => {
      const le = new Float64Array(3);
      lTimes(e, 0, e, 0, le, 0);
      const z = new Float64Array(4);
      const back = new Float64Array(3);
      lTransposeTimes(e, 0, y, 0, z, 0);
      lTimes(e, 0, z, 0, back, 0);
      const scale = 1 + Math.hypot(...y);
      for (let k = 0; k < 3; k++) {
        expect(Math.abs(le[k])).toBeLessThanOrEqual(IDENTITY_TOL);
        expect(Math.abs(back[k] - y[k])).toBeLessThanOrEqual(IDENTITY_TOL * scale);
      }
    }));
  });

  it('ω = 2 L(e) ė inverts ė = ½ L(e)ᵀ ω, and ė stays tangent (eᵀė = 0) (Sherif Eq. 3)', () => {
    fc.assert(fc.property(unitQuaternion, vector3, (e, omega) => {
      const ed = new Float64Array(4);
      const back = new Float64Array(3);
      eulerParameterRates(e, 0, omega, 0, ed, 0);
      angularVelocity(e, 0, ed, 0, back, 0);
      const scale = 1 + Math.hypot(...omega);
      expect(Math.abs(e[0] * ed[0] + e[1] * ed[1] + e[2] * ed[2] + e[3] * ed[3])).toBeLessThanOrEqual(IDENTITY_TOL * scale);
      for (let k = 0; k < 3; k++) expect(Math.abs(back[k] - omega[k])).toBeLessThanOrEqual(IDENTITY_TOL * scale);
    }));
  });
});
