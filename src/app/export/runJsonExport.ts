/**
 * JSON export of a run: the text `sim --url LINK --method M --format json` writes for the link (SPEC §3), through the
 * same writer (src/run/runJson.ts) — the settings from the same run plan, the columns with their units, the rows of
 * the CSV export, and how the run ended with its work. Pure; e2e/export.spec.ts checks it against `sim`.
 */
import { exportSampleDt, planRun } from '../../run/plan';
import { runJson, runSettingsOf, type RunEnd } from '../../run/runJson';
import type { RunMethod } from '../../scenario/methods';
import type { MethodResults } from '../runs';
import type { MethodRun } from '../store';

/** How a stopped run ended, as the JSON's `status` says it; null while it runs. */
function runEnd(phase: MethodRun['phase']): RunEnd | null {
  if (phase === 'finished' || phase === 'failed' || phase === 'cancelled') return phase;
  return null;
}

/**
 * The JSON text of `method`'s stopped run, or null while it runs (or its state no longer plans: never for a run that
 * ran). The rows are the CSV export's, on the grid `simCommand` gives `sim` (`--sample-dt`).
 */
export function runJsonText(method: RunMethod, res: MethodResults, run: MethodRun): string | null {
  const status = runEnd(run.phase);
  if (!status) return null;
  const planned = planRun({ ...res.state, methods: [method] }, { sampleDt: exportSampleDt(res.state) });
  if (!planned.ok) return null;
  const progress = run.progress;
  const stats = {
    steps: progress?.stepsDone ?? 0,
    stepsRejected: progress?.stepsRejected ?? 0,
    stepsCapped: progress?.stepsCapped ?? 0,
    newtonIterations: progress?.newtonIterations ?? 0,
  };
  return runJson(runSettingsOf(planned.plan), res.facts, res.exportRows.view(), status, run.failure, stats, run.removed);
}
