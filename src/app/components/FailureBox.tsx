import { useStore } from 'zustand';
import type { RunMethod as IntegratorMethod } from '../../scenario/methods';
import { getScenario } from '../../scenario/registry';
import { failureAdvice, failureReason, TRY_ALPHA } from '../failure';
import { formatTime, results } from '../runs';
import { appStore, setAlpha } from '../store';

/**
 * Why a method's run failed, when, and what to try, above its plots: the reason in words (the
 * index-3 instability when α is near 0 on a jointed model) and a one-click α = −0.05.
 */
export function FailureBox({ method }: { method: IntegratorMethod }) {
  const run = useStore(appStore, (s) => s.runs[method]);
  if (run.phase !== 'failed' || !run.failure) return null;
  const state = results.current[method]?.state ?? appStore.getState().state;
  const hasJoints = getScenario(state.scenario).buildModel(state.values).constraints.length > 0;
  const why = failureReason(state, hasJoints);
  return (
    <div className="failure-notice" role="alert" data-testid={`failure-${method}`}>
      <p>
        <strong>Failed at t = {formatTime(run.failure.time)} s.</strong> {run.failure.reason}.
      </p>
      {why && (
        <p data-testid={`failure-why-${method}`}>
          <strong>Why:</strong> {why}
        </p>
      )}
      <p>
        <strong>What to try:</strong> {failureAdvice(state)}.{' '}
        {state.alpha > TRY_ALPHA && (
          <button type="button" className="try-alpha" onClick={() => setAlpha(TRY_ALPHA)} data-testid={`failure-try-${method}`}>
            Try α = −0.05
          </button>
        )}
      </p>
    </div>
  );
}
