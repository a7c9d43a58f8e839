import { useStore } from 'zustand';
import { RUN_METHODS } from '../../scenario/methods';
import { cancelRun, startRun } from '../runner';
import { etaMs, formatTime, isBusy, results } from '../runs';
import { appStore, hasFieldIssues, type MethodRun } from '../store';
import { METHOD_LABELS, usePalette } from '../theme';
import { MethodSwatch } from './MethodSwatch';
import { adaptiveSampleDt, defaultMaxStep } from '../../run/plan';
import type { ScenarioState } from '../../scenario/types';
import { capNote } from '../tolerance';
import { formatCount } from '../locale';

/** The step cap's note of a finished adaptive run of the state `state` (tolerance.ts capNote), or ''. */
function capText(run: MethodRun, state: ScenarioState | undefined): string {
  const p = run.progress;
  if (!state || state.tolerance === undefined || !p) return '';
  const note = capNote(p.stepsCapped ?? 0, p.stepsDone, defaultMaxStep(state.h, adaptiveSampleDt(state.h, state.tEnd)));
  return note ? `; ${note}` : '';
}

function statusText(run: MethodRun, tEnd: number, adaptive: boolean): string {
  const p = run.progress;
  switch (run.phase) {
    case 'pending':
      return 'starting…';
    case 'running': {
      const eta = etaMs(p);
      return `t = ${formatTime(p?.time ?? 0)} / ${formatTime(tEnd)} s${eta !== null ? ` · ETA ${(eta / 1000).toFixed(1)} s` : ''}`;
    }
    case 'finished': {
      const steps = adaptive
        ? `${formatCount(p?.stepsDone ?? 0)} steps accepted, ${formatCount(p?.stepsRejected ?? 0)} rejected`
        : `${formatCount(p?.stepsDone ?? 0)} steps`;
      return `done: ${steps} in ${((p?.elapsedMs ?? 0) / 1000).toFixed(2)} s${removedText(run)}`;
    }
    case 'failed':
      // A numerical failure in one short line: the box in the method's plot column says why and what to try (said
      // once, not twice). A stopped worker is no numerical failure: its reason is the whole story.
      return run.failure && !run.failure.worker
        ? `failed at t = ${formatTime(run.failure.time)} s (why: over its plots)${removedText(run)}`
        : `${run.reason ?? 'failed'}${removedText(run)}`;
    case 'cancelled':
      return `cancelled at t = ${formatTime(p?.time ?? 0)} s`;
    default:
      return '';
  }
}

/** The run summary's word on the equations removed as redundant (SPEC §8): how well they held, if there were any. */
function removedText(run: MethodRun): string {
  const removed = run.removed;
  if (!removed || removed.count === 0) return '';
  return ` · the ${removed.count} removed equation${removed.count === 1 ? '' : 's'} held to ${Number(removed.largest.toPrecision(2))}`;
}

/** Progress per method (simulated time, ETA), cancel and rerun. */
export function RunPanel() {
  const runs = useStore(appStore, (s) => s.runs);
  const methods = useStore(appStore, (s) => s.state.methods);
  const tEnd = useStore(appStore, (s) => s.state.tEnd);
  const busy = useStore(appStore, (s) => isBusy(s));
  const blocked = useStore(appStore, (s) => hasFieldIssues(s));
  const palette = usePalette();
  return (
    <section className="panel run-panel" aria-label="Run">
      {RUN_METHODS.filter((m) => methods.includes(m) || runs[m].phase !== 'idle').map((m) => {
        const run = runs[m];
        const p = run.progress;
        // Simulated time, not steps: an adaptive run's step total is only an estimate.
        const fraction = run.phase === 'finished' ? 1 : p ? Math.min(1, p.time / tEnd) : 0;
        const adaptive = results.current[m]?.state.tolerance !== undefined;
        return (
          <div key={m} className={`run-row phase-${run.phase}`} data-testid={`run-${m}`} data-phase={run.phase}>
            <div className="run-label">
              <MethodSwatch method={m} palette={palette} />
              {METHOD_LABELS[m]}
            </div>
            <progress max={1} value={fraction} aria-label={`${METHOD_LABELS[m]} progress`} />
            <div className={run.phase === 'failed' ? 'run-status error' : 'run-status'} role="status" data-testid={`run-status-${m}`}>
              {statusText(run, tEnd, adaptive)}
              {run.phase === 'finished' && capText(run, results.current[m]?.state)}
            </div>
          </div>
        );
      })}
      <div className="run-buttons">
        <button type="button" onClick={cancelRun} disabled={!busy} data-testid="cancel-button">
          Cancel
        </button>
        <button type="button" onClick={startRun} disabled={blocked} data-testid="rerun-button">
          Run again
        </button>
      </div>
      {blocked && <p className="hint error">Fix the marked field to run again.</p>}
    </section>
  );
}
