import { useStore } from 'zustand';
import { PRESET_IDS, PRESETS, type PresetId } from '../presets';
import { appStore, openPreset } from '../store';

/** The paper's presets, then the benchmark library's (those that say what their problem tests). */
const PAPER_PRESETS = PRESET_IDS.filter((id) => PRESETS[id].tests === undefined);
const LIBRARY_PRESETS = PRESET_IDS.filter((id) => PRESETS[id].tests !== undefined);

/**
 * One link per lecture preset: a click opens it in place, and the link itself (copy it, open
 * it in a new tab) opens the same page.
 */
export function PresetPanel() {
  return (
    <nav className="panel preset-panel" aria-labelledby="preset-heading">
      <h2 id="preset-heading" className="panel-heading">
        Lecture presets
      </h2>
      <PresetList ids={PAPER_PRESETS} />
      <h3 className="preset-group">Benchmark library (IFToMM Group A)</h3>
      <PresetList ids={LIBRARY_PRESETS} />
    </nav>
  );
}

function PresetList({ ids }: { ids: readonly PresetId[] }) {
  const current = useStore(appStore, (s) => s.view.preset);
  return (
    <ul>
      {ids.map((id) => (
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
  );
}
