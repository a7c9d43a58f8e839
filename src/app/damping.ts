/**
 * "Numerical damping explained": the spectral radius and period error of every method of the family
 * on the linear oscillator over Ωh (methodStability.ts; HHT at its α, the others at ρ∞), and the
 * frequencies present in a run — the peaks of the amplitude spectrum of the primary body's Euler
 * parameters (spectrum.ts) — placed on that axis as Ωh. Pure; tested in test/app/damping.test.ts.
 */
import { DEFAULT_RHO, methodParameter, type RunMethod } from '../scenario/methods';
import type { ScenarioState } from '../scenario/types';
import { COORDS_PER_BODY } from '../solver/model/types';
import { SAMPLE_WIDTH } from '../solver/sampleColumns';
import { methodOscillatorResponse } from '../solver/studies/methodStability';
import { eulerParameterFrequencies } from '../solver/studies/spectrum';

/** The Ωh axis of the damping plot: decades from 1e-3 to 1e3. */
export const OMEGA_H_RANGE: readonly [number, number] = [1e-3, 1e3];

export interface DampingPoint {
  /** Ωh. */
  readonly wh: number;
  readonly spectralRadius: number;
  /** Relative period error in per cent; absent where the principal roots are real. */
  readonly periodErrorPercent?: number;
}

/** `count` log-spaced Ωh over OMEGA_H_RANGE, both ends included. */
function omegaHGrid(count: number): number[] {
  const [lo, hi] = OMEGA_H_RANGE.map(Math.log10);
  return Array.from({ length: count }, (_, k) => 10 ** (lo + ((hi - lo) * k) / (count - 1)));
}

/** The period error in per cent where it can be drawn on a log axis (complex principal roots, error > 0). */
function periodPercent(periodError: number): number | undefined {
  return Number.isFinite(periodError) && periodError > 0 ? 100 * periodError : undefined;
}

/**
 * ρ and the period error of `method` at `parameter` (α for HHT, ρ∞ for the others) at `count` log-spaced
 * Ωh over OMEGA_H_RANGE. Example: dampingCurve(-0.3) is HHT at α = −0.3, tending to ρ∞ = 0.7/1.3.
 */
export function dampingCurve(parameter: number, method: RunMethod = 'classical', count = 181): DampingPoint[] {
  const keys = curveKeys(method);
  return familyDampingRows([{ method, key: methodParameter(method), parameter }], count).map((row) => {
    const point = { wh: row.wh, spectralRadius: row[keys.rho] };
    return keys.period in row ? { ...point, periodErrorPercent: row[keys.period] } : point;
  });
}

/** A compared method and the parameter it runs with: HHT's α or ρ∞. */
export interface MethodSetting {
  readonly method: RunMethod;
  readonly key: 'alpha' | 'rho';
  readonly parameter: number;
}

/** The compared methods of a state in drawing order, each with its own parameter (never converted). */
export function methodSettings(state: Pick<ScenarioState, 'methods' | 'alpha' | 'rho'>): MethodSetting[] {
  return state.methods.map((method) => {
    const key = methodParameter(method);
    return { method, key, parameter: key === 'alpha' ? state.alpha : state.rho ?? DEFAULT_RHO };
  });
}

/** "α = −0.2" or "ρ∞ = 0.6667": a method's parameter as the page writes it. */
export function parameterText({ key, parameter }: MethodSetting): string {
  const value = Number(parameter.toPrecision(4)).toString().replace('-', '−');
  return `${key === 'alpha' ? 'α' : 'ρ∞'} = ${value}`;
}

/** The data keys of a method's two curves in the rows of familyDampingRows. */
export function curveKeys(method: RunMethod): { readonly rho: string; readonly period: string } {
  return { rho: `rho_${method}`, period: `period_${method}` };
}

/** One Ωh with each method's ρ and period error (%) under curveKeys; a period error that cannot be drawn is absent. */
export type FamilyDampingRow = { readonly wh: number } & Readonly<Record<string, number>>;

/**
 * The chart rows of every compared method on one Ωh grid: ρ under `rho_<method>` and the period error in
 * per cent under `period_<method>` (absent where the principal roots are real or the error is not > 0).
 */
export function familyDampingRows(settings: readonly MethodSetting[], count = 181): FamilyDampingRow[] {
  return omegaHGrid(count).map((wh) => {
    const row: Record<string, number> = { wh };
    for (const { method, parameter } of settings) {
      const { spectralRadius, periodError } = methodOscillatorResponse(method, parameter, wh);
      const keys = curveKeys(method);
      row[keys.rho] = spectralRadius;
      const percent = periodPercent(periodError);
      if (percent !== undefined) row[keys.period] = percent;
    }
    return row as FamilyDampingRow;
  });
}

/**
 * Which compared method's oscillator curve another one's coincides with: classical and modified HHT are
 * one scheme on the oscillator (no Euler parameters there), and the Lie-group generalized-α is
 * generalized-α on a vector space (methodStability.ts), when both run at the same parameter. Null when the
 * curve is its own.
 */
export function sameCurveAs(setting: MethodSetting, settings: readonly MethodSetting[]): RunMethod | null {
  const twin: Partial<Record<RunMethod, RunMethod>> = { modified: 'classical', 'lie-group': 'generalized-alpha' };
  const other = twin[setting.method];
  const found = other ? settings.find((s) => s.method === other) : undefined;
  return found && Object.is(found.parameter, setting.parameter) ? found.method : null;
}

/** A frequency found in a run: Ω (rad/s), Ωh, and what the method does to it per step and over the run. */
export interface RunFrequency {
  readonly omega: number;
  readonly wh: number;
  readonly spectralRadius: number;
  /** Relative period error per step at Ωh (NaN where the principal roots are real). */
  readonly periodError: number;
  /** ρ^N over the N steps of the run: the amplitude factor numerical damping alone would leave. */
  readonly overRun: number;
}

export { PEAK_FLOOR } from '../solver/studies/spectrum';

/**
 * Frequencies of the primary body's Euler parameters in uniformly spaced poses (solver/studies/spectrum.ts
 * eulerParameterFrequencies): `rows` are the poses' sample rows (time in column 0); a trailing pose off the
 * uniform grid is left out. Empty when there are fewer than 16 poses.
 */
export function eulerFrequencies(rows: Float64Array, poses: Float64Array, coordinates: number, primaryBody: number, count = 3): number[] {
  const n = Math.min(rows.length / SAMPLE_WIDTH, poses.length / coordinates);
  const offset = primaryBody * COORDS_PER_BODY + 3;
  const t = Float64Array.from({ length: n }, (_, i) => rows[i * SAMPLE_WIDTH]);
  const e = Float64Array.from({ length: 4 * n }, (_, j) => poses[Math.floor(j / 4) * coordinates + offset + (j % 4)]);
  return eulerParameterFrequencies(t, e, count);
}

/**
 * Where frequencies Ω of a run with step h and N steps sit on the damping curve of `method` at `parameter`
 * (α for HHT, ρ∞ for the others). Example: placeFrequencies([75], -0.2, 1e-4, 1000) is classical HHT.
 */
export function placeFrequencies(omegas: readonly number[], parameter: number, h: number, steps: number, method: RunMethod = 'classical'): RunFrequency[] {
  return omegas.map((omega) => {
    const wh = omega * h;
    const { spectralRadius, periodError } = methodOscillatorResponse(method, parameter, wh);
    return { omega, wh, spectralRadius, periodError, overRun: spectralRadius ** steps };
  });
}

/**
 * What a method does to a steady spin beyond the linear damping ρ: the spin's Euler parameters are not a
 * linear oscillator, and whether a method keeps the spin depends on how it updates them (SPEC §6, Theory tab).
 * `perStep` is the relative loss of |ω| per step where a closed form exists (Sherif Eq. 28: ¼|α|(ωh)² with
 * ω = 2Ω for classical HHT; 0 where the method keeps a constant spin exactly), else NaN; `why` is the reason in
 * a few words.
 */
export function spinLossPerStep(method: RunMethod, alpha: number, wh: number): { readonly perStep: number; readonly why: string } {
  switch (method) {
    case 'classical':
      return { perStep: 0.25 * Math.abs(alpha) * (2 * wh) ** 2, why: 'Eq. 28' };
    case 'modified':
      return { perStep: 0, why: 'Eq. 42: ω integrated' };
    case 'generalized-alpha':
      return { perStep: NaN, why: 'lags at 2nd order (measured)' };
    case 'lie-group':
      return { perStep: 0, why: 'exact on SO(3)' };
    case 'ji-xing':
      return { perStep: NaN, why: '≈ 0: modified updates A.3, A.4 (measured)' };
  }
}

/**
 * One sentence per method for the damping tab: what its update does to the Euler parameters of a spin,
 * with the measured spin ω_x(10) (exact 60 rad/s; `spin` defaults, h = 0.01; docs/methods.md).
 */
export const SPIN_SENTENCES: Readonly<Record<RunMethod, string>> = {
  classical:
    'classical HHT applies Newmark’s formulas to the Euler parameters; the nonlinear term of Sherif Eq. 28 takes ¼|α|(ωh)² of the spin per step, far more than 1 − ρ (spin: ω_x(10) = 18.8 of 60 rad/s at α = −0.3).',
  modified: 'modified HHT integrates ω (Eqs. 41–42) and keeps a free body’s constant spin exactly for every α (spin: 59.895 at α = −0.3); a model with joints still needs enough α for the step (the heavy top at h = 1e-4 s: α ≤ −0.05).',
  'generalized-alpha':
    'generalized-α uses the plain Newmark updates on the Euler parameters: the spin lags like classical HHT’s, but at second order (spin: 56.82 at h = 0.01, 59.23 at h = 0.005).',
  'lie-group': 'the Lie-group method rotates by exp(hΔΘ) on SO(3); a spin is a one-parameter subgroup, kept to round-off (spin: 60 − 1.3e-12).',
  'ji-xing': 'the Ji–Xing composite uses the modified updates (A.3, A.4) in its sub-steps and keeps the spin (spin: 60 − 7e-10).',
};
