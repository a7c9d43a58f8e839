import { useStore } from 'zustand';
import { DEFAULT_RHO, isFixedStepOnly, RHO_MAX, RHO_MIN, RUN_METHODS, takesParameter, type RunMethod } from '../../scenario/methods';
import { formatNumber } from '../../scenario/validate';
import { METHOD_SHORT } from '../methodInfo';
import { appStore, setMethods, setRho } from '../store';
import { useAlphaSlider } from './IntegratorPanel';
import { RangeInput } from './SliderField';
import { PlayButton, RestartButton } from './Timeline';

/** Every pair of the family in SPEC §6 order (the canonical order of a selection): the headline pair comes first. */
const PAIRS: readonly (readonly RunMethod[])[] = RUN_METHODS.flatMap((a, i) => RUN_METHODS.slice(i + 1).map((b) => [a, b]));

const pairKey = (methods: readonly RunMethod[]) => methods.join(',');

/** The compared methods as one choice of a pair; another selection (one, three or four methods) is shown as it is. */
function PairChoice() {
  const methods = useStore(appStore, (s) => s.state.methods);
  const adaptive = useStore(appStore, (s) => s.adaptive);
  const current = pairKey(methods);
  const isPair = PAIRS.some((p) => pairKey(p) === current);
  return (
    <select
      className="bar-methods"
      value={current}
      aria-label="Compared methods"
      title="The methods compared side by side (Compare methods in the settings ticks any one to four)"
      data-testid="bar-methods"
      onChange={(e) => setMethods(e.target.value.split(',') as RunMethod[])}
    >
      {!isPair && (
        <option value={current} disabled>
          {methods.map((m) => METHOD_SHORT[m]).join(', ')}
        </option>
      )}
      {PAIRS.map((pair) => (
        // Lie-group generalized-α runs with a fixed step only (as in the settings' picker).
        <option key={pairKey(pair)} value={pairKey(pair)} disabled={adaptive && pair.some(isFixedStepOnly)}>
          {METHOD_SHORT[pair[0]]} vs {METHOD_SHORT[pair[1]]}
        </option>
      ))}
    </select>
  );
}

function BarAlpha() {
  const alpha = useStore(appStore, (s) => s.state.alpha);
  const slider = useAlphaSlider();
  return (
    <label className="bar-parameter">
      <span className="bar-value">
        <span className="key">α</span> = <output data-testid="bar-alpha-value">{formatNumber(alpha)}</output>
      </span>
      <RangeInput slider={{ ...slider, testId: 'bar-alpha-slider' }} />
    </label>
  );
}

/** Slider positions per unit of ρ∞, as in the settings (steps of 0.01). */
const RHO_STEPS = 100;

function BarRho() {
  const rho = useStore(appStore, (s) => s.state.rho ?? DEFAULT_RHO);
  return (
    <label className="bar-parameter">
      <span className="bar-value">
        <span className="key">ρ∞</span> = <output data-testid="bar-rho-value">{formatNumber(rho)}</output>
      </span>
      <RangeInput
        slider={{
          min: RHO_MIN * RHO_STEPS, max: RHO_MAX * RHO_STEPS, value: Math.round(rho * RHO_STEPS),
          ariaLabel: 'ρ∞ slider', ariaValueText: `ρ∞ = ${formatNumber(rho)}`, testId: 'bar-rho-slider',
          onChange: (position) => setRho(position / RHO_STEPS),
        }}
      />
    </label>
  );
}

/**
 * On a phone (SPEC §7), what a student changes while watching the curves, in one bar that stays at the top of
 * the screen above the plots: play/pause, restart, the method pair, and α (or ρ∞, or both, as the compared
 * methods take them). The full settings stay below the plots; other sizes do not show the bar.
 */
export function PhoneBar() {
  const methods = useStore(appStore, (s) => s.state.methods);
  return (
    <div className="phone-bar" role="group" aria-label="Playback, methods and damping" data-testid="phone-bar">
      <div className="bar-row">
        <PlayButton testId="bar-play" />
        <RestartButton testId="bar-restart" />
        <PairChoice />
      </div>
      {takesParameter(methods, 'alpha') && <BarAlpha />}
      {takesParameter(methods, 'rho') && <BarRho />}
    </div>
  );
}
