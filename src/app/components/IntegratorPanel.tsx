import { useStore } from 'zustand';
import type { IntegratorMethod } from '../../solver/simulate';
import { getScenario } from '../../scenario/registry';
import { ALPHA_MAX, formatNumber, parseNumberText, stepCount, TOLERANCE_MAX, TOLERANCE_MIN } from '../../scenario/validate';
import { alphaToSlider, hhtBetaGamma, SLIDER_MIN, sliderToAlpha } from '../alpha';
import { appStore, DEFAULT_TOLERANCE, setAdaptive, setAlpha, setField, setMethods } from '../store';
import { defaultMaxStep } from '../../run/plan';
import { sliderToTolerance, TOLERANCE_SLIDER_MAX, TOLERANCE_SLIDER_MIN, toleranceToSlider } from '../tolerance';
import { Field } from './Field';
import { RadioChoice, SliderField, type SliderProps } from './SliderField';

const METHOD_CHOICES: ReadonlyArray<{ value: 'both' | IntegratorMethod; label: string; methods: IntegratorMethod[] }> = [
  { value: 'both', label: 'both', methods: ['classical', 'modified'] },
  { value: 'classical', label: 'classical', methods: ['classical'] },
  { value: 'modified', label: 'modified', methods: ['modified'] },
];

/** The α slider's position, labels and action (the settings' α field and the embedded page's slider). */
export function useAlphaSlider(): SliderProps {
  const committed = useStore(appStore, (s) => s.state.alpha);
  return {
    min: SLIDER_MIN, max: ALPHA_MAX, value: alphaToSlider(committed),
    ariaLabel: 'α slider', ariaValueText: `α = ${formatNumber(committed)}`, testId: 'alpha-slider',
    onChange: (position) => setAlpha(sliderToAlpha(position)),
  };
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
    />
  );
}

function MethodsChoice() {
  const methods = useStore(appStore, (s) => s.state.methods);
  const current = methods.length === 2 ? 'both' : methods[0];
  return (
    <RadioChoice
      label="Compare"
      ariaLabel="Compared methods"
      options={METHOD_CHOICES}
      current={current}
      testIdPrefix="methods"
      onChange={(value) => setMethods(METHOD_CHOICES.find((c) => c.value === value)!.methods)}
    />
  );
}

/** Fixed step or adaptive step size (Negrut's error control); adaptive shows the tolerance. */
function StepModeChoice() {
  const adaptive = useStore(appStore, (s) => s.adaptive);
  return (
    <RadioChoice
      label="Step size"
      ariaLabel="Step size control"
      options={[{ value: 'fixed', label: 'fixed' }, { value: 'adaptive', label: 'adaptive' }] as const}
      current={adaptive ? 'adaptive' : 'fixed'}
      testIdPrefix="step"
      onChange={(mode) => setAdaptive(mode === 'adaptive')}
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
      labelTitle="Negrut et al. Eq. 34: weighted norm of the local error estimate of the positions"
      slider={{
        min: TOLERANCE_SLIDER_MIN, max: TOLERANCE_SLIDER_MAX,
        value: toleranceToSlider(committed ?? (typed !== null && typed > 0 ? typed : DEFAULT_TOLERANCE)),
        ariaLabel: 'Tolerance slider (log scale)', ariaValueText: `ε = ${text}`, testId: 'tol-slider',
        onChange: (position) => setField('tol', formatNumber(sliderToTolerance(position))),
      }}
      defaultText={defaultText}
      atDefault={text === defaultText}
      hint={`local error per step in the coordinates (m, relative above 1) · smaller: more accurate, more steps · range [${formatNumber(TOLERANCE_MIN)}, ${formatNumber(TOLERANCE_MAX)}] · default ${defaultText}`}
    />
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
        description="The time step of both methods: smaller is more accurate and slower (the step count is shown below)."
        defaultText={formatNumber(def.defaultH)}
        extra={adaptive ? `then chosen by the error control, at most ${formatNumber(Number(defaultMaxStep(h, tEnd).toPrecision(3)))} s` : `${stepCount(h, tEnd).toLocaleString('en')} steps`}
      />
      <Field fieldKey="t" label="End time" unit="s" description="How long the motion is simulated, in seconds of simulated time." defaultText={formatNumber(def.defaultTEnd)} />
      <MethodsChoice />
    </fieldset>
  );
}
