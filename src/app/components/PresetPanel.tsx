import { useStore } from 'zustand';
import { PRESET_IDS, PRESETS } from '../presets';
import { appStore, openPreset } from '../store';

/**
 * One link per lecture preset: a click opens it in place, and the link itself (copy it, open
 * it in a new tab) opens the same page.
 */
export function PresetPanel() {
  const current = useStore(appStore, (s) => s.view.preset);
  return (
    <nav className="panel preset-panel" aria-labelledby="preset-heading">
      <h2 id="preset-heading" className="panel-heading">
        Lecture presets
      </h2>
      <ul>
        {PRESET_IDS.map((id) => (
          <li key={id}>
            <a
              href={`?${PRESETS[id].query}`}
              aria-current={current === id ? 'page' : undefined}
              data-testid={`preset-${id}`}
              onClick={(e) => {
                if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
                e.preventDefault();
                openPreset(id);
              }}
            >
              {PRESETS[id].title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
