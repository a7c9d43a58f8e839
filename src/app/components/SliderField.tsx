import { useId, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { appStore, resetField, setField } from '../store';
import { InfoTip } from './InfoTip';

export interface SliderProps {
  readonly min: number;
  readonly max: number;
  /** Slider position of the committed value. */
  readonly value: number;
  readonly ariaLabel: string;
  readonly ariaValueText: string;
  readonly testId: string;
  readonly onChange: (position: number) => void;
  /**
   * Keyboard steps in slider positions, when the native one position per arrow key is too fine (α moves in 0.001
   * positions so a drag lands on any value; a person stepping with keys wants 0.01): arrows move to the next
   * multiple of `arrow`, Page Up/Down by `page`, Home/End to the ends.
   */
  readonly keySteps?: KeySteps;
}

export interface KeySteps {
  readonly arrow: number;
  readonly page: number;
}

/**
 * The slider position a key moves to from `position` on [min, max], or null for a key the slider leaves to the
 * browser. Arrows and Page keys land on multiples of their step (−0.203 → −0.2 with the right arrow, not −0.193).
 * Example: keyedPosition('ArrowRight', -334, -334, 0, { arrow: 10, page: 50 }) === -330.
 */
export function keyedPosition(key: string, position: number, min: number, max: number, steps: KeySteps): number | null {
  const toward = (step: number, up: boolean) => (up ? (Math.floor(position / step) + 1) * step : (Math.ceil(position / step) - 1) * step);
  const clamp = (p: number) => Math.min(max, Math.max(min, p));
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(toward(steps.arrow, true));
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(toward(steps.arrow, false));
    case 'PageUp':
      return clamp(toward(steps.page, true));
    case 'PageDown':
      return clamp(toward(steps.page, false));
    case 'Home':
      return min;
    case 'End':
      return max;
    default:
      return null;
  }
}

/** The slider alone (the embedded page and the bar over the plots show α this way). */
export function RangeInput({ slider }: { readonly slider: SliderProps }) {
  const { keySteps } = slider;
  return (
    <input
      type="range"
      min={slider.min}
      max={slider.max}
      step={1}
      value={slider.value}
      aria-label={slider.ariaLabel}
      aria-valuetext={slider.ariaValueText}
      data-testid={slider.testId}
      onChange={(e) => slider.onChange(Number(e.target.value))}
      onKeyDown={keySteps && ((e) => {
        if (e.altKey || e.ctrlKey || e.metaKey) return;
        const next = keyedPosition(e.key, slider.value, slider.min, slider.max, keySteps);
        if (next === null) return;
        e.preventDefault();
        if (next !== slider.value) slider.onChange(next);
      })}
    />
  );
}

/**
 * A slider next to the exact value as text, with a reset and a hint line (which shows the field's
 * issue instead while the text is invalid): α and the error tolerance use it.
 */
export function SliderField(props: {
  readonly fieldKey: string;
  readonly label: ReactNode;
  readonly labelTitle?: string;
  readonly slider: SliderProps;
  readonly defaultText: string;
  readonly atDefault: boolean;
  readonly hint: string;
  /** Drawn under the slider (where α or ρ∞ was measured unstable). */
  readonly marks?: ReactNode;
}) {
  const { fieldKey, label, labelTitle, slider, defaultText, atDefault, hint, marks } = props;
  const field = useStore(appStore, (s) => s.fields[fieldKey]);
  const id = useId();
  const invalid = field.issue !== null;
  return (
    <div className={invalid ? 'field invalid' : 'field'}>
      <div className="field-head">
        <label htmlFor={`${id}-n`}>{label}</label>
        {labelTitle && <InfoTip about={fieldKey} text={labelTitle} testId={`tip-field-${fieldKey}`} />}
      </div>
      <div className="field-row">
        <RangeInput slider={slider} />
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
          data-testid={`field-${fieldKey}`}
          onChange={(e) => setField(fieldKey, e.target.value)}
        />
        <button
          type="button"
          className="reset"
          disabled={atDefault && !invalid}
          onClick={() => resetField(fieldKey)}
          title={`Reset to the default ${defaultText}`}
          aria-label={`Reset ${fieldKey} to the default ${defaultText}`}
        >
          ↺
        </button>
      </div>
      {marks && <div className="field-marks">{marks}</div>}
      <div id={`${id}-hint`} className={invalid ? 'hint error' : 'hint'}>
        {invalid ? field.issue : hint}
      </div>
    </div>
  );
}

/** A labelled group of radio buttons, one of which is checked. */
export function RadioChoice<T extends string>(props: {
  readonly label: string;
  readonly ariaLabel: string;
  readonly options: readonly { readonly value: T; readonly label: string; readonly disabled?: boolean }[];
  readonly current: T;
  readonly testIdPrefix: string;
  /** Why a disabled option cannot be chosen, said under the group. */
  readonly note?: string | null;
  readonly onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <div className="methods" role="radiogroup" aria-label={props.ariaLabel} aria-describedby={props.note ? `${name}-note` : undefined}>
      <span className="methods-label">{props.label}</span>
      {props.options.map((option) => (
        <label key={option.value} className="radio">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={props.current === option.value}
            disabled={option.disabled}
            data-testid={`${props.testIdPrefix}-${option.value}`}
            onChange={() => props.onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
      {props.note && (
        <span id={`${name}-note`} className="hint radio-note" data-testid={`${props.testIdPrefix}-note`}>
          {props.note}
        </span>
      )}
    </div>
  );
}
