/**
 * The benchmark library's Group A as model files (SPEC §8): ids, outputs and structure, the removed equations of
 * the over-constrained ones, the test set's consistent start of Andrews' squeezer, and the short runs checked
 * against a few published reference values at the library's 1e-3 (the long runs: test/long/benchmarkLibrary).
 * Quoted values name their source; docs/benchmarks.md describes the full data and the bench that uses them.
 */
import { describe, expect, it } from 'vitest';
import { getScenario, SCENARIO_IDS } from '../../src/scenario/registry';
import { Simulation } from '../../src/solver/simulate';
import { COORDS_PER_BODY } from '../../src/solver/model/types';
import { angularVelocity } from '../../src/solver/rotation/eulerParameters';
import { InvariantMonitor } from '../../src/solver/studies/invariants';
import { HIGH_PRECISION, largestDeviations, libraryValues, LIBRARY_PROBLEMS, runLibrary, worstDeviation, type LibraryReference } from '../../bench/libraryCases';
import { buildScenario } from '../../src/scenario/build';

const build = (id: string, changes: Record<string, number[]> = {}) => buildScenario(getScenario(id)!, libraryValues(id as never, changes));

/** A quoted table [t, a, b, …] as a reference with the given column names. */
function quoted(names: readonly string[], rows: readonly (readonly number[])[]): LibraryReference {
  return { t: rows.map((r) => r[0]), columns: Object.fromEntries(names.map((n, k) => [n, rows.map((r) => r[k + 1])])) };
}

describe('the benchmark library models (SPEC §8)', () => {
  it('ship after the paper\'s three with the SPEC\'s ids and output columns', () => {
    expect(SCENARIO_IDS).toEqual(['spin', 'heavy-top', 'v8-crank', 'pendulum', 'n-four-bar', 'andrews', 'bricard', 'flyball-governor']);
    for (const { id, outputs } of LIBRARY_PROBLEMS) {
      const names = (build(id).model.outputs ?? []).map((o) => o.name);
      expect(names.slice(0, outputs.length), id).toEqual(outputs);
    }
  });

  it('give every body a shape to draw', () => {
    for (const { id } of LIBRARY_PROBLEMS) {
      for (const body of build(id).drawing.bodies) expect(body.shapes.length, `${id}: ${body.name}`).toBeGreaterThan(0);
    }
  });

  it.each([2, 10, 40])('n-four-bar with N = %i: 2N + 1 bodies, 3 dependent equations per window removed and named', (n) => {
    const built = build('n-four-bar', { N: [n] });
    expect(built.model.bodies.length).toBe(2 * n + 1);
    expect(built.report.moved).toEqual([]);
    expect(built.report.removed).toEqual(Array.from({ length: n }, (_, k) => ({ constraint: `B${k + 1} coupler ${k + 1}`, rows: 3, prescribed: false })));
    // The rockers turn clockwise at v0 / L: B0 moves along +x at 1 m/s.
    const q = built.model.prepared!.q, qd = built.model.prepared!.qd;
    const w = new Float64Array(3);
    angularVelocity(q, 3, qd, 3, w, 0);
    expect(w[2]).toBeCloseTo(-1, 14);
  });

  it('bricard: Grübler\'s 0 degrees of freedom, one dependent equation removed and named, the rest move', () => {
    const built = build('bricard');
    expect(built.report.removed).toEqual([{ constraint: 'J6', rows: 1, prescribed: false }]);
    const run = runLibrary('bricard', { method: 'modified', damping: -0.1, h: 2e-3, tEnd: 2.5, sampleDt: 0.01 });
    expect(run.failure).toBeNull();
    expect(run.removedCount).toBe(1);
    expect(run.removedResidual).toBeLessThan(1e-12);
    // Half a period: P3 swings from (1, −1, 0) to x = −1 (converged reference, docs/benchmarks.md: −0.9999999… at 2.50 s).
    expect(run.outputs.x_P3[run.outputs.x_P3.length - 1]).toBeCloseTo(-1, 3);
  });

  it('andrews: the test set\'s consistent start needs no assembly and gives its initial accelerations', () => {
    const built = build('andrews');
    expect(built.report.moved).toEqual([]);
    expect(built.report.removed.map((r) => r.rows)).toEqual([3, 3, 3]);
    const sim = new Simulation(built.model, { method: 'modified', alpha: -0.1, h: 1e-5, tEnd: 1e-5, sampleEvery: 1 });
    sim.advance(0, () => {});
    const { q, qdd } = sim.integrator;
    const w = new Float64Array(3), crank = new Float64Array(3), rod = new Float64Array(3);
    // ω̇ = 2 L(e) ë at rest (L(ė)ė = 0): body-fixed angular accelerations of the crank (body 0) and rod FE (body 1).
    angularVelocity(q, 3, qdd, 3, w, 0); crank.set(w);
    angularVelocity(q, COORDS_PER_BODY + 3, qdd, COORDS_PER_BODY + 3, w, 0); rod.set(w);
    // Test set andrews.f v1.2 (rforge/bvpsolve pkg/deTestSet/src/Ex_andrews.f, commit 0007f922): y15, y16 at t = 0.
    expect(Math.abs(crank[2] / 14222.4439199541138705911625887 - 1)).toBeLessThan(1e-9);
    expect(Math.abs((rod[2] - crank[2]) / -10666.8329399655854029433719415 - 1)).toBeLessThan(1e-9);
  });

  it('flyball governor: the stated start has the reference\'s angular momentum about z', () => {
    const built = build('flyball-governor');
    expect(built.report.moved).toEqual([]);
    const sim = new Simulation(built.model, { method: 'modified', alpha: -0.1, h: 1e-3, tEnd: 1e-3, sampleEvery: 1 });
    const monitor = new InvariantMonitor(sim.system);
    const out = new Float64Array(3);
    monitor.evaluate(built.model.prepared!.q, built.model.prepared!.qd, 0, out);
    // Converged reference (docs/benchmarks.md, A05): L_z = 53.868998658 kg m²/s.
    expect(out[2]).toBeCloseTo(53.868998658, 8);
  });
});

describe('short runs against the published references at the library\'s 1e-3', () => {
  it('pendulum, 10 s at h = 2e-3 (modified, α = −0.1), against the library data', () => {
    // mikevignos/simEngine3D-Vignos testExamples/simplePendulum/A01_solution_data.txt (commit ca26114b), x and y of P1.
    const adams = quoted(['x_P1', 'y_P1'], [
      [1, 0.986292, -0.165011], [2, -0.793566, -0.608484], [3, 0.176652, -0.984273], [4, 0.577564, -0.816346],
      [5, -0.942305, -0.334754], [6, 0.999498, -0.0316965], [7, -0.998619, -0.0525408], [8, 0.919858, -0.392252],
      [9, -0.498374, -0.866962], [10, -0.275087, -0.961419],
    ]);
    const run = runLibrary('pendulum', { method: 'modified', damping: -0.1, h: 2e-3, tEnd: 10, sampleDt: 0.5 });
    expect(run.failure).toBeNull();
    const worst = worstDeviation(largestDeviations(run, adams, ['x_P1', 'y_P1']));
    expect(worst).toBeLessThan(HIGH_PRECISION);
    expect(worst).toBeGreaterThan(1e-5); // a real comparison: the step's error shows
  });

  // Test set andrews.f v1.2 (rforge/bvpsolve pkg/deTestSet/src/Ex_andrews.f, commit 0007f922), y(1), y(2) at t = 0.03;
  // x_F, y_F = rr (cos β, sin β), rr = 0.007 m.
  const testSet = quoted(['beta', 'Theta', 'x_F', 'y_F'], [[0.03, 15.81077119629904, -15.75637105984298, -0.006963039426, -0.000718388439]]);

  it('andrews, 0.03 s at h = 1e-5: modified HHT meets the criterion at the test set\'s time, classical misses it by far', () => {
    const outputs = ['beta', 'Theta', 'x_F', 'y_F'];
    const modified = runLibrary('andrews', { method: 'modified', damping: -0.1, h: 1e-5, tEnd: 0.03, sampleDt: 0.03 });
    const classical = runLibrary('andrews', { method: 'classical', damping: -0.1, h: 1e-5, tEnd: 0.03, sampleDt: 0.03 });
    const m = largestDeviations(modified, testSet, outputs), c = largestDeviations(classical, testSet, outputs);
    expect(worstDeviation(m)).toBeLessThan(HIGH_PRECISION);
    expect(m.beta.max).toBeGreaterThan(1e-5);
    // The crank turns at up to 1140 rad/s: classical HHT's Newmark update of the Euler parameters loses the turn.
    expect(c.beta.max).toBeGreaterThan(20 * m.beta.max);
    expect(c.beta.max).toBeGreaterThan(1e-2);
  });
});
