import { useStore } from 'zustand';
import { DEFAULT_RHO, methodParameter, type RunMethod as IntegratorMethod } from '../../scenario/methods';
import type { ScenarioState } from '../../scenario/types';
import { alphaText, failureAdvice, failureReason, smallerStep, suggestedAlpha, TRY_ALPHA_EULER, TRY_RHO } from '../failure';
import type { FailureCause } from '../../solver/simulate';
import { isMarkedUnstable, methodMarks, type ScanVerdict } from '../dampingMarks';
import { formatTime, results } from '../runs';
import { appStore, setAlpha, setField, setRho } from '../store';
import { startRun } from '../runner';
import { useScanVerdict } from './DampingMarks';

/** Whether the damping scan of the model on screen measured `method` unstable at α (always false without a scan). */
function measuredUnstableFor(verdict: ScanVerdict, method: IntegratorMethod): (alpha: number) => boolean {
  if (verdict.kind !== 'scan') return () => false;
  const intervals = methodMarks(verdict.scan, [method], 'alpha')[0]?.intervals ?? null;
  return (alpha) => intervals !== null && isMarkedUnstable(intervals, alpha, verdict.scan.alphaStep);
}

/** The one-click fix the box offers, in the failed method's own terms, or null. */
function tryAction(
  state: ScenarioState, method: IntegratorMethod, cause: FailureCause | undefined, measuredUnstable: (alpha: number) => boolean,
): { label: string; run: () => void } | null {
  if (methodParameter(method) === 'alpha') {
    const alpha = cause === 'euler-velocity' && state.alpha > TRY_ALPHA_EULER ? TRY_ALPHA_EULER : suggestedAlpha(state.alpha, measuredUnstable);
    return alpha === null ? null : { label: `Try α = ${alphaText(alpha)}`, run: () => setAlpha(alpha) };
  }
  if ((state.rho ?? DEFAULT_RHO) > TRY_RHO) return { label: `Try ρ∞ = ${TRY_RHO}`, run: () => setRho(TRY_RHO) };
  if (state.tolerance !== undefined) return null;
  const h = smallerStep(state);
  return { label: `Try h = ${h} s`, run: () => setField('h', h) };
}

/**
 * Why a method's run failed, when, and what to try, in its column's title row: one line — "Failed at t = …", the
 * one-click fix where the column is wide enough, and "Why" — whose explanation opens over the plots. The title row
 * keeps its height whether or not a run failed, so a failure moves nothing on the page (the plots, the α slider).
 * The reason in words: the index-3 instability when HHT damps too little for the step or ρ∞ is near 1 on a jointed
 * model, the Euler parameters' growing eᵀė when the solver names it; the fix in the method's own parameter (a more
 * negative α, not measured unstable at this step, for HHT; a lower ρ∞ or a smaller step for the others).
 */
export function FailureBox({ method }: { method: IntegratorMethod }) {
  const run = useStore(appStore, (s) => s.runs[method]);
  const verdict = useScanVerdict();
  if (run.phase !== 'failed' || !run.failure) return null;
  if (run.failure.worker) return <StoppedWorkerBox method={method} time={run.failure.time} reason={run.failure.reason} />;
  const state = results.current[method]?.state ?? appStore.getState().state;
  // The worker reports the model it built: the page does not compile models to know this.
  const hasJoints = (results.current[method]?.facts.constraints ?? 0) > 0;
  const { cause } = run.failure;
  const measuredUnstable = measuredUnstableFor(verdict, method);
  const why = failureReason(state, hasJoints, method, cause);
  const action = tryAction(state, method, cause, measuredUnstable);
  const { headline, detail } = splitReason(run.failure.reason);
  const when = `Failed at t = ${formatTime(run.failure.time)} s`;
  return (
    <div className="failure-notice" role="alert" data-testid={`failure-${method}`}>
      {/* In a narrow column "Failed at" gives way first: the time stays readable. */}
      <strong className="failure-headline" title={`${when}: ${headline}`}>
        <span className="failure-word">Failed at </span>
        <span className="failure-time">t = {formatTime(run.failure.time)} s.</span>
      </strong>
      {action && (
        <button type="button" className="try-alpha failure-try-inline" onClick={action.run} data-testid={`failure-try-${method}`}>
          {action.label}
        </button>
      )}
      <details className="failure-details" data-testid={`failure-details-${method}`}>
        <summary>Why</summary>
        <div className="failure-panel">
          <p>
            <strong>{when}:</strong> {headline}.
          </p>
          {detail && <p>{detail}.</p>}
          {why && (
            <p data-testid={`failure-why-${method}`}>
              <strong>Why:</strong> {why}
            </p>
          )}
          <p>
            <strong>What to try:</strong> {failureAdvice(state, method, cause, measuredUnstable)}.{' '}
            {action && (
              <button type="button" className="try-alpha" onClick={action.run} data-testid={`failure-try-panel-${method}`}>
                {action.label}
              </button>
            )}
          </p>
        </div>
      </details>
    </div>
  );
}

/**
 * The solver's reason split at its first ': ' or '; ' into what failed and the explanation that follows; the
 * solver's own closing remedy ("; use … or a smaller h") is left out, the box's "What to try" says it with values.
 */
export function splitReason(reason: string): { headline: string; detail: string } {
  const remedy = reason.search(/[:;] (use|try) [^;:]*$/);
  const text = remedy >= 0 ? reason.slice(0, remedy) : reason;
  const cut = text.search(/[:;] /);
  if (cut < 0) return { headline: text, detail: '' };
  const rest = text.slice(cut + 2);
  return { headline: text.slice(0, cut), detail: rest.charAt(0).toUpperCase() + rest.slice(1) };
}

/**
 * A run whose worker stopped (it crashed, or stopped answering): not a numerical failure, so no advice on α or h;
 * what it computed is kept, and Run again starts it on a new worker.
 */
function StoppedWorkerBox({ method, time, reason }: { method: IntegratorMethod; time: number; reason: string }) {
  return (
    <div className="failure-notice" role="alert" data-testid={`failure-${method}`} data-worker="stopped">
      <p>
        <strong>Stopped at t = {formatTime(time)} s:</strong> {reason}. What it computed is kept.{' '}
        <button type="button" className="try-alpha" onClick={startRun} data-testid={`failure-rerun-${method}`}>
          Run again
        </button>
      </p>
    </div>
  );
}
