/**
 * `npm run bench`: speed figures, one JSON line per case (issue 4). Prints, never asserts.
 * Runs bundled (esbuild) in plain Node, single thread. Each case is warmed up on a shorter run first.
 * The heavy top is also run in MuJoCo's official WebAssembly build (RK4, same h) in the same process.
 */
import os from 'node:os';
import { heavyTopModel, HEAVY_TOP_DEFAULTS } from '../src/solver/scenarios/heavyTop';
import { v8CrankModel, V8_DEFAULTS } from '../src/solver/scenarios/v8Crank';
import { Simulation, type IntegratorMethod, type RunSettings } from '../src/solver/simulate';
import type { MultibodyModel } from '../src/solver/model/types';
import { runMujocoHeavyTop } from './mujoco';

interface BenchCase {
  readonly scenario: string;
  readonly model: () => MultibodyModel;
  readonly alpha: number;
  readonly h: number;
  readonly tEnd: number;
}

const HEAVY_TOP: BenchCase = { scenario: 'heavy-top', model: () => heavyTopModel(HEAVY_TOP_DEFAULTS), alpha: -0.2, h: 1e-5, tEnd: 1 };
const V8: BenchCase = { scenario: 'v8-crank', model: () => v8CrankModel(V8_DEFAULTS), alpha: -0.3, h: 1e-4, tEnd: 9 };

interface Timed {
  readonly seconds: number;
  readonly sim: Simulation;
  readonly omegaEnd: number[];
}

function timeRun(c: BenchCase, method: IntegratorMethod, tEnd = c.tEnd): Timed {
  const settings: RunSettings = { method, alpha: c.alpha, h: c.h, tEnd, sampleEvery: Math.round(1e-2 / c.h) };
  const sim = new Simulation(c.model(), settings);
  let omegaEnd: number[] = [];
  const start = process.hrtime.bigint();
  const status = sim.advance(Number.MAX_SAFE_INTEGER, (row) => { omegaEnd = [row[1], row[2], row[3]]; });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (status !== 'finished') throw new Error(`${c.scenario} ${method}: ${sim.failure?.reason}`);
  return { seconds, sim, omegaEnd };
}

function report(c: BenchCase, method: IntegratorMethod, { seconds, sim, omegaEnd }: Timed): number {
  const steps = sim.stepsDone;
  const usPerStep = (seconds / steps) * 1e6;
  console.log(JSON.stringify({
    scenario: c.scenario, method, alpha: c.alpha, h: c.h, steps,
    seconds: +seconds.toFixed(3),
    us_per_step: +usPerStep.toFixed(3),
    realtime_factor: +(c.tEnd / seconds).toFixed(3),
    newton_iterations_per_step: +(sim.integrator.totalIterations / steps).toFixed(3),
    factorizations: sim.integrator.totalFactorizations,
    omega_end: omegaEnd.map((x) => +x.toFixed(6)),
  }));
  return usPerStep;
}

async function main(): Promise<void> {
  console.log(JSON.stringify({ machine: os.cpus()[0]?.model ?? 'unknown CPU', cores: os.cpus().length, node: process.version }));
  const ours: Record<string, { us: number; omega: number[] }> = {};
  for (const c of [HEAVY_TOP, V8]) {
    for (const method of ['classical', 'modified'] as const) {
      timeRun(c, method, c.tEnd / 10); // warm-up
      const timed = timeRun(c, method);
      ours[`${c.scenario}/${method}`] = { us: report(c, method, timed), omega: timed.omegaEnd };
    }
  }
  const mj = await runMujocoHeavyTop(HEAVY_TOP.h, HEAVY_TOP.tEnd);
  const modified = ours['heavy-top/modified'];
  console.log(JSON.stringify({
    scenario: 'heavy-top', engine: 'mujoco-wasm', integrator: 'RK4', h: HEAVY_TOP.h, steps: mj.steps,
    seconds: +mj.seconds.toFixed(3), us_per_step: +mj.usPerStep.toFixed(3),
    realtime_factor: +(HEAVY_TOP.tEnd / mj.seconds).toFixed(3),
    omega_end: mj.omegaEnd.map((x) => +x.toFixed(6)),
    omega_difference_modified_minus_mujoco: modified.omega.map((x, i) => +(x - mj.omegaEnd[i]).toExponential(3)),
    ratio_modified_us_per_step_to_mujoco: +(modified.us / mj.usPerStep).toFixed(3),
  }));
}

await main();
