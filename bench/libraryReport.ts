/**
 * `npm run bench:library [section …]`: the benchmark library's Group A against its references (docs/benchmarks.md).
 * Prints one JSON line per figure; needs the reference data (BENCHMARK_REFS, bench/libraryReferences.ts).
 * BENCH_CASE=text limits the sections to the cases whose label contains it. Sections (all but pendulum-2000 and
 * cost when none is named):
 *   reference    each case at its model's run defaults and at an eighth of that h: the largest deviation per output
 *   convergence  each case over a ladder of h (modified HHT, α = −0.1): the largest deviation and its order
 *   family       the five methods on the flyball governor and Andrews' squeezer at the preset's h
 *   search       the cheapest method and step control meeting the 1e-3 criterion per case (for CHEAPEST)
 *   singular     the N-four-bar through its singular positions: N = 2, 10, 40, 100 against the exact 1-DOF motion
 *   pendulum-2000  the pendulum over the library's 2000 s (about 2 minutes)
 *   cost         what `npm run bench` prints for the library: CHEAPEST timed BENCH_REPEATS times, the N scaling
 */
import { getScenario } from '../src/scenario/registry';
import { HIGH_PRECISION, largestDeviations, libraryValues, runLibrary, worstDeviation, type LibrarySetting } from './libraryCases';
import { readReference, referencesPresent, REFERENCE_DIR, REFERENCE_FILES } from './libraryReferences';
import {
  ALPHA, deviationFields, FAMILY, judge, libraryCost, selectedCases, referenceOf, RHO_OF_ALPHA, RHO_OF_STRONG_ALPHA, settingFor, STRONG_ALPHA, TAKES_ALPHA,
  type CaseSetting, type ProblemCase,
} from './benchmarks';
import { machineLine, timed } from './stats';
import { buildScenario } from '../src/scenario/build';

const print = (o: Record<string, unknown>) => console.log(JSON.stringify(o));

/** The model's own run defaults (the preset's setting): modified HHT at its α and h. */
function presetSetting(c: ProblemCase): CaseSetting {
  const def = getScenario(c.id)!;
  return { method: 'modified', h: def.defaultH, damping: def.defaultAlpha };
}

/** A step that divides the output step: h, or the nearest smaller divisor of the form outputStep / k. */
function dividing(h: number, outputStep: number): number {
  const k = Math.ceil(outputStep / h - 1e-9);
  return outputStep / k;
}

function reportRun(section: string, c: ProblemCase, s: CaseSetting, extra: Record<string, unknown> = {}): ReturnType<typeof judge> {
  const reference = referenceOf(c);
  const { value, cpuSeconds } = timed(() => judge(c, s, reference));
  const { run, deviations, worst, meets } = value;
  print({
    section, problem: c.problem, case: c.label, reference: c.referenceName, method: s.method,
    [TAKES_ALPHA(s.method) ? 'alpha' : 'rho']: +(s.damping ?? (TAKES_ALPHA(s.method) ? ALPHA : RHO_OF_ALPHA)).toFixed(6),
    h: s.h, ...(s.tolerance !== undefined ? { tol: s.tolerance } : {}), steps: run.steps, rejected: run.rejected,
    cpu_s: +cpuSeconds.toFixed(3), ...deviationFields(deviations), worst: +worst.toExponential(3), meets_1e_3: meets,
    compared_times: deviations ? Object.values(deviations)[0].compared : 0,
    removed_equations: run.removedCount, removed_residual_max: +run.removedResidual.toExponential(2),
    constraint_error_max: +Math.max(...run.constraintError).toExponential(2),
    failure: run.failure ? `${run.failure.reason} (t = ${run.failure.time})` : null, ...extra,
  });
  return value;
}

function referenceSection(): void {
  for (const c of selectedCases()) {
    const preset = presetSetting(c);
    reportRun('reference', c, { ...preset, h: dividing(preset.h, c.outputStep) }, { setting: 'model run defaults' });
    reportRun('reference', c, { ...preset, h: dividing(preset.h / 8, c.outputStep) }, { setting: 'high accuracy (h / 8)' });
  }
}

function convergenceSection(): void {
  for (const c of selectedCases()) {
    const h0 = presetSetting(c).h;
    let previous: number | null = null, previousH = NaN;
    for (const f of [4, 2, 1, 0.5, 0.25]) {
      const h = dividing(h0 * f, c.outputStep);
      const { worst } = reportRun('convergence', c, { method: 'modified', h, damping: ALPHA });
      if (previous !== null && Number.isFinite(worst) && worst > 0) {
        print({ section: 'convergence order', case: c.label, h, observed_order: +(Math.log(previous / worst) / Math.log(previousH / h)).toFixed(2) });
      }
      previous = worst; previousH = h;
    }
  }
}

/** The family at the preset's h with both damping levels; the governor also reports ω and L_z at the end. */
function familySection(): void {
  const cases = selectedCases().filter((c) => c.label === 'flyball governor, 10 s' || c.label === 'Andrews, 0.03 s (test set)' || c.label === 'Andrews, 0.05 s (OpenSim\'s span)');
  const flyballRef = referencesPresent() ? readReference(REFERENCE_FILES.flyball, 10) : null;
  for (const c of cases) {
    const h = presetSetting(c).h;
    for (const [alpha, rho] of [[ALPHA, RHO_OF_ALPHA], [STRONG_ALPHA, RHO_OF_STRONG_ALPHA]]) {
      for (const method of FAMILY) {
        const s: CaseSetting = { method, h, damping: TAKES_ALPHA(method) ? alpha : rho };
        const extra: Record<string, unknown> = {};
        if (c.id === 'flyball-governor') {
          const run = runLibrary(c.id, settingFor(c, s));
          const w = run.outputs.omega_shaft, lz = run.angularMomentumZ;
          extra.omega_end = +w[w.length - 1].toFixed(6);
          if (flyballRef) extra.omega_end_error = +(w[w.length - 1] - flyballRef.columns.omega_shaft[flyballRef.t.length - 1]).toExponential(3);
          extra.angular_momentum_z_relative_drift = +((lz[lz.length - 1] - lz[0]) / lz[0]).toExponential(3);
        }
        reportRun('family', c, s, extra);
      }
    }
  }
}

/** Above this many bodies the search leaves out the Lie-group method, whose stepper uses dense LU. */
const LIE_GROUP_DENSE_BODIES = 20;

/**
 * The cheapest setting meeting the criterion: per method the largest fixed h on a ladder that meets it, and per
 * Euler-parameter method the loosest tolerance that meets it; all ranked by CPU time.
 */
function searchSection(): void {
  for (const c of selectedCases()) {
    const reference = referenceOf(c);
    if (!reference) return;
    const h0 = presetSetting(c).h;
    const found: { setting: CaseSetting; cpu: number; worst: number; steps: number }[] = [];
    const tryOne = (s: CaseSetting): boolean => {
      const { value, cpuSeconds } = timed(() => judge(c, s, reference));
      print({ section: 'search', case: c.label, method: s.method, h: s.h, tol: s.tolerance ?? null, steps: value.run.steps, cpu_s: +cpuSeconds.toFixed(3), worst: +value.worst.toExponential(3), meets_1e_3: value.meets, failure: value.run.failure?.reason?.slice(0, 80) ?? null });
      if (value.meets) found.push({ setting: s, cpu: cpuSeconds, worst: value.worst, steps: value.run.steps });
      return value.meets === true;
    };
    const bodies = buildScenario(getScenario(c.id)!, libraryValues(c.id, c.values)).model.bodies.length;
    for (const method of FAMILY) {
      if (method === 'lie-group' && bodies > LIE_GROUP_DENSE_BODIES) {
        print({ section: 'search', case: c.label, method, skipped: `${bodies} bodies: the Lie-group stepper factorises a dense matrix (minutes per second of motion)` });
        continue;
      }
      for (const f of [8, 4, 2, 1, 0.5, 0.25]) {
        if (tryOne({ method, h: dividing(h0 * f, c.outputStep) })) break;
      }
      if (method === 'lie-group') continue; // fixed steps only
      for (const tol of [1e-3, 1e-4, 1e-5, 1e-6]) {
        if (tryOne({ method, h: dividing(h0 / 10, c.outputStep), tolerance: tol })) break;
      }
    }
    found.sort((a, b) => a.cpu - b.cpu);
    print({ section: 'search result', case: c.label, cheapest: found.slice(0, 3).map((f) => ({ ...f.setting, cpu_s: +f.cpu.toFixed(3), steps: f.steps, worst: +f.worst.toExponential(3) })) });
  }
}

/** The N-four-bar for N = 2, 10, 40, 100 over 2 s (one revolution, two singular positions) at h = 1e-3. */
function singularSection(): void {
  for (const n of [2, 10, 40, 100]) {
    const c: ProblemCase = {
      problem: 'A02', id: 'n-four-bar', label: `N-four-bar, N = ${n}, 2 s`, values: { N: [n] }, tEnd: 2, outputStep: 0.05,
      outputs: ['x_B0', 'y_B0', 'vx_B0', 'vy_B0'], referenceName: `exact 1-DOF reduction, N = ${n}`,
      reference: () => readReference(REFERENCE_FILES.fourBarOneDof(n), 2),
    };
    reportRun('singular', c, { method: 'modified', h: 1e-3, damping: ALPHA });
  }
}

/**
 * The pendulum over the library's 2000 s: the SPEC's bob (a 1 mm sphere) against the exact motion of the same
 * model, and a 0.1 mm bob against the library's data (the 1 mm sphere's own period differs from the library's
 * point mass by 4.7e-7 s, which alone gives 1.8e-3 at 2000 s).
 */
function pendulum2000Section(): void {
  const tEnd = 2000;
  for (const [label, r, file] of [['1 mm sphere (SPEC) against its exact motion', 1e-3, REFERENCE_FILES.pendulumSphere], ['1 mm sphere (SPEC) against the library data', 1e-3, REFERENCE_FILES.pendulumAdams], ['0.1 mm sphere against the library data', 1e-4, REFERENCE_FILES.pendulumAdams]] as const) {
    const reference = readReference(file, tEnd);
    const setting: LibrarySetting = { method: 'modified', damping: ALPHA, h: 1.25e-4, tEnd, sampleDt: 0.5, values: { r: [r] } };
    const { value: run, cpuSeconds, wallSeconds } = timed(() => runLibrary('pendulum', setting));
    const d = largestDeviations(run, reference, ['x_P1', 'y_P1']);
    const worst = worstDeviation(d);
    print({ section: 'pendulum-2000', case: label, method: 'modified', alpha: ALPHA, h: setting.h, steps: run.steps, cpu_s: +cpuSeconds.toFixed(1), wall_s: +wallSeconds.toFixed(1), ...Object.fromEntries(Object.entries(d).map(([k, v]) => [`max_dev_${k}`, `${v.max.toExponential(3)} at ${v.at} s`])), meets_1e_3: worst <= HIGH_PRECISION });
  }
}

const SECTIONS: Record<string, () => void> = {
  reference: referenceSection, convergence: convergenceSection, family: familySection, search: searchSection, singular: singularSection, 'pendulum-2000': pendulum2000Section,
  cost: () => libraryCost(Math.max(1, Number(process.env.BENCH_REPEATS ?? 5))),
};

function main(): void {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((a) => !Object.hasOwn(SECTIONS, a));
  if (unknown.length > 0) {
    console.error(`unknown section ${unknown.join(', ')}; sections: ${Object.keys(SECTIONS).join(', ')}`);
    process.exit(2);
  }
  print(JSON.parse(machineLine({ references: REFERENCE_DIR, present: referencesPresent() })));
  if (!referencesPresent()) {
    console.error(`the reference data are not in ${REFERENCE_DIR}; set BENCHMARK_REFS (docs/benchmarks.md, "Reference data")`);
    process.exit(2);
  }
  const run = asked.length > 0 ? asked : Object.keys(SECTIONS).filter((s) => s !== 'pendulum-2000' && s !== 'cost');
  for (const s of run) SECTIONS[s]();
}

main();
