/**
 * `npm run bench`: speed figures, one JSON line per figure (docs/performance.md). Prints, never asserts.
 * Runs bundled (esbuild) in plain Node, single thread. The first line names the machine. Each case is
 * warmed up on a shorter run, then run BENCH_REPEATS times (default 5) and reported by the median and
 * spread of its µs/step, by wall clock and by user CPU time (the latter less disturbed by other load).
 * The heavy top is also run in MuJoCo's official WebAssembly build (RK4, same h) in the same process,
 * as often, each MuJoCo run next to one of ours (the ratio of neighbouring runs). Then one instrumented run per V8 method prints the per-phase times of a step, a chain of N links
 * the cost against model size (bench/chain.ts), the method family is compared (bench/family.ts), and the
 * benchmark library's five problems are timed at the cheapest setting that meets their 1e-3 criterion, with the
 * N-four-bar's cost against N (bench/benchmarks.ts).
 */
import { Simulation, type IntegratorMethod, type RunSettings } from '../src/solver/simulate';
import { SparseNewtonSolver } from '../src/solver/linalg/newtonSolver';

/** The speed targets are for HHT; the whole family is compared in bench/family.ts. */
const BENCH_METHODS: readonly IntegratorMethod[] = ['classical', 'modified'];
import type { MultibodyModel } from '../src/solver/model/types';
import { runMujocoHeavyTop } from './mujoco';
import { machineLine, spreadFields, spreadOf, timed } from './stats';
import { profilePhases } from './phases';
import { familyBench } from './family';
import { paperModel } from '../test/support/paperModel';
import { chainBench } from './chain';
import { libraryCost } from './benchmarks';

/** Chain lengths of the cost-against-size figure (bench/chain.ts); BENCH_CHAIN=2,10 overrides, 0 skips it. */
const CHAIN_SIZES = (process.env.BENCH_CHAIN ?? '2,10,40,100').split(',').map(Number).filter((n) => n > 0);

interface BenchCase {
  readonly scenario: string;
  readonly model: () => MultibodyModel;
  readonly alpha: number;
  readonly h: number;
  readonly tEnd: number;
}

const HEAVY_TOP: BenchCase = { scenario: 'heavy-top', model: () => paperModel('heavy-top'), alpha: -0.2, h: 1e-5, tEnd: 1 };
const V8: BenchCase = { scenario: 'v8-crank', model: () => paperModel('v8-crank'), alpha: -0.3, h: 1e-4, tEnd: 9 };
const REPEATS = Math.max(1, Number(process.env.BENCH_REPEATS ?? 5));

/** Column of the sample row holding the constraint residual (SAMPLE_COLUMNS). */
const CONSTRAINT_ERROR = 6;

function simulation(c: BenchCase, method: IntegratorMethod, tEnd = c.tEnd): Simulation {
  const settings: RunSettings = { method, alpha: c.alpha, h: c.h, tEnd, sampleEvery: Math.round(1e-2 / c.h) };
  return new Simulation(c.model(), settings);
}

interface RunOutcome { readonly sim: Simulation; readonly omegaEnd: number[]; readonly constraintErrorMax: number }

function run(c: BenchCase, method: IntegratorMethod, tEnd = c.tEnd): RunOutcome {
  const sim = simulation(c, method, tEnd);
  let omegaEnd: number[] = [];
  let constraintErrorMax = 0;
  const status = sim.advance(Number.MAX_SAFE_INTEGER, (row) => {
    omegaEnd = [row[1], row[2], row[3]];
    constraintErrorMax = Math.max(constraintErrorMax, row[CONSTRAINT_ERROR]);
  });
  if (status !== 'finished') throw new Error(`${c.scenario} ${method}: ${sim.failure?.reason}`);
  return { sim, omegaEnd, constraintErrorMax };
}

interface CaseFigures { readonly us: number; readonly cpuUs: number; readonly omega: number[] }

/**
 * The sparse LU's work on the run's Newton matrix (src/solver/linalg/sparseLu.ts): stored entries of A's pattern and
 * of L+U, multiply-adds per factorisation and per solve, and the analyses of the run (the first, pattern growths,
 * degraded pivots).
 */
function luFields(sim: Simulation): Record<string, number> {
  const linear = sim.integrator.driver.linear;
  if (!(linear instanceof SparseNewtonSolver)) return {};
  const c = linear.counts;
  return {
    lu_pattern_entries: c.patternEntries, lu_factor_entries: c.factorEntries,
    lu_multiply_adds_per_factorization: c.factorMultiplyAdds, lu_multiply_adds_per_solve: c.solveMultiplyAdds,
    lu_analyses: c.analyses, lu_pattern_growths: c.patternGrowths, lu_pivot_degradations: c.pivotDegradations,
  };
}

/** Warm-up, then REPEATS timed runs; prints one line; returns the median wall and CPU µs/step and ω(t_end). */
function benchCase(c: BenchCase, method: IntegratorMethod): CaseFigures {
  run(c, method, c.tEnd / 10);
  const wallUs: number[] = [], cpuUs: number[] = [];
  let last: RunOutcome | undefined;
  for (let r = 0; r < REPEATS; r++) {
    const { value, wallSeconds, cpuSeconds } = timed(() => run(c, method));
    last = value;
    wallUs.push((wallSeconds / value.sim.stepsDone) * 1e6);
    cpuUs.push((cpuSeconds / value.sim.stepsDone) * 1e6);
  }
  const { sim, omegaEnd, constraintErrorMax } = last!;
  const steps = sim.stepsDone;
  const median = spreadOf(wallUs).median;
  console.log(JSON.stringify({
    scenario: c.scenario, method, alpha: c.alpha, h: c.h, t_end: c.tEnd, steps, repeats: REPEATS,
    ...spreadFields('us_per_step', wallUs),
    ...spreadFields('cpu_us_per_step', cpuUs),
    realtime_factor_median: +((c.tEnd / (median * steps)) * 1e6).toFixed(3),
    newton_iterations_per_step: +(sim.integrator.totalIterations / steps).toFixed(3),
    factorizations: sim.integrator.totalFactorizations,
    factorizations_per_step: +(sim.integrator.totalFactorizations / steps).toFixed(4),
    ...luFields(sim),
    omega_end: omegaEnd.map((x) => +x.toFixed(6)),
    constraint_error_max: +constraintErrorMax.toExponential(3),
  }));
  return { us: median, cpuUs: spreadOf(cpuUs).median, omega: omegaEnd };
}

/**
 * MuJoCo's RK4 on the heavy top, REPEATS times, each run followed by one run of our modified HHT on the same case:
 * besides the ratio of the medians (our figure measured earlier in the process), the median of the ratios of these
 * neighbouring runs, which the host's drift in speed over minutes does not move.
 */
async function mujocoLine(modified: CaseFigures): Promise<void> {
  const us: number[] = [], cpuUs: number[] = [], pairedRatio: number[] = [], pairedCpuRatio: number[] = [];
  let omegaEnd: number[] = [];
  let steps = 0;
  for (let r = 0; r < REPEATS; r++) {
    const mj = await runMujocoHeavyTop(HEAVY_TOP.h, HEAVY_TOP.tEnd);
    us.push(mj.usPerStep);
    cpuUs.push(mj.cpuUsPerStep);
    omegaEnd = mj.omegaEnd;
    steps = mj.steps;
    const { value, wallSeconds, cpuSeconds } = timed(() => run(HEAVY_TOP, 'modified'));
    const ourSteps = value.sim.stepsDone;
    pairedRatio.push((wallSeconds / ourSteps) * 1e6 / mj.usPerStep);
    pairedCpuRatio.push((cpuSeconds / ourSteps) * 1e6 / mj.cpuUsPerStep);
  }
  const median = spreadOf(us).median;
  console.log(JSON.stringify({
    scenario: 'heavy-top', engine: 'mujoco-wasm', integrator: 'RK4', h: HEAVY_TOP.h, steps, repeats: REPEATS,
    ...spreadFields('us_per_step', us),
    ...spreadFields('cpu_us_per_step', cpuUs),
    omega_end: omegaEnd.map((x) => +x.toFixed(6)),
    omega_difference_modified_minus_mujoco: modified.omega.map((x, i) => +(x - omegaEnd[i]).toExponential(3)),
    ratio_modified_us_per_step_to_mujoco_median: +(modified.us / median).toFixed(3),
    ratio_modified_cpu_us_per_step_to_mujoco_median: +(modified.cpuUs / spreadOf(cpuUs).median).toFixed(3),
    ...spreadFields('ratio_modified_to_mujoco_neighbouring_runs', pairedRatio),
    ...spreadFields('ratio_modified_cpu_to_mujoco_neighbouring_runs', pairedCpuRatio),
  }));
}

function phaseLine(c: BenchCase, method: IntegratorMethod): void {
  const { usPerStep, percent, callsPerStep } = profilePhases(simulation(c, method));
  console.log(JSON.stringify({
    scenario: c.scenario, method, figure: 'phases (instrumented run, wall µs per step)',
    us_per_step: usPerStep, percent, calls_per_step: callsPerStep,
  }));
}

async function main(): Promise<void> {
  console.log(machineLine({ repeats: REPEATS }));
  const ours: Record<string, CaseFigures> = {};
  for (const c of [HEAVY_TOP, V8]) {
    for (const method of BENCH_METHODS) ours[`${c.scenario}/${method}`] = benchCase(c, method);
  }
  await mujocoLine(ours['heavy-top/modified']);
  for (const method of BENCH_METHODS) phaseLine(V8, method);
  if (CHAIN_SIZES.length > 1) chainBench(CHAIN_SIZES, REPEATS);
  familyBench(REPEATS); // every method's µs/step and work–precision (bench/family.ts)
  libraryCost(REPEATS); // the benchmark library's five problems and the N-four-bar's cost against N (bench/benchmarks.ts)
}

await main();
