/**
 * generalized-α (Arnold & Brüls 2007) and the Ji–Xing composite (Ji & Xing 2023) as `Method`s:
 * Newton matrices against finite differences, GA with αm = 0 and HHT's parameters = classical HHT where the
 * mass matrix is constant, spin ω_x(10). Heavy-top order and ω_y drift: test/long/methodFamily.long.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { AssembledSystem } from '../../src/solver/model/assembly';
import type { Load, MultibodyModel } from '../../src/solver/model/types';
import { prismaticJoint } from '../../src/solver/model/joints/prismatic';
import { GROUND, siteFromGlobal } from '../../src/solver/model/joints/jointSite';
import { gravity } from '../../src/solver/model/loads';
import type { Method } from '../../src/solver/integrators/method';
import { ClassicalHht } from '../../src/solver/integrators/methods/classicalHht';
import { hhtParameters } from '../../src/solver/integrators/methods/hhtMethod';
import { GeneralizedAlpha } from '../../src/solver/integrators/methods/generalizedAlpha';
import { JiXing } from '../../src/solver/integrators/methods/jiXing';
import { DenseAccumulator } from '../../src/solver/linalg/accumulator';
import { paperModel } from '../support/paperModel';
import { stepper, stepperOmegaSeries } from './methodRuns';
import { finiteDifferenceColumns, randomVector, seededRandom } from './helpers';

const top = paperModel('heavy-top');

describe('Newton matrices (Ji & Xing A.7, Arnold & Brüls Eq. 16) equal finite differences of the residual', () => {
  const cases: [string, (s: AssembledSystem) => Method, number][] = [
    ['generalized-alpha', (s) => new GeneralizedAlpha(s, 2 / 3, 2), 1],
    ['ji-xing', (s) => new JiXing(s, 2 / 3), 3],
  ];
  for (const [name, make, stages] of cases) {
    it(`${name}, heavy top after 20 steps, every stage`, () => {
      const st = stepper(top, make);
      for (let k = 0; k < 20; k++) expect(st.step(1e-3).ok).toBe(true);
      const { method } = st;
      const { n, m } = st.system;
      const h = 2e-3;
      const rand = seededRandom(1304);
      for (let stage = 0; stage < stages; stage++) {
        method.beginStage(st, h, stage);
        const x = new Float64Array(n + m);
        x.set(st.qdd); x.set(st.lambda, n);
        const dx = randomVector(rand, n + m);
        for (let i = 0; i < n + m; i++) x[i] += dx[i] * (i < n ? 20 : 2);
        const p = method.positionSensitivity(h, stage);
        const f = (xx: Float64Array, out: Float64Array) => {
          method.residual(st, h, xx.subarray(0, n), xx.subarray(n), out);
          for (let i = n; i < n + m; i++) out[i] /= p;
        };
        // relative step 1e-4: the constraint rows are divided by p ~ 1e-7
        const cols = finiteDifferenceColumns(x, n + m, f, 1e-4);
        f(x, new Float64Array(n + m));
        const a = new Float64Array((n + m) * (n + m));
        method.jacobian(st, h, x.subarray(0, n), x.subarray(n), new DenseAccumulator(a, n + m));
        let scale = 0;
        for (const v of a) scale = Math.max(scale, Math.abs(v));
        for (let j = 0; j < n + m; j++) {
          for (let i = 0; i < n + m; i++) expect(Math.abs(a[i * (n + m) + j] - cols[j][i])).toBeLessThan(1e-7 * scale);
        }
        method.endStage(st, h, stage, x.subarray(0, n), x.subarray(n));
      }
    });
  }
});

/** A spring to the origin on body 0's centre of mass: Q_r = −k r, potential ½ k |r|². */
function spring(k: number): Load {
  return {
    name: 'spring',
    addForce(q, _qd, _t, out) { for (let i = 0; i < 3; i++) out[i] -= k * q[i]; },
    addForceStiffness(_q, _qd, _t, scale, acc) { for (let i = 0; i < 3; i++) acc.add(i, i, -k * scale); },
    potential(q) { return 0.5 * k * (q[0] * q[0] + q[1] * q[1] + q[2] * q[2]); },
    power() { return 0; },
  };
}

/** A slider on an oblique rail (prismatic joint, e fixed, so M is constant) with a spring pulling across the rail. */
function sliderModel(): MultibodyModel {
  const s = Math.SQRT1_2;
  const body = {
    name: 'slider', mass: 2, inertia: [0.1, 0.2, 0.3] as const, position: [0.3, 0.4, 0.2] as const,
    orientation: [0.5 * Math.sqrt(3), 0.5 * s, 0.25, 0.25 * Math.sqrt(2)] as const,
    velocity: [1 / 3, 2 / 3, 2 / 3] as const, angularVelocity: [0, 0, 0] as const,
  };
  const norm = Math.hypot(...body.orientation);
  const b = { ...body, orientation: body.orientation.map((x) => x / norm) as unknown as readonly [number, number, number, number] };
  const axis = [1 / 3, 2 / 3, 2 / 3] as const, ref = [2 / 3, 1 / 3, -2 / 3] as const;
  return {
    bodies: [b],
    constraints: [prismaticJoint('rail', siteFromGlobal([b], 0, b.position, axis, ref), siteFromGlobal([b], GROUND, b.position, axis, ref))],
    loads: [gravity([b], [0, 0, -9.81]), spring(50)],
    primaryBody: 0,
  };
}

describe('generalized-α with αm = 0 and HHT parameters', () => {
  const alpha = -0.2;
  const { beta, gamma } = hhtParameters(alpha);
  const gaAsHht = (s: AssembledSystem) => new GeneralizedAlpha(s, { alphaM: 0, alphaF: -alpha, beta, gamma }, 2);

  it('reproduces classical HHT to round-off when the mass matrix is constant (slider with spring, nonlinear rail constraints)', () => {
    const ga = stepper(sliderModel(), gaAsHht);
    const hht = stepper(sliderModel(), (s) => new ClassicalHht(s, alpha, 2));
    let worstQ = 0, worstQd = 0, travel = 0;
    for (let k = 0; k < 500; k++) {
      expect(ga.step(0.01).ok).toBe(true);
      expect(hht.step(0.01).ok).toBe(true);
      for (let i = 0; i < 7; i++) {
        worstQ = Math.max(worstQ, Math.abs(ga.q[i] - hht.q[i]));
        worstQd = Math.max(worstQd, Math.abs(ga.qd[i] - hht.qd[i]));
      }
      travel = Math.max(travel, Math.abs(ga.q[0] - 0.3));
    }
    expect(travel).toBeGreaterThan(0.05); // it really moves
    expect(worstQ).toBeLessThan(1e-12);
    expect(worstQd).toBeLessThan(1e-11);
  });

  it('is a different method on a rotating body (M(e) varies): heavy top differs at O(h) after 0.1 s', () => {
    const ga = stepper(top, gaAsHht);
    const hht = stepper(top, (s) => new ClassicalHht(s, alpha, 2));
    for (let k = 0; k < 100; k++) { ga.step(1e-3); hht.step(1e-3); }
    let d = 0;
    for (let i = 0; i < 7; i++) d = Math.max(d, Math.abs(ga.q[i] - hht.q[i]));
    expect(d).toBeGreaterThan(1e-8);
  });
});

describe('spin ω_x(10), h = 0.01 (exact 60 rad/s)', () => {
  const makers = { 'generalized-alpha': (s: AssembledSystem) => new GeneralizedAlpha(s, 2 / 3, 2), 'ji-xing': (s: AssembledSystem) => new JiXing(s, 2 / 3) };
  const final = (method: 'generalized-alpha' | 'ji-xing', h: number) => {
    const s = stepperOmegaSeries(paperModel('spin'), makers[method], h, 10, Math.round(10 / h));
    expect(s.t[s.t.length - 1]).toBeCloseTo(10, 12);
    return s.omega[s.omega.length - 3];
  };

  it('generalized-α lags the exact line, second order in h', () => {
    const e1 = 60 - final('generalized-alpha', 0.01), e2 = 60 - final('generalized-alpha', 0.005);
    expect(e1).toBeGreaterThan(0.1); // visibly behind …
    expect(e1 / e2).toBeGreaterThan(3.5); // … and the lag shrinks as h²
    expect(e1 / e2).toBeLessThan(4.5);
  });

  it('Ji–Xing with the modified updates keeps the spin to within 1e-8', () => {
    expect(Math.abs(final('ji-xing', 0.01) - 60)).toBeLessThan(1e-8);
  });
});
