import { useId, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { appStore, resetField, setField } from '../store';
import { InfoTip } from './InfoTip';

export interface TextFieldProps {
  readonly label: ReactNode;
  readonly value: string;
  /** Why the text is not accepted (shown instead of the hint), or null. */
  readonly issue: string | null;
  readonly hint: string;
  readonly testId: string;
  readonly onChange: (text: string) => void;
  readonly title?: string;
  /** A reset button after the input, when given. */
  readonly reset?: { readonly disabled: boolean; readonly defaultText: string; readonly name: string; readonly onReset: () => void };
}

/** A labelled text input with a hint line (the issue while the text is invalid) and an optional reset. */
export function TextField({ label, value, issue, hint, testId, onChange, title, reset }: TextFieldProps) {
  const id = useId();
  const invalid = issue !== null;
  return (
    <div className={invalid ? 'field invalid' : 'field'}>
      <div className="field-head">
        <label htmlFor={id}>{label}</label>
        {title && <InfoTip about={testId.replace(/^field-/, '')} text={title} testId={`tip-${testId}`} />}
      </div>
      <div className="field-row">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          spellCheck={false}
          autoComplete="off"
          value={value}
          aria-invalid={invalid}
          aria-describedby={`${id}-hint`}
          data-testid={testId}
          onChange={(e) => onChange(e.target.value)}
        />
        {reset && (
          <button
            type="button"
            className="reset"
            disabled={reset.disabled}
            onClick={reset.onReset}
            title={`Reset to the default ${reset.defaultText}`}
            aria-label={`Reset ${reset.name} to the default ${reset.defaultText}`}
          >
            ↺
          </button>
        )}
      </div>
      <div id={`${id}-hint`} className={invalid ? 'hint error' : 'hint'}>
        {invalid ? issue : hint}
      </div>
    </div>
  );
}

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
  if (!field) return null;
  const atDefault = field.text.replace(/\s+/g, '') === defaultText.replace(/\s+/g, '');
  return (
    <TextField
      label={
        <>
          {label} <span className="key">{fieldKey}</span>
          {unit && <span className="unit"> ({unit})</span>}
        </>
      }
      title={description}
      value={field.text}
      issue={field.issue}
      hint={`default ${defaultText}${bounds ? ` · range ${bounds}` : ''}${extra ? ` · ${extra}` : ''}`}
      testId={`field-${fieldKey}`}
      onChange={(text) => setField(fieldKey, text)}
      reset={{ disabled: atDefault, defaultText, name: fieldKey, onReset: () => resetField(fieldKey) }}
    />
  );
}
