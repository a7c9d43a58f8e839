/**
 * `npm run bench`: speed figures, one JSON line per case. Prints, never asserts.
 * Each case runs once to warm up the JIT, then is timed over a full run.
 */
import os from 'node:os';
import { heavyTopModel, HEAVY_TOP_DEFAULTS } from '../src/solver/scenarios/heavyTop';
import { spinModel, SPIN_DEFAULTS } from '../src/solver/scenarios/spin';
import { Simulation, type IntegratorMethod, type RunSettings } from '../src/solver/simulate';
import type { MultibodyModel } from '../src/solver/model/types';

interface BenchCase {
  readonly scenario: string;
  readonly model: () => MultibodyModel;
  readonly alpha: number;
  readonly h: number;
  readonly tEnd: number;
}

const CASES: readonly BenchCase[] = [
  { scenario: 'heavy-top', model: () => heavyTopModel(HEAVY_TOP_DEFAULTS), alpha: -0.2, h: 1e-5, tEnd: 1 },
  { scenario: 'spin', model: () => spinModel(SPIN_DEFAULTS), alpha: -0.3, h: 1e-4, tEnd: 10 },
];

function timeRun(c: BenchCase, method: IntegratorMethod) {
  const settings: RunSettings = { method, alpha: c.alpha, h: c.h, tEnd: c.tEnd, sampleEvery: Math.round(1e-3 / c.h) };
  const sim = new Simulation(c.model(), settings);
  const start = process.hrtime.bigint();
  const status = sim.advance(Number.MAX_SAFE_INTEGER, () => {});
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (status !== 'finished') throw new Error(`${c.scenario} ${method}: ${sim.failure?.reason}`);
  return { seconds, steps: sim.stepsDone, newtonIterations: sim.integrator.totalIterations, sim };
}

console.log(JSON.stringify({ machine: os.cpus()[0]?.model ?? "unknown CPU", cores: os.cpus().length, node: process.version }));
for (const c of CASES) {
  for (const method of ['classical', 'modified'] as const) {
    timeRun({ ...c, tEnd: c.tEnd / 10 }, method); // warm-up
    const { seconds, steps, newtonIterations, sim } = timeRun(c, method);
    console.log(JSON.stringify({
      scenario: c.scenario, method, alpha: c.alpha, h: c.h, steps,
      seconds: +seconds.toFixed(3),
      us_per_step: +((seconds / steps) * 1e6).toFixed(3),
      realtime_factor: +(c.tEnd / seconds).toFixed(3),
      newton_iterations_per_step: +(newtonIterations / steps).toFixed(3),
      factorizations: sim.integrator.totalFactorizations,
    }));
  }
}
