import { useStore } from 'zustand';
import { takesParameter } from '../../scenario/methods';
import { appStore, setPanel } from '../store';

/** The first of `selectors` that is shown on the page now (the bar's slider, else the settings' one). */
function firstShown(selectors: readonly string[]): HTMLElement | null {
  for (const selector of selectors) {
    const el = document.querySelector<HTMLElement>(selector);
    if (el && el.getClientRects().length > 0) return el;
  }
  return null;
}

/** Focuses the damping slider the student drags: the bar's beside the plots, else the settings' field. */
function toDamping(parameter: 'alpha' | 'rho'): void {
  firstShown([`[data-testid="bar-${parameter}-slider"]`, `[data-testid="${parameter}-slider"]`])?.focus();
}

/** Shows the plots and moves the focus to them (their section takes the focus without joining the Tab order). */
function toPlots(): void {
  setPanel('plots');
  requestAnimationFrame(() => {
    const plots = document.querySelector<HTMLElement>('[data-testid="charts"]');
    if (!plots) return;
    plots.tabIndex = -1;
    plots.focus();
  });
}

/**
 * The first stops of the Tab order, shown when focused: straight to α (or ρ∞) and to the plots, past the header and
 * the settings column (α was the 31st stop without them).
 */
export function SkipLinks() {
  const methods = useStore(appStore, (s) => s.state.methods);
  const parameter = takesParameter(methods, 'alpha') ? 'alpha' : 'rho';
  const go = (action: () => void) => (e: React.MouseEvent) => {
    e.preventDefault();
    action();
  };
  return (
    <nav className="skip-links" aria-label="Skip links">
      <a href="#damping-controls" className="skip-link" onClick={go(() => toDamping(parameter))} data-testid="skip-to-damping">
        Skip to {parameter === 'alpha' ? 'α' : 'ρ∞'}
      </a>
      <a href="#tabpanel-plots" className="skip-link" onClick={go(toPlots)} data-testid="skip-to-plots">
        Skip to the plots
      </a>
    </nav>
  );
}
