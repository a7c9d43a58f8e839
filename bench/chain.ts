/**
 * Cost against model size (`npm run bench`): a planar chain of N links on revolute joints, the first hinged to
 * the ground, falling from the horizontal under gravity; modified HHT (α = −0.3, h = 1e-4) over a short run.
 * Prints µs/step (wall and user CPU) per N, the Newton matrix's size and its LU's counts, and the exponent p of
 * the least-squares fit µs/step ∝ N^p over the N given (linear cost: p ≈ 1).
 */
import type { MultibodyModel, RigidBody } from '../src/solver/model/types';
import { revoluteJoint } from '../src/solver/model/joints/revolute';
import { GROUND } from '../src/solver/model/joints/jointSite';
import { gravity } from '../src/solver/model/loads';
import { Simulation } from '../src/solver/simulate';
import { SparseNewtonSolver } from '../src/solver/linalg/newtonSolver';
import { timed } from './stats';

/** N links of 1 m and 1 kg (slender rods), along x at the start, hinged about z; gravity along −y. */
export function chainModel(links: number): MultibodyModel {
  const bodies: RigidBody[] = Array.from({ length: links }, (_, k) => ({
    name: `link ${k + 1}`, mass: 1, inertia: [1e-3, 1 / 12, 1 / 12], position: [k + 0.5, 0, 0],
    orientation: [1, 0, 0, 0], velocity: [0, 0, 0], angularVelocity: [0, 0, 0],
  }));
  const axis = [0, 0, 1] as const, ref = [1, 0, 0] as const;
  const constraints = bodies.map((_, k) => revoluteJoint(
    `hinge ${k + 1}`,
    k === 0 ? { body: GROUND, point: [0, 0, 0], axis, ref } : { body: k - 1, point: [0.5, 0, 0], axis, ref },
    { body: k, point: [-0.5, 0, 0], axis, ref },
  ));
  return { bodies, constraints, loads: [gravity(bodies, [0, -9.81, 0])], primaryBody: 0 };
}

/** Least-squares slope of log y against log x. */
function logLogSlope(x: readonly number[], y: readonly number[]): number {
  const lx = x.map(Math.log), ly = y.map(Math.log);
  const mx = lx.reduce((s, v) => s + v, 0) / lx.length, my = ly.reduce((s, v) => s + v, 0) / ly.length;
  let sxy = 0, sxx = 0;
  for (let i = 0; i < lx.length; i++) { sxy += (lx[i] - mx) * (ly[i] - my); sxx += (lx[i] - mx) ** 2; }
  return sxy / sxx;
}

/** One line per N, then the fitted exponents; `repeats` timed runs per N after a warm-up, medians. */
export function chainBench(sizes: readonly number[], repeats: number, tEnd = 0.2): void {
  const wall: number[] = [], cpu: number[] = [];
  for (const links of sizes) {
    const make = () => new Simulation(chainModel(links), { method: 'modified', alpha: -0.3, h: 1e-4, tEnd, sampleEvery: 100 });
    make().advance(Number.MAX_SAFE_INTEGER, () => {});
    const w: number[] = [], c: number[] = [];
    let sim = make();
    for (let r = 0; r < repeats; r++) {
      const { value, wallSeconds, cpuSeconds } = timed(() => {
        const s = make();
        if (s.advance(Number.MAX_SAFE_INTEGER, () => {}) !== 'finished') throw new Error(`chain ${links}: ${s.failure?.reason}`);
        return s;
      });
      sim = value;
      w.push((wallSeconds / value.stepsDone) * 1e6);
      c.push((cpuSeconds / value.stepsDone) * 1e6);
    }
    const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
    wall.push(median(w));
    cpu.push(median(c));
    const linear = sim.integrator.driver.linear;
    const counts = linear instanceof SparseNewtonSolver ? linear.counts : undefined;
    console.log(JSON.stringify({
      scenario: 'chain', links, method: 'modified', alpha: -0.3, h: 1e-4, t_end: tEnd, steps: sim.stepsDone, repeats,
      unknowns: linear.size, us_per_step_median: +median(w).toFixed(2), cpu_us_per_step_median: +median(c).toFixed(2),
      newton_iterations_per_step: +(sim.integrator.totalIterations / sim.stepsDone).toFixed(3),
      lu_factor_entries: counts?.factorEntries, lu_multiply_adds_per_factorization: counts?.factorMultiplyAdds,
      lu_multiply_adds_per_solve: counts?.solveMultiplyAdds,
    }));
  }
  console.log(JSON.stringify({
    scenario: 'chain', figure: 'µs/step ∝ N^p, least squares over N', links: sizes,
    exponent_wall: +logLogSlope(sizes, wall).toFixed(3), exponent_cpu: +logLogSlope(sizes, cpu).toFixed(3),
  }));
}
