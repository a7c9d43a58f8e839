import { useId } from 'react';
import { useStore } from 'zustand';
import { DEFAULT_RHO, MAX_COMPARED_METHODS, methodParameter, RHO_MAX, RHO_MIN, RUN_METHODS, takesParameter } from '../../scenario/methods';
import { getScenario } from '../../scenario/registry';
import { ALPHA_MAX, formatNumber, parseNumberText, stepCount, TOLERANCE_MAX, TOLERANCE_MIN } from '../../scenario/validate';
import { alphaToSlider, hhtBetaGamma, SLIDER_MIN, sliderToAlpha } from '../alpha';
import { adaptiveBlock, HEADLINE_PAIR, METHOD_TIPS, pickBlock, toggledMethods } from '../methodInfo';
import { appStore, DEFAULT_RHO_TEXT, rhoText, DEFAULT_TOLERANCE, setAdaptive, setAlpha, setErrorNorm, setField, setMethods, setRho } from '../store';
import { METHOD_LABELS, usePalette } from '../theme';
import { adaptiveSampleDt, defaultMaxStep } from '../../run/plan';
import { ERROR_NORM_CHOICES, normHint, sliderToTolerance, TOLERANCE_SLIDER_MAX, TOLERANCE_SLIDER_MIN, toleranceToSlider } from '../tolerance';
import type { ErrorNorm } from '../../scenario/errorNorm';
import { Field } from './Field';
import { InfoTip } from './InfoTip';
import { MethodSwatch } from './MethodSwatch';
import { RadioChoice, SliderField, type SliderProps } from './SliderField';
import { DampingMarks, useScanVerdict } from './DampingMarks';
import { MeasureScan } from './MeasureScan';
import { isMarkedUnstable, methodMarks } from '../dampingMarks';
import { formatCount } from '../locale';

/** The α slider's keys: arrows by 0.01, Page Up/Down by 0.05 (positions are 0.001; the ends −1/3 and 0 included). */
export const ALPHA_KEY_STEPS = { arrow: 10, page: 50 } as const;

/** The α slider's position, labels and action (the settings' α field, the bar over the plots and the embedded page). */
export function useAlphaSlider(): SliderProps {
  const committed = useStore(appStore, (s) => s.state.alpha);
  const unstable = useUnstableNote('alpha', committed);
  return {
    min: SLIDER_MIN, max: ALPHA_MAX, value: alphaToSlider(committed),
    ariaLabel: 'α slider', ariaValueText: `α = ${formatNumber(committed)}${unstable}`, testId: 'alpha-slider',
    onChange: (position) => setAlpha(sliderToAlpha(position)),
    keySteps: ALPHA_KEY_STEPS,
  };
}

/** Slider positions per unit of ρ∞: steps of 0.01 (the text field takes any value, e.g. 2/3). */
const RHO_SLIDER_STEPS = 100;

/** The ρ∞ slider's position, labels and action (the settings and the bar over the plots): arrows by 0.01, Page keys by 0.1. */
export function useRhoSlider(): SliderProps {
  const committed = useStore(appStore, (s) => s.state.rho ?? DEFAULT_RHO);
  const unstable = useUnstableNote('rho', committed);
  return {
    min: RHO_MIN * RHO_SLIDER_STEPS, max: RHO_MAX * RHO_SLIDER_STEPS, value: Math.round(committed * RHO_SLIDER_STEPS),
    ariaLabel: 'ρ∞ slider', ariaValueText: `ρ∞ = ${rhoText(committed)}${unstable}`, testId: 'rho-slider',
    onChange: (position) => setRho(position / RHO_SLIDER_STEPS),
    keySteps: { arrow: 1, page: 10 },
  };
}

/** ", measured unstable for modified HHT at this step" when the slider's value lies in a marked interval, else ''. */
function useUnstableNote(parameter: 'alpha' | 'rho', value: number): string {
  const verdict = useScanVerdict();
  const methods = useStore(appStore, (s) => s.state.methods);
  if (verdict.kind !== 'scan') return '';
  const step = parameter === 'alpha' ? verdict.scan.alphaStep : verdict.scan.rhoStep;
  const failing = methodMarks(verdict.scan, methods, parameter)
    .filter(({ intervals }) => intervals !== null && isMarkedUnstable(intervals, value, step))
    .map(({ method }) => METHOD_LABELS[method]);
  return failing.length > 0 ? `, measured unstable for ${failing.join(' and ')} at this step` : '';
}

function AlphaControl() {
  const committed = useStore(appStore, (s) => s.state.alpha);
  const slider = useAlphaSlider();
  const scenario = useStore(appStore, (s) => s.state.scenario);
  const def = getScenario(scenario);
  const { beta, gamma } = hhtBetaGamma(committed);
  return (
    <SliderField
      fieldKey="alpha"
      label={<>Numerical damping <span className="key">α</span></>}
      labelTitle="HHT's damping parameter α ∈ [−1/3, 0]; it sets Newmark's β = (1 − α)²/4 and γ = (1 − 2α)/2. α = 0: no numerical damping; −1/3: the most. Typed as on slides: −1/3, -0.1, 1e-2."
      slider={slider}
      defaultText={formatNumber(def.defaultAlpha)}
      atDefault={Object.is(committed, def.defaultAlpha)}
      hint={`range [−1/3, 0] · β = ${beta.toPrecision(4)}, γ = ${gamma.toPrecision(4)} · default ${formatNumber(def.defaultAlpha)}`}
      marks={<DampingMarks parameter="alpha"><MeasureScan /></DampingMarks>}
    />
  );
}

/** ρ∞ of the generalized-α family (one value for every selected method that takes it; SPEC §6). */
function RhoControl() {
  const committed = useStore(appStore, (s) => s.state.rho ?? DEFAULT_RHO);
  const methods = useStore(appStore, (s) => s.state.methods);
  const takers = methods.filter((m) => methodParameter(m) === 'rho').map((m) => METHOD_LABELS[m]);
  const slider = useRhoSlider();
  return (
    <SliderField
      fieldKey="rho"
      label={<>High-frequency damping <span className="key">ρ∞</span></>}
      labelTitle="ρ∞ ∈ [0, 1] (unit –), the spectral radius at infinite step of generalized-α, Lie-group generalized-α and the Ji–Xing composite; one value for all of them. 1: no numerical damping; 0: the highest frequencies are removed in one step. Chung & Hulbert: αm = (2ρ∞ − 1)/(ρ∞ + 1), αf = ρ∞/(ρ∞ + 1). HHT's α is never converted; ρ∞ = (1 + α)/(1 − α) if you want to match it. Typed as on slides: 2/3, 0.5."
      slider={slider}
      marks={<DampingMarks parameter="rho"><MeasureScan /></DampingMarks>}
      defaultText={DEFAULT_RHO_TEXT}
      atDefault={Object.is(committed, DEFAULT_RHO)}
      hint={`range [0, 1], unit – · 1: no numerical damping, 0: the most · default 2/3 · for ${takers.join(', ')}`}
    />
  );
}

function sameMethods(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((m, k) => m === b[k]);
}

/**
 * Which methods run side by side: one click for the headline comparison (classical vs modified),
 * or any one to four of the five ticked, each with its colour, line style and a "?" tip. A box
 * that cannot be clicked now is disabled and says why (the fifth method; Lie-group with adaptive steps).
 */
function MethodPicker() {
  const methods = useStore(appStore, (s) => s.state.methods);
  const adaptive = useStore(appStore, (s) => s.adaptive);
  const palette = usePalette();
  const id = useId();
  const full = methods.length >= MAX_COMPARED_METHODS;
  const headline = sameMethods(methods, HEADLINE_PAIR);
  return (
    <fieldset className="method-picker" data-testid="method-picker">
      <legend className="methods-label">Compare methods (1–{MAX_COMPARED_METHODS}, each in its own worker)</legend>
      <button type="button" className="method-headline" aria-pressed={headline} onClick={() => setMethods(HEADLINE_PAIR)} data-testid="methods-headline">
        classical vs modified
      </button>
      <ul className="method-list">
        {RUN_METHODS.map((m) => {
          const on = methods.includes(m);
          const block = pickBlock(methods, m, adaptive);
          // The fifth method's reason is said once under the list; the others' at their box.
          const sharedReason = full && !on;
          return (
            <li key={m} className={block ? 'method-choice blocked' : 'method-choice'}>
              <label className="checkbox" title={block ?? undefined}>
                <input
                  type="checkbox"
                  checked={on}
                  disabled={block !== null}
                  aria-describedby={block ? (sharedReason ? `${id}-full` : `${id}-${m}`) : undefined}
                  onChange={() => setMethods(toggledMethods(methods, m))}
                  data-testid={`method-${m}`}
                />
                <MethodSwatch method={m} palette={palette} />
                <span className="method-name">{METHOD_LABELS[m]}</span>
              </label>
              <InfoTip about={METHOD_LABELS[m]} text={METHOD_TIPS[m]} testId={`tip-method-${m}`} />
              {block && !sharedReason && (
                <span id={`${id}-${m}`} className={on ? 'sr-only' : 'hint method-block'} data-testid={`method-block-${m}`}>
                  {block}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {full && (
        <p id={`${id}-full`} className="hint method-block" data-testid="method-block-full">
          {MAX_COMPARED_METHODS} methods are compared at most: untick one to choose {RUN_METHODS.filter((m) => !methods.includes(m)).map((m) => METHOD_LABELS[m]).join(', ')}.
        </p>
      )}
    </fieldset>
  );
}

/** Fixed step or adaptive step size (Negrut's error control); adaptive shows the tolerance. */
function StepModeChoice() {
  const adaptive = useStore(appStore, (s) => s.adaptive);
  const methods = useStore(appStore, (s) => s.state.methods);
  // The picker refuses the fixed-step-only method while adaptive is on, so `block` only bites when fixed.
  const block = adaptive ? null : adaptiveBlock(methods);
  return (
    <RadioChoice
      label="Step size"
      ariaLabel="Step size control"
      options={[{ value: 'fixed', label: 'fixed' }, { value: 'adaptive', label: 'adaptive', disabled: block !== null }]}
      current={adaptive ? 'adaptive' : 'fixed'}
      testIdPrefix="step"
      note={block}
      onChange={(mode) => setAdaptive(mode === 'adaptive')}
    />
  );
}

/** Which local errors ε controls (share-link key `norm`, `sim --error-norm`). */
function ErrorNormControl() {
  const norm = useStore(appStore, (s) => s.errorNorm);
  return (
    <RadioChoice<ErrorNorm>
      label="Tolerance controls"
      ariaLabel="Error norm: what the tolerance controls"
      options={ERROR_NORM_CHOICES}
      current={norm}
      testIdPrefix="norm"
      note={normHint(norm)}
      onChange={setErrorNorm}
    />
  );
}

/** The local error tolerance ε: a slider in quarter decades and the exact value as text. */
function ToleranceControl() {
  const text = useStore(appStore, (s) => s.fields.tol.text);
  const committed = useStore(appStore, (s) => s.state.tolerance);
  // The one number parser of fields, links and the CLI (`−1e-4`, spaces, …); null while invalid.
  const parsed = parseNumberText('tol', text);
  const typed = parsed.ok ? parsed.value : null;
  const defaultText = formatNumber(DEFAULT_TOLERANCE);
  return (
    <SliderField
      fieldKey="tol"
      label={<>Error tolerance ε <span className="key">tol</span></>}
      labelTitle="Negrut et al. Eq. 34: weighted norm of the local error estimate per step (of the positions, and of the velocities under the default norm)"
      slider={{
        min: TOLERANCE_SLIDER_MIN, max: TOLERANCE_SLIDER_MAX,
        value: toleranceToSlider(committed ?? (typed !== null && typed > 0 ? typed : DEFAULT_TOLERANCE)),
        ariaLabel: 'Tolerance slider (log scale)', ariaValueText: `ε = ${text}`, testId: 'tol-slider',
        onChange: (position) => setField('tol', formatNumber(sliderToTolerance(position))),
      }}
      defaultText={defaultText}
      atDefault={text === defaultText}
      hint={`local error per step (relative above 1) · smaller: more accurate, more steps · range [${formatNumber(TOLERANCE_MIN)}, ${formatNumber(TOLERANCE_MAX)}] · default ${defaultText}`}
    />
  );
}

export function IntegratorPanel() {
  const scenario = useStore(appStore, (s) => s.state.scenario);
  const h = useStore(appStore, (s) => s.state.h);
  const tEnd = useStore(appStore, (s) => s.state.tEnd);
  const adaptive = useStore(appStore, (s) => s.adaptive);
  const methods = useStore(appStore, (s) => s.state.methods);
  const def = getScenario(scenario);
  return (
    <fieldset className="panel">
      <legend>Integrator</legend>
      <MethodPicker />
      {takesParameter(methods, 'alpha') && <AlphaControl />}
      {takesParameter(methods, 'rho') && <RhoControl />}
      <StepModeChoice />
      {adaptive && <ToleranceControl />}
      {adaptive && <ErrorNormControl />}
      <Field
        fieldKey="h"
        label={adaptive ? 'Initial step' : 'Step size'}
        unit="s"
        description="The time step of every compared method: smaller is more accurate and slower (the step count is shown below)."
        defaultText={formatNumber(def.defaultH)}
        extra={adaptive ? `then chosen by the error control, at most ${formatNumber(Number(defaultMaxStep(h, adaptiveSampleDt(h, tEnd)).toPrecision(3)))} s (the sample interval)` : `${formatCount(stepCount(h, tEnd))} steps`}
      />
      <Field fieldKey="t" label="End time" unit="s" description="How long the motion is simulated, in seconds of simulated time." defaultText={formatNumber(def.defaultTEnd)} />
    </fieldset>
  );
}
