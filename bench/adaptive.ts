/**
 * `npm run adaptive`: the adaptive-step figures. Heavy top (α = −0.2) and V8 (α = −0.3), t ∈ [0, 1], adaptive
 * at tolerances 1e-3 … 1e-6 (modified and classical): steps, rejected steps, Newton iterations, achieved
 * e_ω (Sherif Eq. 71) against a fine fixed-step reference, wall time; and the fixed step that gives the
 * same e_ω (log-log interpolation over a ladder of fixed-step runs) with its wall time.
 */
import { Simulation, type IntegratorMethod, type RunSettings } from '../src/solver/simulate';
import type { MultibodyModel } from '../src/solver/model/types';
import { integratedOmegaError, type OmegaSeries } from '../src/solver/studies/omegaError';
import { paperModel } from '../test/support/paperModel';

const SAMPLE_DT = 1e-3;
const T_END = 1;

interface Measured { series: OmegaSeries; seconds: number; steps: number; rejected: number; newton: number; status: string }

function measure(model: MultibodyModel, settings: RunSettings): Measured {
  const t: number[] = [], omega: number[] = [];
  const sim = new Simulation(model, settings);
  const start = process.hrtime.bigint();
  const status = sim.advance(Number.MAX_SAFE_INTEGER, (row) => { t.push(row[0]); omega.push(row[1], row[2], row[3]); });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return {
    series: { t: Float64Array.from(t), omega: Float64Array.from(omega) }, seconds, status,
    steps: sim.stepsDone, rejected: sim.stepsRejected, newton: sim.integrator.totalIterations,
  };
}

/** h with the given e_ω by log-log interpolation over (h, e) pairs sorted by h. */
function stepForError(ladder: { h: number; e: number; seconds: number }[], e: number): { h: number; seconds: number } {
  for (let i = 1; i < ladder.length; i++) {
    const a = ladder[i - 1], b = ladder[i];
    if ((e - a.e) * (e - b.e) <= 0) {
      const f = Math.log(e / a.e) / Math.log(b.e / a.e);
      return { h: Math.exp(Math.log(a.h) + f * Math.log(b.h / a.h)), seconds: Math.exp(Math.log(a.seconds) + f * Math.log(b.seconds / a.seconds)) };
    }
  }
  return { h: NaN, seconds: NaN };
}

function study(name: string, model: MultibodyModel, alpha: number, refH: number, fixedSteps: number[]): void {
  const ref = measure(model, { method: 'modified', alpha, h: refH, tEnd: T_END, sampleEvery: Math.round(SAMPLE_DT / refH) });
  console.log(`\n### ${name}, α = ${alpha}, t ∈ [0, ${T_END}] s; reference: modified, fixed h = ${refH} s\n`);
  console.log('| method | tolerance | steps | rejected | Newton iterations | e_ω [rad] | wall [s] | fixed h for same e_ω [s] | its wall [s] |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const method of ['modified', 'classical'] as IntegratorMethod[]) {
    const ladder = fixedSteps.map((h) => {
      const m = measure(model, { method, alpha, h, tEnd: T_END, sampleEvery: Math.round(SAMPLE_DT / h) });
      return { h, e: m.status === 'finished' ? integratedOmegaError(m.series, ref.series) : NaN, seconds: m.seconds };
    }).filter((x) => Number.isFinite(x.e));
    console.log(`| ${method} | fixed steps | ${ladder.map((x) => `h = ${x.h}: e_ω ${x.e.toExponential(2)}, ${x.seconds.toFixed(3)} s`).join('; ')} |||||||`);
    for (const tol of [1e-3, 1e-4, 1e-5, 1e-6]) {
      const m = measure(model, { method, alpha, h: 1e-4, tEnd: T_END, sampleEvery: Math.round(SAMPLE_DT / 1e-4), tolerance: tol });
      const e = m.status === 'finished' ? integratedOmegaError(m.series, ref.series) : NaN;
      const fixed = stepForError(ladder, e);
      console.log(`| ${method} | ${tol} | ${m.steps} | ${m.rejected} | ${m.newton} | ${Number.isFinite(e) ? e.toExponential(3) : m.status} | ${m.seconds.toFixed(3)} | ${Number.isFinite(fixed.h) ? fixed.h.toExponential(2) : 'outside ladder'} | ${Number.isFinite(fixed.seconds) ? fixed.seconds.toFixed(3) : ''} |`);
    }
  }
}

study('heavy top', paperModel('heavy-top'), -0.2, 2e-6, [1e-3, 5e-4, 2e-4, 1e-4, 5e-5, 2e-5, 1e-5]);
study('V8 crank', paperModel('v8-crank'), -0.3, 1e-5, [1e-3, 5e-4, 2e-4, 1e-4, 5e-5]);
