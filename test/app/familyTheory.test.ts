/**
 * The method family in the teaching tabs: the damping rows of every compared
 * method, the studies' flags per method, and the Theory tab's content and equations.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  curveKeys, familyDampingRows, methodSettings, parameterText, placeFrequencies, sameCurveAs, spinLossPerStep, SPIN_SENTENCES,
} from '../../src/app/damping';
import { checkStudy, defaultTexts, resultCsv, studyArgv, studyFields, studyKinds, studyMethods, studyStore, type StudyResult } from '../../src/app/studies';
import { sweepAxis, sweepRows } from '../../src/app/studyPlot';
import { METHOD_THEORY, methodParameterLine, theoryOrder } from '../../src/app/theoryRows';
import { plainLabel, plainMath } from '../../src/app/components/TheoryFormulas';
import { DEFAULT_RHO, RUN_METHODS, type RunMethod } from '../../src/scenario/methods';
import { defaultState } from '../../src/scenario/registry';
import { parseStudyArgs } from '../../src/scenario/studyArgs';
import { methodOscillatorResponse } from '../../src/solver/studies/methodStability';
import type { RhoSweepPoint } from '../../src/solver/studies/convergenceStudy';

const FOUR: RunMethod[] = ['classical', 'modified', 'generalized-alpha', 'ji-xing'];

describe('numerical damping of every compared method', () => {
  it('gives each method its own parameter: HHT the α, the others ρ∞ (default 2/3), never converted', () => {
    const settings = methodSettings({ methods: FOUR, alpha: -0.3, rho: 0.5 });
    expect(settings.map((s) => [s.method, s.key, s.parameter])).toEqual([
      ['classical', 'alpha', -0.3], ['modified', 'alpha', -0.3], ['generalized-alpha', 'rho', 0.5], ['ji-xing', 'rho', 0.5],
    ]);
    expect(methodSettings({ methods: ['lie-group'], alpha: -0.2, rho: undefined })[0].parameter).toBe(DEFAULT_RHO);
    expect(parameterText(settings[0])).toBe('α = −0.3');
    expect(parameterText({ method: 'ji-xing', key: 'rho', parameter: 2 / 3 })).toBe('ρ∞ = 0.6667');
  });

  it('draws one ρ and one period-error curve per method, each tending to its own ρ∞ at large Ωh', () => {
    const settings = methodSettings({ methods: [...FOUR.slice(0, 3), 'lie-group'], alpha: -0.3, rho: 0.5 });
    const rows = familyDampingRows(settings, 61);
    expect(rows).toHaveLength(61);
    const last = rows[rows.length - 1];
    expect(last[curveKeys('classical').rho]).toBeCloseTo(0.7 / 1.3, 2);
    // Generalized-α approaches its ρ∞ more slowly: 0.508 at Ωh = 1000.
    expect(Math.abs(last[curveKeys('generalized-alpha').rho] - 0.5)).toBeLessThan(0.01);
    // Small Ωh: no damping, a positive period error for every method.
    for (const { method } of settings) {
      expect(rows[0][curveKeys(method).rho]).toBeCloseTo(1, 6);
      expect(rows[0][curveKeys(method).period]).toBeGreaterThan(0);
    }
    // Classical and modified HHT coincide on the oscillator, and so do generalized-α and the Lie group.
    for (const row of rows) {
      expect(row[curveKeys('modified').rho]).toBe(row[curveKeys('classical').rho]);
      expect(row[curveKeys('lie-group').rho]).toBe(row[curveKeys('generalized-alpha').rho]);
    }
    expect(sameCurveAs(settings[1], settings)).toBe('classical');
    expect(sameCurveAs(settings[3], settings)).toBe('generalized-alpha');
    expect(sameCurveAs(settings[2], settings)).toBeNull();
    expect(sameCurveAs(settings[3], settings.slice(0, 2).concat(settings[3]))).toBeNull();
  });

  it('places a run’s frequency on its own method’s curve, with the period error there', () => {
    const [placed] = placeFrequencies([75], 2 / 3, 1e-3, 10_000, 'ji-xing');
    const expected = methodOscillatorResponse('ji-xing', 2 / 3, 0.075);
    expect(placed.wh).toBeCloseTo(0.075, 14);
    expect(placed.spectralRadius).toBe(expected.spectralRadius);
    expect(placed.periodError).toBe(expected.periodError);
    expect(placed.overRun).toBe(expected.spectralRadius ** 10_000);
  });

  it('says what each method does to a spin beyond ρ: Eq. 28 for classical HHT, nothing for the modified update and the Lie group', () => {
    // Sherif Eq. 28: ω₁ = ω′ + ¼αω′³h² at μ = 0, ω′ = 2Ω.
    expect(spinLossPerStep('classical', -0.2, 0.0075).perStep).toBeCloseTo(0.25 * 0.2 * 0.015 ** 2, 15);
    expect(spinLossPerStep('modified', -0.2, 0.0075).perStep).toBe(0);
    expect(spinLossPerStep('lie-group', 0.5, 0.0075).perStep).toBe(0);
    expect(spinLossPerStep('generalized-alpha', 0.5, 0.0075).perStep).toBeNaN();
    for (const m of RUN_METHODS) expect(SPIN_SENTENCES[m].length).toBeGreaterThan(40);
  });
});

describe('studies over the compared methods', () => {
  const state = { ...defaultState('heavy-top'), methods: FOUR, rho: 0.5 };

  it('offers the α sweep for HHT methods and the ρ∞ sweep for the others, each running only its methods; the stability study for all', () => {
    expect(studyKinds(FOUR)).toEqual(['convergence', 'alpha-sweep', 'rho-sweep', 'stability', 'damping-scan']);
    expect(studyKinds(['generalized-alpha', 'lie-group'])).toEqual(['convergence', 'rho-sweep', 'stability', 'damping-scan']);
    expect(studyKinds(['classical'])).toEqual(['convergence', 'alpha-sweep', 'stability', 'damping-scan']);
    expect(studyMethods('damping-scan', FOUR)).toEqual(FOUR);
    expect(studyMethods('stability', FOUR)).toEqual(FOUR);
    expect(studyMethods('rho-sweep', FOUR)).toEqual(['generalized-alpha', 'ji-xing']);
    expect(studyMethods('alpha-sweep', FOUR)).toEqual(['classical', 'modified']);
    expect(studyMethods('convergence', FOUR)).toEqual(FOUR);
  });

  it('passes the app’s ρ∞ to a convergence study and shows α only when an HHT method runs', () => {
    const texts = defaultTexts('convergence', { scenario: 'heavy-top' });
    const argv = studyArgv('convergence', state, texts);
    expect(argv.slice(0, 7)).toEqual(['convergence', '--scenario', 'heavy-top', '--methods', FOUR.join(','), '--rho-inf', '0.5']);
    const parsed = parseStudyArgs(argv);
    expect(parsed.kind === 'run' && parsed.options.kind === 'convergence' && [parsed.options.alpha, parsed.options.rho]).toEqual([-0.2, 0.5]);
    // Only ρ∞ methods: no --alpha field, and the study is accepted (it would refuse an unused --alpha).
    const rhoOnly = { ...state, methods: ['generalized-alpha', 'lie-group'] as RunMethod[] };
    expect(studyFields('convergence', rhoOnly, texts).map((f) => f.flag)).not.toContain('--alpha');
    studyStore.setState({ kind: 'convergence', texts });
    expect('options' in checkStudy(rhoOnly)).toBe(true);
    // The default ρ∞ is the study's default: not repeated on the command line.
    expect(studyArgv('convergence', { ...rhoOnly, rho: undefined }, texts)).not.toContain('--rho-inf');
  });

  it('takes the reference’s parameter from the reference method: --ref-rho for a ρ∞ reference', () => {
    const texts = { ...defaultTexts('convergence', { scenario: 'heavy-top' }), '--ref-method': 'lie-group', '--ref-rho': '0.5', '--ref-h': '1e-5' };
    const flags = studyFields('convergence', state, texts).map((f) => f.flag);
    expect(flags).toContain('--ref-rho');
    expect(flags).not.toContain('--ref-alpha');
    const parsed = parseStudyArgs(studyArgv('convergence', state, texts));
    expect(parsed.kind === 'run' && parsed.options.kind === 'convergence' && parsed.options.reference).toEqual({ method: 'lie-group', rho: 0.5, h: 1e-5 });
  });

  it('the ρ∞ sweep’s defaults are `sim study rho-sweep`’s, and its CSV is the command’s', () => {
    for (const scenario of ['spin', 'heavy-top', 'v8-crank'] as const) {
      const s = { ...defaultState(scenario), methods: ['generalized-alpha', 'lie-group', 'ji-xing'] as RunMethod[] };
      expect(parseStudyArgs(studyArgv('rho-sweep', s, defaultTexts('rho-sweep', { scenario: scenario })))).toEqual(parseStudyArgs(['rho-sweep', '--scenario', scenario]));
    }
    const parsed = parseStudyArgs(['rho-sweep', '--scenario', 'spin', '--rhos', '0,1', '--methods', 'generalized-alpha']);
    if (parsed.kind !== 'run' || parsed.options.kind !== 'rho-sweep') throw new Error('unexpected');
    const points: RhoSweepPoint[] = [
      { method: 'generalized-alpha', rho: 0, finalOmega: [55, 0, 0], energyError: -3, failure: null },
      { method: 'generalized-alpha', rho: 1, finalOmega: [NaN, NaN, NaN], energyError: NaN, failure: 't = 0.5: diverged' },
    ];
    const result: StudyResult = { kind: 'rho-sweep', options: parsed.options, points };
    expect(resultCsv(result).split('\n').slice(0, 3)).toEqual(['method,rho,omega_x,omega_y,omega_z,energy_error,failure', 'generalized-alpha,0,55,0,0,-3,', 'generalized-alpha,1,,,,,t = 0.5: diverged']);
    expect(sweepRows(points, 'omega', 'x')).toEqual([{ x: 0, 'generalized-alpha': 55 }]);
    expect(sweepAxis('rho-sweep')).toMatchObject({ symbol: 'ρ∞', domain: [0, 1] });
  });
});

describe('Theory tab: why each method does or does not decay the spin', () => {
  it('has a paragraph, key equations with sources and measured numbers for all five methods', () => {
    for (const m of RUN_METHODS) {
      const t = METHOD_THEORY[m];
      expect(t.why.length, m).toBeGreaterThan(300);
      expect(t.formulas.length, m).toBeGreaterThanOrEqual(2);
      expect(t.measured, m).toMatch(/spin ω_x\(10\) = /);
    }
    expect(RUN_METHODS.filter((m) => METHOD_THEORY[m].keepsSpin)).toEqual(['modified', 'lie-group', 'ji-xing']);
    expect(METHOD_THEORY.classical.why).toContain('Eq. 28');
    expect(METHOD_THEORY['ji-xing'].formulas.map((f) => f.source)).toEqual(['A.3, A.4', 'A.5']);
  });

  it('writes the parameters each method derives, as the solver derives them', () => {
    expect(methodParameterLine('generalized-alpha', -0.2, 2 / 3)).toBe('ρ∞ = 0.6667: αm = 0.2, αf = 0.4, γ = 0.7, β = 0.36');
    expect(methodParameterLine('classical', -0.2, 2 / 3)).toBe('α = −0.2: β = (1 − α)²/4 = 0.36, γ = (1 − 2α)/2 = 0.7, ρ∞ = 0.6667');
    // The Ji–Xing table of docs/methods.md at ρ∞ = 2/3: γ = 0.4408, θ₀ = 0.30432, θ₃ = 0.22042.
    expect(methodParameterLine('ji-xing', -0.2, 2 / 3)).toBe('ρ∞ = 0.6667: γ = 0.4408, θ₀ = 0.3043, θ₁ = 0.3163, θ₂ = 0.1589, θ₃ = γ/2 = 0.2204');
  });

  it('explains the compared methods first, in drawing order, then the rest of the family', () => {
    expect(theoryOrder(['ji-xing', 'classical'])).toEqual({ compared: ['ji-xing', 'classical'], others: ['modified', 'generalized-alpha', 'lie-group'] });
  });

  it('turns the plain notation into MathML: subscripts, transposes, identifiers with their accents', () => {
    const html = renderToStaticMarkup(createElement('math', null, plainMath('ė_{n+1} = L_{n+1}ᵀ ë_n')));
    expect(html).toBe(
      '<math><mrow><msub><mi>ė</mi><mrow><mi>n</mi><mo>+</mo><mn>1</mn></mrow></msub><mo>=</mo>' +
        '<msup><msub><mi>L</mi><mrow><mi>n</mi><mo>+</mo><mn>1</mn></mrow></msub><mi>T</mi></msup><msub><mi>ë</mi><mi>n</mi></msub></mrow></math>',
    );
    expect(plainLabel('ė_{n+1} = ė_n')).toBe('ė_(n+1) = ė_n');
  });
});
