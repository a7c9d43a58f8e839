/**
 * `npm run adaptive`: what a tolerance buys. Adaptive runs planned as the app and `sim --url` plan them (sample
 * grid and step cap max(h, t_end / 1999)), for both error norms and the tolerances 1e-2 … 1e-7: accepted, rejected
 * and cap-limited steps, Newton iterations, the achieved e_ω (Sherif Eq. 71) and its fall per decade of ε, wall time;
 * and the fixed step with the same e_ω (log-log interpolation over fixed steps DT/k on the same sample grid).
 * Spin (α = −0.3, t ∈ [0, 10], exact ω) and heavy top (α = −0.2, t ∈ [0, 1], reference: Lie-group generalized-α,
 * second order, at DT/100); `BENCH_V8=1` adds the V8 (α = −0.3, t ∈ [0, 1], reference generalized-α at DT/20).
 * `BENCH_FAMILY=1` adds generalized-α and Ji–Xing. Prints markdown (bench/results/adaptive.md keeps the last run).
 */
import { defaultState, getScenario } from '../src/scenario/registry';
import type { ErrorNorm } from '../src/scenario/errorNorm';
import type { ScenarioId, ScenarioState } from '../src/scenario/types';
import { planRun, solverSettings } from '../src/run/plan';
import { Simulation, type IntegratorMethod, type RunSettings } from '../src/solver/simulate';
import type { MultibodyModel } from '../src/solver/model/types';
import { simulateFamily, type FamilyRunSettings } from '../src/solver/studies/familyRuns';
import { integratedDifference } from '../src/solver/studies/errorMeasures';
import { buildScenarioModel } from '../src/scenario/build';

interface Series { t: Float64Array; omega: Float64Array }
interface Measured extends Series { seconds: number; steps: number; rejected: number; capped: number; newton: number; status: string }

const NORMS: readonly ErrorNorm[] = ['position', 'position-velocity'];

function measure(model: MultibodyModel, settings: RunSettings): Measured {
  const t: number[] = [], omega: number[] = [];
  const sim = new Simulation(model, settings);
  const start = process.hrtime.bigint();
  const status = sim.advance(Number.MAX_SAFE_INTEGER, (row) => { t.push(row[0]); omega.push(row[1], row[2], row[3]); });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return {
    t: Float64Array.from(t), omega: Float64Array.from(omega), seconds, status,
    steps: sim.stepsDone, rejected: sim.stepsRejected, capped: sim.stepsCapped, newton: sim.integrator.totalIterations,
  };
}

/** A fixed-step family run's (t, ω) at every `every` steps. */
function reference(model: MultibodyModel, settings: FamilyRunSettings): Series {
  const t: number[] = [], omega: number[] = [];
  const r = simulateFamily(model, settings, (row) => { t.push(row[0]); omega.push(row[1], row[2], row[3]); });
  if (r.status !== 'finished') throw new Error(`reference failed: ${r.failure?.reason}`);
  return { t: Float64Array.from(t), omega: Float64Array.from(omega) };
}

/** e_ω against a reference on the same sample grid, or the exact ω of the scenario. */
function omegaError(run: Series, ref: Series | ((t: number) => [number, number, number])): number {
  if (typeof ref !== 'function') return integratedDifference(run.t, run.omega, ref.omega, 3, ref.t);
  const exact = Float64Array.from(Array.from(run.t).flatMap((t) => ref(t)));
  return integratedDifference(run.t, run.omega, exact, 3, run.t);
}

/** h with the given e_ω by log-log interpolation over (h, e) pairs. */
function stepForError(ladder: { h: number; e: number }[], e: number): number {
  for (let i = 1; i < ladder.length; i++) {
    const a = ladder[i - 1], b = ladder[i];
    if ((e - a.e) * (e - b.e) <= 0) return Math.exp(Math.log(a.h) + (Math.log(e / a.e) / Math.log(b.e / a.e)) * Math.log(b.h / a.h));
  }
  return NaN;
}

const fmt = (x: number, digits = 3) => (Number.isFinite(x) ? x.toExponential(digits - 1) : '—');

function study(id: ScenarioId, tEnd: number, tolerances: readonly number[], methods: readonly IntegratorMethod[], refDivisor: number, refMethod: 'lie-group' | 'generalized-alpha' | null): void {
  const def = getScenario(id);
  const model = buildScenarioModel(def, defaultState(id).values);
  const base: ScenarioState = { ...defaultState(id), tEnd };
  const planned = planRun({ ...base, tolerance: 1e-4 });
  if (!planned.ok) throw new Error(planned.issue.message);
  const dt = planned.plan.samples.dt;
  const exact = def.exactOmega ? (t: number) => def.exactOmega!(base.values, t) : null;
  const ref = exact ?? reference(model, { method: refMethod!, alpha: 0, rho: 2 / 3, h: dt / refDivisor, tEnd, sampleEvery: refDivisor });
  console.log(`\n### ${def.title}, α = ${base.alpha}, t ∈ [0, ${tEnd}] s, h₀ = ${base.h} s, sample interval and step cap ${fmt(dt, 4)} s; ${exact ? 'exact ω' : `reference ${refMethod} at h = DT/${refDivisor}`}\n`);
  console.log('| method | norm | ε | steps | rejected | capped | Newton | e_ω [rad] | fall per decade | wall [s] | fixed h, same e_ω [s] |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const method of methods) {
    const ladder = [1, 2, 5, 10, 20, 50].map((k) => {
      const m = measure(model, { method, alpha: base.alpha, ...(method === 'modified' || method === 'classical' ? {} : { rho: 2 / 3 }), h: dt / k, tEnd, sampleEvery: k });
      return { h: dt / k, e: m.status === 'finished' ? omegaError(m, ref) : NaN };
    }).filter((x) => Number.isFinite(x.e));
    for (const norm of NORMS) {
      let previous = NaN;
      for (const tolerance of tolerances) {
        const p = planRun({ ...base, methods: [method], tolerance, errorNorm: norm });
        if (!p.ok) throw new Error(p.issue.message);
        const m = measure(model, solverSettings(p.plan, p.plan.methods[0]) as RunSettings);
        const e = m.status === 'finished' ? omegaError(m, ref) : NaN;
        const fall = previous / e;
        previous = e;
        console.log(
          `| ${method} | ${norm} | ${tolerance} | ${m.steps} | ${m.rejected} | ${Math.round((100 * m.capped) / Math.max(1, m.steps))} % | ${m.newton} | ` +
          `${Number.isFinite(e) ? fmt(e, 4) : m.status} | ${Number.isFinite(fall) ? fall.toFixed(2) : ''} | ${m.seconds.toFixed(2)} | ${fmt(stepForError(ladder, e))} |`,
        );
      }
    }
  }
}

const TOLERANCES = [1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7];
/** `BENCH_FAMILY=1` adds generalized-α and the Ji–Xing composite (ρ∞ = 2/3). */
const METHODS: readonly IntegratorMethod[] = process.env.BENCH_FAMILY ? ['modified', 'classical', 'generalized-alpha', 'ji-xing'] : ['modified', 'classical'];
study('spin', 10, TOLERANCES, METHODS, 1, null);
study('heavy-top', 1, TOLERANCES, METHODS, 100, 'lie-group');
if (process.env.BENCH_V8) study('v8-crank', 1, [1e-2, 1e-3, 1e-4, 1e-5], ['modified', 'classical'], 20, 'generalized-alpha');
