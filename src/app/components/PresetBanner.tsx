import { useState } from 'react';
import { useStore } from 'zustand';
import { changedFromPreset } from '../presetStatus';
import { PRESETS } from '../presets';
import { appStore, dismissPreset, openPreset } from '../store';

/**
 * The open preset's explanation: what to look at, and why. Once anything that runs differs
 * from the preset, the explanation no longer describes the screen: the banner shrinks to
 * "changed from preset X · back to preset".
 */
export function PresetBanner() {
  const id = useStore(appStore, (s) => s.view.preset);
  const changed = useStore(appStore, (s) => s.view.preset !== null && changedFromPreset(s.view.preset, s.state));
  // On a phone the explanation starts folded to its title (styles.css); elsewhere it is always open.
  const [open, setOpen] = useState(false);
  if (!id) return null;
  const preset = PRESETS[id];
  if (changed) {
    return (
      <section className="preset-banner preset-changed" aria-label="Preset changed" data-testid="preset-banner" data-changed="true">
        <p>
          Changed from preset <strong>{preset.title}</strong> ·{' '}
          <button type="button" className="link-button" onClick={() => openPreset(id)} data-testid="preset-back">
            back to preset
          </button>
        </p>
        <button type="button" onClick={dismissPreset} aria-label="Close the preset explanation">
          ×
        </button>
      </section>
    );
  }
  return (
    <section className={`preset-banner${open ? ' preset-open' : ''}`} aria-labelledby="preset-banner-title" data-testid="preset-banner" data-changed="false">
      <div className="preset-body">
        <h2 id="preset-banner-title">{preset.title}</h2>
        {preset.tests && (
          <p data-testid="preset-tests">
            <strong>What it tests: </strong>
            {preset.tests}
          </p>
        )}
        <ul>
          {preset.look.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>
          <strong>Why: </strong>
          {preset.why}
        </p>
      </div>
      <button type="button" className="preset-more" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="preset-more">
        {open ? 'Less' : 'What to look at'}
      </button>
      <button type="button" onClick={dismissPreset} aria-label="Close the preset explanation">
        ×
      </button>
    </section>
  );
}
