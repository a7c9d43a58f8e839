import { useId } from 'react';
import { useStore } from 'zustand';
import { appStore, resetField, setField } from '../store';

export interface FieldProps {
  /** Field key: a share-link key ('alpha', 'h', 't') or a parameter name. */
  readonly fieldKey: string;
  readonly label: string;
  readonly unit: string;
  readonly defaultText: string;
  /** Bounds as shown, e.g. '[1e-9, 1000000]'. */
  readonly bounds?: string;
  readonly description?: string;
  /** Extra text after the hint (e.g. the step count). */
  readonly extra?: string;
}

/** A text field bound to the store: invalid text is marked here with its reason and never run. */
export function Field({ fieldKey, label, unit, defaultText, bounds, description, extra }: FieldProps) {
  const field = useStore(appStore, (s) => s.fields[fieldKey]);
  const id = useId();
  if (!field) return null;
  const invalid = field.issue !== null;
  const atDefault = field.text.replace(/\s+/g, '') === defaultText.replace(/\s+/g, '');
  return (
    <div className={invalid ? 'field invalid' : 'field'}>
      <label htmlFor={id} title={description}>
        {label} <span className="key">{fieldKey}</span>
        {unit && <span className="unit"> ({unit})</span>}
      </label>
      <div className="field-row">
        <input
          id={id}
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
          disabled={atDefault}
          onClick={() => resetField(fieldKey)}
          title={`Reset to the default ${defaultText}`}
          aria-label={`Reset ${fieldKey} to the default ${defaultText}`}
        >
          ↺
        </button>
      </div>
      <div id={`${id}-hint`} className={invalid ? 'hint error' : 'hint'}>
        {invalid ? field.issue : `default ${defaultText}${bounds ? ` · range ${bounds}` : ''}${extra ? ` · ${extra}` : ''}`}
      </div>
    </div>
  );
}
