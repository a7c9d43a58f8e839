/**
 * `npm run figures`: the accuracy figures of docs/accuracy.md, printed as Markdown tables.
 * - spin with defaults: ω_x(10 s) for both methods vs the exact 60 rad/s;
 * - heavy top, α = −0.2, t ∈ [0, 1]: e_ω (Sherif Eq. 71) over h against a modified, h = 1e-6 reference;
 * - heavy top energy drift E − E0 at t = 1 s and 10 s for α ∈ {−0.1, −0.2, −0.3}, h ∈ {1e-3, 1e-4}.
 */
import { simulate, type IntegratorMethod } from '../src/solver/simulate';
import { integratedOmegaError, observedOrder, omegaSeries } from '../src/solver/studies/omegaError';
import { paperModel, spinExactOmega } from '../test/support/paperModel';

const METHODS: readonly IntegratorMethod[] = ['classical', 'modified'];
const fmt = (x: number) => x.toExponential(3);

function spinTable(): void {
  const exact = spinExactOmega(10)[0];
  console.log(`\n### spin, defaults (α = −0.3, h = 0.01 s): ω_x(10 s), exact ${exact} rad/s\n`);
  console.log('| method | ω_x(10 s) [rad/s] | error [rad/s] |\n| --- | --- | --- |');
  for (const method of METHODS) {
    let w = NaN;
    simulate(paperModel('spin'), { method, alpha: -0.3, h: 0.01, tEnd: 10, sampleEvery: 1000 }, (row) => { w = row[1]; });
    console.log(`| ${method} | ${w.toFixed(6)} | ${(w - exact).toFixed(6)} |`);
  }
}

function convergenceTable(): void {
  const model = paperModel('heavy-top');
  const steps = [1e-3, 5e-4, 1e-4, 5e-5, 1e-5];
  const refH = 1e-6;
  const ref = omegaSeries(model, { method: 'modified', alpha: -0.2, h: refH, tEnd: 1, sampleEvery: Math.round(1e-3 / refH) });
  console.log(`\n### heavy top, α = −0.2, t ∈ [0, 1]: e_ω [rad] against modified h = ${refH}\n`);
  console.log('| h [s] | classical e_ω | order | modified e_ω | order | classical / modified |\n| --- | --- | --- | --- | --- | --- |');
  const prev: Record<string, number> = {};
  let prevH = NaN;
  for (const h of steps) {
    const e: Record<string, number> = {};
    for (const method of METHODS) {
      e[method] = integratedOmegaError(omegaSeries(model, { method, alpha: -0.2, h, tEnd: 1, sampleEvery: Math.round(1e-3 / h) }), ref);
    }
    const order = (m: string) => (Number.isNaN(prevH) ? '' : observedOrder(prevH, prev[m], h, e[m]).toFixed(2));
    console.log(`| ${h} | ${fmt(e.classical)} | ${order('classical')} | ${fmt(e.modified)} | ${order('modified')} | ${(e.classical / e.modified).toFixed(0)} |`);
    Object.assign(prev, e);
    prevH = h;
  }
}

function energyTable(): void {
  const model = paperModel('heavy-top');
  console.log('\n### heavy top energy drift E(t) − E(0) [J] (E(0) = 5435.70 J)\n');
  console.log('| α | h [s] | method | t = 1 s | t = 10 s |\n| --- | --- | --- | --- | --- |');
  for (const alpha of [-0.1, -0.2, -0.3]) {
    for (const h of [1e-3, 1e-4]) {
      for (const method of METHODS) {
        const at: Record<number, number> = {};
        const r = simulate(model, { method, alpha, h, tEnd: 10, sampleEvery: Math.round(1 / h) }, (row) => { at[Math.round(row[0])] = row[5]; });
        const cell = (t: number) => (t in at ? fmt(at[t]) : `failed at t = ${r.failure?.time.toFixed(4)} s`);
        console.log(`| ${alpha} | ${h} | ${method} | ${cell(1)} | ${cell(10)} |`);
      }
    }
  }
}

spinTable();
convergenceTable();
energyTable();
