import { useStore } from 'zustand';
import { PRESETS } from '../presets';
import { appStore, dismissPreset } from '../store';

/** The open preset's explanation: what to look at, and why. */
export function PresetBanner() {
  const id = useStore(appStore, (s) => s.view.preset);
  if (!id) return null;
  const preset = PRESETS[id];
  return (
    <section className="preset-banner" aria-labelledby="preset-banner-title" data-testid="preset-banner">
      <div>
        <h2 id="preset-banner-title">{preset.title}</h2>
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
      <button type="button" onClick={dismissPreset} aria-label="Close the preset explanation">
        ×
      </button>
    </section>
  );
}
