import { useStore } from 'zustand';
import { DEFAULT_RHO, methodParameter, type RunMethod as IntegratorMethod } from '../../scenario/methods';
import type { ScenarioState } from '../../scenario/types';
import { failureAdvice, failureReason, smallerStep, TRY_ALPHA, TRY_ALPHA_EULER, TRY_RHO } from '../failure';
import type { FailureCause } from '../../solver/simulate';
import { formatTime, results } from '../runs';
import { appStore, setAlpha, setField, setRho } from '../store';
import { startRun } from '../runner';

/** The one-click fix the box offers, in the failed method's own terms, or null. */
function tryAction(state: ScenarioState, method: IntegratorMethod, cause?: FailureCause): { label: string; run: () => void } | null {
  if (cause === 'euler-velocity' && methodParameter(method) === 'alpha') {
    return state.alpha > TRY_ALPHA_EULER ? { label: 'Try α = −0.3', run: () => setAlpha(TRY_ALPHA_EULER) } : null;
  }
  if (methodParameter(method) === 'alpha') {
    return state.alpha > TRY_ALPHA ? { label: 'Try α = −0.05', run: () => setAlpha(TRY_ALPHA) } : null;
  }
  if ((state.rho ?? DEFAULT_RHO) > TRY_RHO) return { label: `Try ρ∞ = ${TRY_RHO}`, run: () => setRho(TRY_RHO) };
  if (state.tolerance !== undefined) return null;
  const h = smallerStep(state);
  return { label: `Try h = ${h} s`, run: () => setField('h', h) };
}

/**
 * Why a method's run failed, when, and what to try, above its plots: the reason in words (the
 * index-3 instability when α is near 0 or ρ∞ near 1 on a jointed model; the Euler parameters' growing eᵀė when
 * the solver names it) and a one-click fix in the method's own parameter (α = −0.05 for HHT, α = −0.3 against the
 * eᵀė mode, a lower ρ∞ or a smaller step for the others).
 */
export function FailureBox({ method }: { method: IntegratorMethod }) {
  const run = useStore(appStore, (s) => s.runs[method]);
  if (run.phase !== 'failed' || !run.failure) return null;
  if (run.failure.worker) return <StoppedWorkerBox method={method} time={run.failure.time} reason={run.failure.reason} />;
  const state = results.current[method]?.state ?? appStore.getState().state;
  // The worker reports the model it built: the page does not compile models to know this.
  const hasJoints = (results.current[method]?.facts.constraints ?? 0) > 0;
  const { cause } = run.failure;
  const why = failureReason(state, hasJoints, method, cause);
  const action = tryAction(state, method, cause);
  const { headline, detail } = splitReason(run.failure.reason);
  // The headline and the one-click fix stay in view; the explanation opens on demand, so the box leaves the
  // method's plots on the screen (a projector's 720 px).
  return (
    <div className="failure-notice" role="alert" data-testid={`failure-${method}`}>
      <p>
        <strong>Failed at t = {formatTime(run.failure.time)} s.</strong> {headline}.{' '}
        {action && (
          <button type="button" className="try-alpha" onClick={action.run} data-testid={`failure-try-${method}`}>
            {action.label}
          </button>
        )}
      </p>
      <details data-testid={`failure-details-${method}`}>
        <summary>Why, and what to try</summary>
        {detail && <p>{detail}.</p>}
        {why && (
          <p data-testid={`failure-why-${method}`}>
            <strong>Why:</strong> {why}
          </p>
        )}
        <p>
          <strong>What to try:</strong> {failureAdvice(state, method, cause)}.
        </p>
      </details>
    </div>
  );
}

/** The solver's reason split at its first ': ' or '; ' into what failed and the explanation that follows. */
function splitReason(reason: string): { headline: string; detail: string } {
  const cut = reason.search(/[:;] /);
  if (cut < 0) return { headline: reason, detail: '' };
  const rest = reason.slice(cut + 2);
  return { headline: reason.slice(0, cut), detail: rest.charAt(0).toUpperCase() + rest.slice(1) };
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
