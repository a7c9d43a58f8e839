/**
 * `npm run predictor`: Newton iterations per step for predictor orders 0, 1, 2 (Negrut Sect. 3.5) on the
 * heavy top (α = −0.2, h = 1e-4, 1 s) and the V8 (α = −0.3, h = 1e-4, 3 s), both methods. Iteration counts
 * are deterministic; the wall times are indicative only.
 */
import { Simulation } from '../src/solver/simulate';
import { DEFAULT_NEWTON } from '../src/solver/integrators/hhtIntegrator';
import { paperModel } from '../test/support/paperModel';

const cases = [
  { name: 'heavy top', model: paperModel('heavy-top'), alpha: -0.2, h: 1e-4, tEnd: 1 },
  { name: 'V8', model: paperModel('v8-crank'), alpha: -0.3, h: 1e-4, tEnd: 3 },
];
console.log('| case | method | predictor order | Newton iterations / step | factorisations / step | µs / step |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const c of cases) {
  for (const method of ['classical', 'modified'] as const) {
    for (const order of [0, 1, 2] as const) {
      const sim = new Simulation(c.model, { method, alpha: c.alpha, h: c.h, tEnd: c.tEnd, sampleEvery: 1000 }, { ...DEFAULT_NEWTON, predictorOrder: order });
      const start = process.hrtime.bigint();
      sim.advance(Number.MAX_SAFE_INTEGER, () => {});
      const us = Number(process.hrtime.bigint() - start) / 1e3 / sim.stepsDone;
      const it = sim.integrator.totalIterations / sim.stepsDone, f = sim.integrator.totalFactorizations / sim.stepsDone;
      console.log(`| ${c.name} | ${method} | ${order} | ${it.toFixed(2)} | ${f.toFixed(3)} | ${us.toFixed(1)} |`);
    }
  }
}
