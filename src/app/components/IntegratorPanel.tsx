import { useId } from 'react';
import { useStore } from 'zustand';
import type { IntegratorMethod } from '../../solver/simulate';
import { getScenario } from '../../scenario/registry';
import { ALPHA_MAX, formatNumber, stepCount, TOLERANCE_MAX, TOLERANCE_MIN } from '../../scenario/validate';
import { alphaToSlider, hhtBetaGamma, SLIDER_MIN, sliderToAlpha } from '../alpha';
import { appStore, DEFAULT_TOLERANCE, resetField, setAdaptive, setAlpha, setField, setMethods } from '../store';
import { adaptiveSampleInterval } from '../../worker/handler';
import { sliderToTolerance, TOLERANCE_SLIDER_MAX, TOLERANCE_SLIDER_MIN, toleranceToSlider } from '../tolerance';
import { Field } from './Field';

const METHOD_CHOICES: ReadonlyArray<{ value: string; label: string; methods: IntegratorMethod[] }> = [
  { value: 'both', label: 'both', methods: ['classical', 'modified'] },
  { value: 'classical', label: 'classical', methods: ['classical'] },
  { value: 'modified', label: 'modified', methods: ['modified'] },
];

function AlphaControl() {
  const field = useStore(appStore, (s) => s.fields.alpha);
  const committed = useStore(appStore, (s) => s.state.alpha);
  const scenario = useStore(appStore, (s) => s.state.scenario);
  const id = useId();
  const def = getScenario(scenario);
  const { beta, gamma } = hhtBetaGamma(committed);
  const invalid = field.issue !== null;
  const atDefault = Object.is(committed, def.defaultAlpha) && !invalid;
  return (
    <div className={invalid ? 'field invalid' : 'field'}>
      <label htmlFor={`${id}-n`}>
        Numerical damping <span className="key">α</span>
      </label>
      <div className="field-row">
        <input
          type="range"
          min={SLIDER_MIN}
          max={ALPHA_MAX}
          step={1}
          value={alphaToSlider(committed)}
          aria-label="α slider"
          aria-valuetext={`α = ${formatNumber(committed)}`}
          data-testid="alpha-slider"
          onChange={(e) => setAlpha(sliderToAlpha(Number(e.target.value)))}
        />
        <input
          id={`${id}-n`}
          className="alpha-number"
          type="text"
          inputMode="decimal"
          spellCheck={false}
          value={field.text}
          aria-invalid={invalid}
          aria-describedby={`${id}-hint`}
          data-testid="field-alpha"
          onChange={(e) => setField('alpha', e.target.value)}
        />
        <button
          type="button"
          className="reset"
          disabled={atDefault}
          onClick={() => resetField('alpha')}
          title={`Reset to the default ${formatNumber(def.defaultAlpha)}`}
          aria-label={`Reset alpha to the default ${formatNumber(def.defaultAlpha)}`}
        >
          ↺
        </button>
      </div>
      <div id={`${id}-hint`} className={invalid ? 'hint error' : 'hint'}>
        {invalid
          ? field.issue
          : `range [−1/3, 0] · β = ${beta.toPrecision(4)}, γ = ${gamma.toPrecision(4)} · default ${formatNumber(def.defaultAlpha)}`}
      </div>
    </div>
  );
}

function MethodsChoice() {
  const methods = useStore(appStore, (s) => s.state.methods);
  const current = methods.length === 2 ? 'both' : methods[0];
  const name = useId();
  return (
    <div className="methods" role="radiogroup" aria-label="Compared methods">
      <span className="methods-label">Compare</span>
      {METHOD_CHOICES.map((choice) => (
        <label key={choice.value} className="radio">
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={current === choice.value}
            data-testid={`methods-${choice.value}`}
            onChange={() => setMethods(choice.methods)}
          />
          {choice.label}
        </label>
      ))}
    </div>
  );
}

/** Fixed step or adaptive step size (Negrut's error control); adaptive shows the tolerance. */
function StepModeChoice() {
  const adaptive = useStore(appStore, (s) => s.adaptive);
  const name = useId();
  return (
    <div className="methods" role="radiogroup" aria-label="Step size control">
      <span className="methods-label">Step size</span>
      {(['fixed', 'adaptive'] as const).map((mode) => (
        <label key={mode} className="radio">
          <input
            type="radio"
            name={name}
            value={mode}
            checked={adaptive === (mode === 'adaptive')}
            data-testid={`step-${mode}`}
            onChange={() => setAdaptive(mode === 'adaptive')}
          />
          {mode}
        </label>
      ))}
    </div>
  );
}

/** The local error tolerance ε: a slider in quarter decades and the exact value as text. */
function ToleranceControl() {
  const field = useStore(appStore, (s) => s.fields.tol);
  const committed = useStore(appStore, (s) => s.state.tolerance);
  const id = useId();
  const invalid = field.issue !== null;
  const typed = Number(field.text);
  const position = toleranceToSlider(committed ?? (typed > 0 ? typed : DEFAULT_TOLERANCE));
  const defaultText = formatNumber(DEFAULT_TOLERANCE);
  return (
    <div className={invalid ? 'field invalid' : 'field'}>
      <label htmlFor={`${id}-n`} title="Negrut et al. Eq. 34: weighted norm of the local error estimate of the positions">
        Error tolerance ε <span className="key">tol</span>
      </label>
      <div className="field-row">
        <input
          type="range"
          min={TOLERANCE_SLIDER_MIN}
          max={TOLERANCE_SLIDER_MAX}
          step={1}
          value={position}
          aria-label="Tolerance slider (log scale)"
          aria-valuetext={`ε = ${field.text}`}
          data-testid="tol-slider"
          onChange={(e) => setField('tol', formatNumber(sliderToTolerance(Number(e.target.value))))}
        />
        <input
          id={`${id}-n`}
          className="alpha-number"
          type="text"
          inputMode="decimal"
          spellCheck={false}
          autoComplete="off"
          value={field.text}
          aria-invalid={invalid}
          aria-describedby={`${id}-hint`}
          data-testid="field-tol"
          onChange={(e) => setField('tol', e.target.value)}
        />
        <button
          type="button"
          className="reset"
          disabled={field.text === defaultText}
          onClick={() => resetField('tol')}
          title={`Reset to the default ${defaultText}`}
          aria-label={`Reset tol to the default ${defaultText}`}
        >
          ↺
        </button>
      </div>
      <div id={`${id}-hint`} className={invalid ? 'hint error' : 'hint'}>
        {invalid
          ? field.issue
          : `local error per step in the coordinates (m, relative above 1) · smaller: more accurate, more steps · range [${formatNumber(TOLERANCE_MIN)}, ${formatNumber(TOLERANCE_MAX)}] · default ${defaultText}`}
      </div>
    </div>
  );
}

export function IntegratorPanel() {
  const scenario = useStore(appStore, (s) => s.state.scenario);
  const h = useStore(appStore, (s) => s.state.h);
  const tEnd = useStore(appStore, (s) => s.state.tEnd);
  const adaptive = useStore(appStore, (s) => s.adaptive);
  const def = getScenario(scenario);
  return (
    <fieldset className="panel">
      <legend>Integrator</legend>
      <AlphaControl />
      <StepModeChoice />
      {adaptive && <ToleranceControl />}
      <Field
        fieldKey="h"
        label={adaptive ? 'Initial step' : 'Step size'}
        unit="s"
        defaultText={formatNumber(def.defaultH)}
        extra={adaptive ? `then chosen by the error control, at most ${formatNumber(Number(adaptiveSampleInterval(h, tEnd).toPrecision(3)))} s` : `${stepCount(h, tEnd).toLocaleString('en')} steps`}
      />
      <Field fieldKey="t" label="End time" unit="s" defaultText={formatNumber(def.defaultTEnd)} />
      <MethodsChoice />
    </fieldset>
  );
}
