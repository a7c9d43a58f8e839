/**
 * The benchmark library's long runs (SPEC §8) against their references at the library's 1e-3, at each model's
 * run defaults: the 81-body N-four-bar through 20 s of singular positions against the library's ADAMS output,
 * N = 2, 10, 100 against the exact one-degree-of-freedom motion, Bricard's mechanism and the flyball governor over
 * 10 s against converged references, the pendulum over 100 s. Quoted values name their source; the full data
 * and the largest deviation over every output step are in docs/benchmarks.md (`npm run bench:library`).
 */
import { describe, expect, it } from 'vitest';
import { HIGH_PRECISION, largestDeviations, runLibrary, worstDeviation, type LibraryReference } from '../../bench/libraryCases';

function quoted(names: readonly string[], rows: readonly (readonly number[])[]): LibraryReference {
  return { t: rows.map((r) => r[0]), columns: Object.fromEntries(names.map((n, k) => [n, rows.map((r) => r[k + 1])])) };
}

describe('benchmark library, long runs against the references', () => {
  it('A02 N-four-bar, N = 40, 20 s at h = 1e-3: modified HHT steps through ~20 singular positions and stays within 1e-3 of ADAMS', () => {
    // mikevignos/simEngine3D-Vignos testExamples/N-4barMechanism/A02_solution_data.txt (commit 8aa1395a; ADAMS/Solver
    // 2003, N = 40): x and y of B0 at whole seconds.
    const adams = quoted(['x_B0', 'y_B0'], [
      [1, -0.115357, -0.993324], [2, 0.0344663, 0.999406], [3, -0.338518, -0.94096], [4, 0.0693421, 0.997593],
      [5, -0.540191, -0.841543], [6, 0.105037, 0.994468], [7, -0.709615, -0.70459], [8, 0.141958, 0.989873],
      [9, -0.840387, -0.541987], [10, 0.180513, 0.983573], [11, -0.930615, -0.365999], [12, 0.221098, 0.975252],
      [13, -0.98224, -0.18763], [14, 0.264098, 0.964496], [15, -0.999878, -0.0156064], [16, 0.309869, 0.950779],
      [17, -0.989581, 0.143979], [18, 0.358724, 0.933444], [19, -0.957773, 0.287527], [20, 0.410902, 0.911679],
    ]);
    const run = runLibrary('n-four-bar', { method: 'modified', damping: -0.1, h: 1e-3, tEnd: 20, sampleDt: 0.05 });
    expect(run.failure).toBeNull();
    expect(run.removedCount).toBe(120);
    const worst = worstDeviation(largestDeviations(run, adams, ['x_B0', 'y_B0']));
    expect(worst).toBeLessThan(HIGH_PRECISION);
    expect(worst).toBeGreaterThan(1e-5);
    // Each sample still on the constraints: the singular positions were stepped through, not around.
    expect(Math.max(...run.constraintError)).toBeLessThan(1e-12);
  });

  it('A02 with N = 2, 10 and 100 through the first revolution (two singular positions): within 1e-3 of the exact 1-DOF motion', () => {
    // Exact reduction J θ'' = M sin θ on the parallelogram branch (docs/benchmarks.md), x, y, ẋ, ẏ of B0.
    const exact: Record<number, number[][]> = {
      2: [[0.5, 0.6952866331644209, 0.718732563435722, 1.960205425371797, -1.896261140586649], [1, -0.1950203019495182, -0.9807992056621573, -6.676678036881109, 1.327578325161066], [1.5, -0.5846771174174233, 0.8112660897439585, 1.871216356092798, 1.348580199487895], [2, 0.05781579576791648, 0.9983272678634609, 1.017260136620064, -0.05891224871332702]],
      10: [[0.5, 0.6892024936420892, 0.7245687840070989, 1.93459620857041, -1.840168332623331], [1, -0.1293060150511947, -0.9916047370155007, -6.675281838562792, 0.870461850037203], [1.5, -0.6155945001617036, 0.7880630757564158, 1.88411528624427, 1.471774333252821], [2, 0.03856766659705027, 0.9992559907717635, 1.007493705284354, -0.03888561257863792]],
      100: [[0.5, 0.6876648913004283, 0.7260282344873168, 1.928048403434957, -1.82617029585125], [1, -0.1124977765674153, -0.9936519764320846, -6.668690205740806, 0.7550056141955619], [1.5, -0.6235584813304139, 0.7817767074816874, 1.886130491764809, 1.504409959749793], [2, 0.03362453112288134, 0.9994345355783771, 1.005657424932775, -0.03383389124535309]],
    };
    for (const n of [2, 10, 100]) {
      const run = runLibrary('n-four-bar', { method: 'modified', damping: -0.1, h: 1e-3, tEnd: 2, sampleDt: 0.05, values: { N: [n] } });
      expect(run.failure, `N = ${n}`).toBeNull();
      expect(run.removedCount).toBe(3 * n);
      const d = largestDeviations(run, quoted(['x_B0', 'y_B0', 'vx_B0', 'vy_B0'], exact[n]), ['x_B0', 'y_B0', 'vx_B0', 'vy_B0']);
      expect(worstDeviation(d), `N = ${n}`).toBeLessThan(HIGH_PRECISION);
    }
  });

  it('A02: classical HHT loses the rockers\' revolutions (first order) where modified HHT keeps them', () => {
    // Exact 1-DOF motion with N = 2 (docs/benchmarks.md): x and y of B0 at 5, 8.75 and 10 s.
    const exact = quoted(['x_B0', 'y_B0'], [[5, -0.8113104610030584, -0.5846155453518193], [8.75, -0.05934370221084607, -0.998237609493807], [10, 0.3284581115366044, 0.9445185381800654]]);
    const at = (method: 'classical' | 'modified', h: number) => {
      const run = runLibrary('n-four-bar', { method, damping: -0.1, h, tEnd: 10, sampleDt: 0.05, values: { N: [2] } });
      return worstDeviation(largestDeviations(run, exact, ['x_B0', 'y_B0']));
    };
    const classical = at('classical', 1e-3), modified = at('modified', 1e-3);
    expect(modified).toBeLessThan(HIGH_PRECISION);
    expect(classical).toBeGreaterThan(30 * HIGH_PRECISION);
    expect(at('classical', 5e-4)).toBeGreaterThan(0.4 * classical); // first order: halving h halves the error
  });

  it('A04 Bricard, 10 s at h = 1e-3: within 1e-3 of the converged reference; the removed equation holds to round-off', () => {
    // Converged reference (joint coordinates, DOP853 rtol 1e-12; docs/benchmarks.md, A04): P3 at whole seconds.
    const reference = quoted(['x_P3', 'y_P3', 'z_P3'], [
      [1, 0.2744813192647, -0.8867079387347, -0.4623300026874], [2, -0.7781353730333, -0.9803526834433, -0.1972526706171],
      [3, -0.7712813589687, -0.9792693298398, -0.2025625326537], [4, 0.2835510790815, -0.8880228141229, -0.4597993927756],
      [5, 0.9999327423022, -0.9999999977384, -6.725543571498e-5], [6, 0.2654007873591, -0.8854255620147, -0.4647812110344],
      [7, -0.7849130565997, -0.9814035822608, -0.1919557467888], [8, -0.7643526022346, -0.9781537944097, -0.207882549727],
      [9, 0.2926095861348, -0.889369143276, -0.4571898150483], [10, 0.9997309873055, -0.9999999638258, -2.689765043177e-4],
    ]);
    const run = runLibrary('bricard', { method: 'modified', damping: -0.1, h: 1e-3, tEnd: 10, sampleDt: 0.01 });
    expect(run.failure).toBeNull();
    expect(worstDeviation(largestDeviations(run, reference, ['x_P3', 'y_P3', 'z_P3']))).toBeLessThan(HIGH_PRECISION);
    expect(run.removedCount).toBe(1);
    expect(run.removedResidual).toBeLessThan(1e-12);
  });

  it('A05 flyball governor, 10 s at h = 1e-3: every method runs; modified HHT meets 1e-3 on s and ω, classical misses on ω and loses angular momentum', () => {
    // Converged reference (Lagrange equations in φ, s, α1, α2, Radau rtol 1e-11; docs/benchmarks.md, A05).
    const reference = quoted(['s', 'omega_shaft'], [
      [1, 0.5014209223796, 6.271125741876], [2, 0.5059092942967, 6.236223614436], [3, 0.5132460783402, 6.180672706286],
      [4, 0.523223371026, 6.10800805311], [5, 0.5355631037216, 6.022496499759], [6, 0.5499286659056, 5.928650227063],
      [7, 0.5659381577194, 5.830800910953], [8, 0.5831783367097, 5.732788321369], [9, 0.6012184020475, 5.637779256045],
      [10, 0.6196229170613, 5.548203622655],
    ]);
    const worst: Record<string, number> = {}, drift: Record<string, number> = {};
    for (const [method, damping] of [['classical', -0.3], ['modified', -0.3], ['generalized-alpha', 7 / 13], ['lie-group', 7 / 13], ['ji-xing', 7 / 13]] as const) {
      const run = runLibrary('flyball-governor', { method, damping, h: 1e-3, tEnd: 10, sampleDt: 0.01 });
      expect(run.failure, method).toBeNull();
      worst[method] = worstDeviation(largestDeviations(run, reference, ['s', 'omega_shaft']));
      const lz = run.angularMomentumZ;
      drift[method] = Math.abs(lz[lz.length - 1] / lz[0] - 1);
    }
    for (const m of ['modified', 'generalized-alpha', 'lie-group', 'ji-xing']) expect(worst[m], m).toBeLessThan(HIGH_PRECISION);
    expect(worst.classical).toBeGreaterThan(HIGH_PRECISION);
    // No torque about z: the angular momentum is conserved; classical HHT's numerical damping of the rotation removes it.
    expect(drift.classical).toBeGreaterThan(1e-4);
    expect(drift.modified).toBeLessThan(1e-6);
  });

  it('A01 pendulum, 100 s at h = 5e-4: within 1e-3 of the library data', () => {
    // mikevignos/simEngine3D-Vignos testExamples/simplePendulum/A01_solution_data.txt (commit ca26114b).
    const adams = quoted(['x_P1', 'y_P1'], [
      [25, 0.995686, -0.0927901], [50, -0.932291, -0.361709], [75, 0.683905, -0.729571], [100, -0.181513, -0.983388],
    ]);
    const run = runLibrary('pendulum', { method: 'modified', damping: -0.1, h: 5e-4, tEnd: 100, sampleDt: 0.5 });
    expect(run.failure).toBeNull();
    const worst = worstDeviation(largestDeviations(run, adams, ['x_P1', 'y_P1']));
    expect(worst).toBeLessThan(HIGH_PRECISION);
    // The phase error grows with time: at 100 s it is ten times that at 10 s (4.5e-5 m at this h).
    expect(worst).toBeGreaterThan(1e-4);
  });
});
