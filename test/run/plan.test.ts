/** The run plan (src/run/plan.ts): one pure function from a scenario state and run options to a run. */
import { describe, expect, it } from 'vitest';
import { DecimalMultiples, decimalProduct } from '../../src/run/decimalTime';
import {
  ADAPTIVE_SAMPLES,
  adaptiveSampleDt,
  EXPORT_INTERVALS,
  exportSampleDt,
  niceCount,
  planRun,
  solverSettings,
  type RunPlan,
} from '../../src/run/plan';
import { csvCell, jsonCell, paramsObject, SAMPLE_HEADER, sampleLine } from '../../src/run/rowText';
import { gridSink } from '../../src/run/sampleGrid';
import { defaultState } from '../../src/scenario/registry';
import type { ScenarioState } from '../../src/scenario/types';
import { MAX_STEPS } from '../../src/scenario/validate';
import { SAMPLE_WIDTH } from '../../src/solver/simulate';
import { simCommand } from '../../src/app/export/samplesCsv';

function plan(state: ScenarioState, options = {}): RunPlan {
  const planned = planRun(state, options);
  if (!planned.ok) throw new Error(planned.issue.message);
  return planned.plan;
}

const spin = defaultState('spin');
const top = defaultState('heavy-top');

describe('planRun', () => {
  it('fixed step: every method with its α, round(t_end / h) steps, rows every step by default', () => {
    const p = plan(top);
    expect(p.methods).toEqual([{ method: 'classical', alpha: -0.2 }, { method: 'modified', alpha: -0.2 }]);
    expect(p.steps).toEqual({ kind: 'fixed', h: 1e-4, count: 100_000 });
    expect(p.samples).toEqual({ dt: 1e-4, every: 1 });
    expect(plan(top, { sampleDt: 0.01 }).samples).toEqual({ dt: 0.01, every: 100 });
  });

  it('adaptive: h0 = h, h_min = t_end / MAX_STEPS, h_max and the sample grid max(h, t_end / ADAPTIVE_SAMPLES)', () => {
    const p = plan({ ...top, tolerance: 1e-5 });
    expect(p.steps).toEqual({ kind: 'adaptive', h0: 1e-4, tolerance: 1e-5, errorNorm: 'position-velocity', hMin: 10 / MAX_STEPS, hMax: 10 / ADAPTIVE_SAMPLES });
    expect(plan({ ...top, tolerance: 1e-5, errorNorm: 'position' }).steps).toMatchObject({ errorNorm: 'position' });
    expect(p.samples).toEqual({ dt: 10 / ADAPTIVE_SAMPLES, every: 1 });
    expect(adaptiveSampleDt(0.01, 1)).toBe(0.01);
  });

  it('the step cap of an adaptive plan follows its sample grid: max(h, DT), since every step lands on a sample time', () => {
    const state = { ...spin, tolerance: 1e-6 };
    for (const sampleDt of [undefined, 0.1, 0.03, 1]) {
      expect(plan(state, { sampleDt }).steps).toEqual({ ...plan(state).steps, hMax: Math.max(spin.h, sampleDt ?? spin.h) });
    }
    expect(plan(state, { sampleDt: 0.001 }).steps).toMatchObject({ hMax: spin.h });
  });

  it('names a bad option, never throws', () => {
    expect(planRun(spin, { sampleDt: 0.015 })).toEqual({ ok: false, issue: { key: '--sample-dt', message: '--sample-dt 0.015 is not a whole multiple of --h 0.01' } });
    expect(planRun(spin, { hMin: 1e-3 })).toMatchObject({ ok: false, issue: { key: '--h-min' } });
    expect(planRun({ ...spin, tolerance: 1e-6 }, { hMax: 1e-3 })).toMatchObject({ ok: false, issue: { key: '--h', message: '--h 0.01: the initial step is larger than --h-max 0.001' } });
    expect(planRun(spin, { sampleDt: 20 })).toMatchObject({ ok: false, issue: { key: '--sample-dt' } });
  });

  it('solver settings: the grid (sim) or every step (the worker) for a fixed step; exact sample times for an adaptive one', () => {
    const p = plan(top, { sampleDt: 0.01 });
    expect(solverSettings(p, p.methods[1])).toEqual({ method: 'modified', alpha: -0.2, h: 1e-4, tEnd: 10, sampleEvery: 100 });
    expect(solverSettings(p, p.methods[1], 'every-step').sampleEvery).toBe(1);
    const a = plan({ ...spin, h: 0.03, tEnd: 0.5, tolerance: 1e-6 }, { sampleDt: 0.1 });
    const s = solverSettings(a, a.methods[0]);
    expect(s.sampleEvery * s.h).toBe(0.1);
    expect(s).toMatchObject({ h: 0.03, tolerance: 1e-6, hMax: 0.1, errorNorm: 'position-velocity' });
  });
});

describe('the web app CSV grid', () => {
  it('every k-th step, k = 1, 2, 5 × 10ⁿ, at most EXPORT_INTERVALS intervals; none for adaptive runs', () => {
    expect([1, 1.5, 2, 3, 7, 10, 11, 49, 50, 51].map(niceCount)).toEqual([1, 2, 2, 5, 10, 10, 20, 50, 50, 100]);
    expect(exportSampleDt({ h: 0.01, tEnd: 10 })).toBe(0.01);
    expect(exportSampleDt({ h: 1e-4, tEnd: 10 })).toBe(0.001);
    expect(exportSampleDt({ h: 1e-4, tEnd: 9 })).toBe(0.001);
    expect(exportSampleDt({ h: 3e-5, tEnd: 2 })).toBe(0.0003);
    expect(exportSampleDt({ h: 1e-4, tEnd: 10, tolerance: 1e-6 })).toBeUndefined();
    for (const [h, tEnd] of [[1e-4, 10], [7e-5, 3], [1e-6, 20]]) {
      const dt = exportSampleDt({ h, tEnd })!;
      expect(tEnd / dt).toBeLessThanOrEqual(EXPORT_INTERVALS * (1 + 1e-12));
      expect(planRun({ ...top, h, tEnd }, { sampleDt: dt }).ok).toBe(true);
    }
  });

  it('the shown `sim` command names the same grid', () => {
    expect(simCommand('https://x.org/?v=1&scenario=spin', 'modified', spin)).toBe("sim --url 'https://x.org/?v=1&scenario=spin' --method modified --sample-dt 0.01");
    expect(simCommand('?v=1&scenario=heavy-top', 'classical', top)).toBe("sim --url '?v=1&scenario=heavy-top' --method classical --sample-dt 0.001");
    expect(simCommand('?v=1&tol=1e-6', 'classical', { ...top, tolerance: 1e-6 })).toBe("sim --url '?v=1&tol=1e-6' --method classical");
  });
});

describe('clean grid times', () => {
  it('n·h as the decimal product, where n * h carries float noise', () => {
    expect(3 * 1e-4).not.toBe(0.0003);
    expect(decimalProduct(3, 1e-4)).toBe(0.0003);
    expect(decimalProduct(3, 0.1)).toBe(0.3);
    expect(decimalProduct(7, -2.5e-3)).toBe(-0.0175);
    expect(decimalProduct(123_456, 0.001)).toBe(123.456);
    const times = new DecimalMultiples(1e-4);
    for (let n = 0; n <= 100_000; n += 37) {
      const t = times.snap(n * 1e-4);
      expect(String(t).length, `${n}`).toBeLessThanOrEqual(String(n).length + 6);
      expect(Math.abs(t - n * 1e-4)).toBeLessThanOrEqual(4 * Number.EPSILON * n * 1e-4);
    }
    expect(times.snap(0.00012345)).toBe(0.00012345); // off the grid: kept as it is
  });

  it('gridSink: a fixed-step run flags every `every`-th step and the last, with clean t; others pass through', () => {
    const p = plan({ ...spin, h: 1e-4, tEnd: 0.0011 }, {});
    const every = { ...p, samples: { dt: 3e-4, every: 3 } };
    const seen: [number, number | null][] = [];
    const sink = gridSink(every, 'every-step', (row, _q, gridRow) => seen.push([row[0], gridRow ? gridRow[0] : null]));
    const row = new Float64Array(SAMPLE_WIDTH);
    for (let n = 0; n <= 11; n++) {
      row[0] = n * 1e-4;
      sink(row, new Float64Array(7));
    }
    expect(seen.filter(([, t]) => t !== null).map(([, t]) => t)).toEqual([0, 0.0003, 0.0006, 0.0009, 0.0011]);
    expect(seen[3][0]).toBe(3 * 1e-4); // the solver's own row is untouched
  });
});

describe('row text shared by sim and the app', () => {
  it('writes shortest round-trip cells; JSON writes null for non-finite values', () => {
    const row = Float64Array.from([0.1 + 0.2, -0, 1e-300, 5e21, NaN, Infinity, 1 / 3, 2 ** 53, -1.5]);
    expect(sampleLine(row, 0, csvCell)).toBe('0.30000000000000004,0,1e-300,5e+21,NaN,Infinity,0.3333333333333333,9007199254740992,-1.5');
    expect(sampleLine(row, 0, jsonCell)).toBe('0.30000000000000004,0,1e-300,5e+21,null,null,0.3333333333333333,9007199254740992,-1.5');
    expect(SAMPLE_HEADER.split(',')).toHaveLength(SAMPLE_WIDTH);
    expect(paramsObject({ m: [15], J: [1, 2, 2] })).toEqual({ m: 15, J: [1, 2, 2] });
  });
});
