import { useId, useState } from 'react';

/**
 * A short explanation behind a "?" button: shown while the button is hovered or focused, and
 * toggled by a tap (touch screens have no hover); Esc or leaving the button hides it.
 */
export function InfoTip({ about, text, testId }: { about: string; text: string; testId?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className="info-tip">
      <button
        type="button"
        className="info-button"
        aria-label={`About ${about}`}
        aria-describedby={id}
        aria-expanded={open}
        data-testid={testId}
        onClick={() => setOpen(!open)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
      >
        ?
      </button>
      <span role="tooltip" id={id} className={open ? 'info-text open' : 'info-text'}>
        {text}
      </span>
    </span>
  );
}
