import { useEffect, useId, useRef, useState } from 'react';

/**
 * The model's description behind a disclosure in the header: "About this model" opens the whole text in a panel
 * under the button (over the page, so nothing moves); the button again, Esc or a click elsewhere closes it.
 */
export function ModelAbout({ title, description }: { title: string; description: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  // Another model: its description starts closed.
  useEffect(() => setOpen(false), [description]);
  if (!description) return null;
  return (
    <div
      className="model-about"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button type="button" aria-label="About this model" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)} data-testid="model-about">
        <span className="label-long">About this model</span>
        <span className="label-short">About</span>
      </button>
      <div id={id} className="model-about-panel" role="region" aria-label={`About ${title}`} hidden={!open} data-testid="model-about-text">
        <strong>{title}</strong>
        <p>{description}</p>
      </div>
    </div>
  );
}
