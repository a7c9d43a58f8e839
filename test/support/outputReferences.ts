/**
 * How far a fresh run at a shipped model's defaults (method, α, h, t_end) lies from the reference curve its file
 * carries (docs/model-format.md, Outputs), at the curve's times: checks the committed numbers against the
 * benchmark library's 1e-3 criterion (SPEC §8).
 */
import { largestDeviations, runLibrary, type Deviation, type LibraryId } from '../../bench/libraryCases';
import { getScenario } from '../../src/scenario/registry';

export function deviationFromShippedReference(id: LibraryId, output: string): Deviation {
  const def = getScenario(id);
  const points = def.outputReferences?.[output]?.points;
  if (!points) throw new Error(`${id} carries no reference for ${output}`);
  const run = runLibrary(id, { method: 'modified', damping: def.defaultAlpha, h: def.defaultH, tEnd: def.defaultTEnd, sampleDt: points[1][0] - points[0][0] });
  if (run.failure) throw new Error(`${id} failed at t = ${run.failure.time}: ${run.failure.reason}`);
  return largestDeviations(run, { t: points.map((p) => p[0]), columns: { [output]: points.map((p) => p[1]) } }, [output])[output];
}
