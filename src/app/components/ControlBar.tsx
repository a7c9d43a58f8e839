import { useStore } from 'zustand';
import { DEFAULT_RHO, isFixedStepOnly, RUN_METHODS, takesParameter, type RunMethod } from '../../scenario/methods';
import { formatNumber } from '../../scenario/validate';
import { METHOD_SHORT } from '../methodInfo';
import { appStore, rhoText, setMethods } from '../store';
import { useAlphaSlider, useRhoSlider } from './IntegratorPanel';
import { DampingMarks } from './DampingMarks';
import { MeasureScan } from './MeasureScan';
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
    <div className="bar-parameter">
      <label className="bar-slider">
        <span className="bar-value">
          <span className="key">α</span> = <output data-testid="bar-alpha-value">{formatNumber(alpha)}</output>
        </span>
        <RangeInput slider={{ ...slider, testId: 'bar-alpha-slider' }} />
      </label>
      <DampingMarks parameter="alpha" compact>
        <MeasureScan testId="bar-scan-measure-alpha" />
      </DampingMarks>
    </div>
  );
}

function BarRho() {
  const rho = useStore(appStore, (s) => s.state.rho ?? DEFAULT_RHO);
  const slider = useRhoSlider();
  return (
    <div className="bar-parameter">
      <label className="bar-slider">
        <span className="bar-value">
          <span className="key">ρ∞</span> = <output data-testid="bar-rho-value">{rhoText(rho)}</output>
        </span>
        <RangeInput slider={{ ...slider, testId: 'bar-rho-slider' }} />
      </label>
      <DampingMarks parameter="rho" compact>
        <MeasureScan testId="bar-scan-measure-rho" />
      </DampingMarks>
    </div>
  );
}

/**
 * What a student changes while watching the curves, in one bar next to the plots at every size (SPEC §7: α or ρ∞
 * and both ω plots on the first screen together): α (or ρ∞, or both, as the compared methods take them), each with
 * the marks of where the model on screen was measured unstable. On a phone and a tablet the bar also has play/pause,
 * restart and the method pair, and sticks to the top of the screen while the plots scroll under it; on a laptop it
 * sits beside the timeline, in projector mode under it. The full settings keep the α field (exact value, reset).
 */
export function ControlBar() {
  const methods = useStore(appStore, (s) => s.state.methods);
  return (
    <div className="control-bar" role="group" aria-label="Playback, methods and damping" data-testid="control-bar" id="damping-controls">
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
