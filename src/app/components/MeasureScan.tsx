import { useStore } from 'zustand';
import { pageScanStore } from '../dampingMarks';
import { appStore } from '../store';
import { useScanVerdict } from './DampingMarks';

/** Loads the study code and starts the damping scan of the model and step on screen (the Studies tab shows it too). */
function measure(): void {
  const { state } = appStore.getState();
  void import('../studies').then((studies) => studies.startDampingScan(state));
}

/**
 * Where the sliders have no marks for the model and step on screen: a button that measures them — the damping scan
 * (`sim study damping-scan`) on the study workers, one run per α and ρ∞ of its grid — and its progress.
 */
export function MeasureScan({ testId = 'scan-measure' }: { readonly testId?: string }) {
  const verdict = useScanVerdict();
  const measuring = useStore(pageScanStore, (s) => s.measuring);
  if (measuring) {
    return (
      <span className="measure-scan" role="status" data-testid={`${testId}-progress`}>
        {' '}measuring: run {Math.min(measuring.done + 1, measuring.total)} of {measuring.total} (Studies tab)
      </span>
    );
  }
  if (verdict.kind === 'scan') return null;
  return (
    <>
      {' '}
      <button type="button" className="link-button measure-scan" onClick={measure} data-testid={testId} title="Runs the damping scan (sim study damping-scan) of this model at this h on the study workers: each compared method at every α or ρ∞ of a grid">
        Measure it
      </button>
    </>
  );
}
