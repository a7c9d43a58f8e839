/**
 * Where the α and ρ∞ sliders mark the model on screen as measured unstable (src/app/dampingMarks.ts): a scan applies
 * to the model, step and parameter values it was measured at only; its intervals are drawn half a grid step past
 * their ends and said in words.
 */
import { describe, expect, it } from 'vitest';
import {
  documentScan, intervalsText, isMarkedUnstable, markSegments, scanFor, type DampingScanSummary, type MarkedInterval, type PageScan,
} from '../../src/app/dampingMarks';
import { defaultState, getScenario, SCENARIO_IDS } from '../../src/scenario/registry';

const modified: MarkedInterval = { from: -0.04, to: 0, modes: ['multiplier-oscillation'], firstFailure: 0.0057 };

describe('marks on the slider', () => {
  it('draws a grid value as the half step around it, cut at the slider\'s ends', () => {
    const [seg] = markSegments([modified], 'alpha', 0.01);
    expect(seg.start).toBeCloseTo((-0.045 + 1 / 3) / (1 / 3), 12);
    expect(seg.end).toBe(1);
    expect(markSegments([{ ...modified, from: 0, to: 0.1 }], 'rho', 0.05)).toEqual([{ start: 0, end: 0.125 }]);
  });

  it('says the intervals in words', () => {
    expect(intervalsText([modified], 'alpha')).toBe('unstable for α ≥ −0.04');
    expect(intervalsText([], 'alpha')).toBe('stable at every α');
    expect(intervalsText(null, 'rho')).toBe('not scanned');
    expect(intervalsText([{ ...modified, from: 0, to: 0.1 }, { ...modified, from: 0.95, to: 1 }], 'rho')).toBe('unstable for ρ∞ ≤ 0.1 and ρ∞ ≥ 0.95');
    expect(intervalsText([{ ...modified, from: 0.3, to: 0.4 }], 'rho')).toBe('unstable for 0.3 ≤ ρ∞ ≤ 0.4');
    expect(intervalsText([{ ...modified, from: 1, to: 1 }], 'rho')).toBe('unstable for ρ∞ = 1');
  });

  it('knows whether a value lies in a marked interval (as drawn)', () => {
    expect(isMarkedUnstable([modified], -0.03, 0.01)).toBe(true);
    expect(isMarkedUnstable([modified], -0.045, 0.01)).toBe(true);
    expect(isMarkedUnstable([modified], -0.05, 0.01)).toBe(false);
  });
});

describe('which scan describes the page', () => {
  const def = getScenario('heavy-top');
  const own = documentScan(def.document);
  const state = defaultState('heavy-top');

  it('every shipped model file keeps a damping scan of all five methods at its own default step', () => {
    for (const id of SCENARIO_IDS) {
      const scan = documentScan(getScenario(id).document);
      expect(scan, id).not.toBeNull();
      expect(scan!.h, id).toBe(getScenario(id).defaultH);
      expect(Object.keys(scan!.unstable).sort(), id).toEqual(['classical', 'generalized-alpha', 'ji-xing', 'lie-group', 'modified']);
    }
  });

  it('the model file\'s scan at its step and default values; none at another step or other values', () => {
    expect(scanFor(state, def, null)).toEqual({ kind: 'scan', scan: own, source: 'model-file' });
    expect(scanFor({ ...state, h: 1e-3 }, def, null)).toEqual({ kind: 'none', reason: 'other-step', scanH: 1e-4 });
    const values = { ...state.values, m: [20] };
    expect(scanFor({ ...state, values }, def, null)).toMatchObject({ kind: 'none', reason: 'other-values' });
  });

  it('a scan measured on the page for this model, step and values comes first; one of another model never applies', () => {
    const measured: DampingScanSummary = { h: 1e-3, tEnd: 1, alphaStep: 0.01, rhoStep: 0.05, unstable: { modified: [{ ...modified, from: -0.1 }] } };
    const page: PageScan = { ...measured, def, values: state.values };
    expect(scanFor({ ...state, h: 1e-3 }, def, page)).toEqual({ kind: 'scan', scan: page, source: 'page' });
    expect(scanFor({ ...state, h: 1e-3 }, getScenario('spin'), page).kind).toBe('none');
    expect(scanFor({ ...state, h: 1e-3, values: { ...state.values, m: [20] } }, def, page).kind).toBe('none');
  });
});
