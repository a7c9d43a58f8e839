import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { appStore, MAIN_PANELS, setPanel, type MainPanel } from '../store';
import { PartBoundary } from './PartBoundary';

const TAB_LABELS: Readonly<Record<MainPanel, string>> = {
  plots: 'Time plots',
  theory: 'Theory',
  damping: 'Numerical damping',
  studies: 'Studies',
};

/** Shorter names where the tabs would not fit in one row (a phone, styles.css); absent: the label itself. */
const SHORT_LABELS: Partial<Record<MainPanel, string>> = {
  plots: 'Plots',
  damping: 'Damping',
};

/** A tab's name: the whole label, or on a phone its short form (one of the two is shown, and named). */
function TabLabel({ panel }: { panel: MainPanel }) {
  const short = SHORT_LABELS[panel];
  if (!short) return <>{TAB_LABELS[panel]}</>;
  return (
    <>
      <span className="label-long">{TAB_LABELS[panel]}</span>
      <span className="label-short">{short}</span>
    </>
  );
}

/**
 * The main area's views as tabs (WAI-ARIA tabs: arrow keys, Home and End move between them);
 * the chosen one is part of the share link (`panel`).
 */
export function MainTabs({ panels }: { panels: Readonly<Record<MainPanel, () => ReactNode>> }) {
  const panel = useStore(appStore, (s) => s.view.panel);
  const tabs = useRef<Partial<Record<MainPanel, HTMLButtonElement | null>>>({});
  const onKeyDown = (e: KeyboardEvent) => {
    const k = MAIN_PANELS.indexOf(panel);
    const next =
      e.key === 'ArrowRight' ? MAIN_PANELS[(k + 1) % MAIN_PANELS.length]
      : e.key === 'ArrowLeft' ? MAIN_PANELS[(k + MAIN_PANELS.length - 1) % MAIN_PANELS.length]
      : e.key === 'Home' ? MAIN_PANELS[0]
      : e.key === 'End' ? MAIN_PANELS[MAIN_PANELS.length - 1]
      : null;
    if (!next) return;
    e.preventDefault();
    setPanel(next);
    tabs.current[next]?.focus();
  };
  return (
    <div className="main-tabs">
      <div role="tablist" aria-label="Views" className="tablist" onKeyDown={onKeyDown}>
        {MAIN_PANELS.map((p) => (
          <button
            key={p}
            ref={(el) => {
              tabs.current[p] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${p}`}
            aria-selected={panel === p}
            aria-controls={`tabpanel-${p}`}
            tabIndex={panel === p ? 0 : -1}
            data-testid={`tab-${p}`}
            onClick={() => setPanel(p)}
          >
            <TabLabel panel={p} />
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`tabpanel-${panel}`} aria-labelledby={`tab-${panel}`} className="tabpanel">
        <PartBoundary key={panel} part={`tab-${panel}`} label={`The ${TAB_LABELS[panel]} tab`}>
          {panels[panel]()}
        </PartBoundary>
      </div>
    </div>
  );
}
