/**
 * What preparing a model did, in sentences for the page's notice and `sim`'s stderr (SPEC §8): how far the
 * assembly moved each body, which equations were removed as redundant, and how well the removed equations held
 * along the run.
 */
import { formatNumber } from './validate';
import { angleText, lengthText, SAY_ANGLE, SAY_DISTANCE } from '../modelfile/report';

/** What preparing a model did, with bodies by name (run/modelFacts.ts builds it from the solver's report). */
export interface NamedPreparation {
  readonly moved: readonly { readonly body: string; readonly distance: number; readonly angle: number }[];
  readonly removed: readonly { readonly constraint: string; readonly rows: number }[];
}

/**
 * One sentence per kind of change, e.g. "The assembly moved 2 bodies to close the joints: crank by 43.6 mm,
 * turned 5°; rocker by 43.6 mm." and "3 equations of joint D removed as redundant (dependent at the initial
 * configuration)." Empty when the model was consistent as written.
 */
export function preparationNotices(report: NamedPreparation): string[] {
  const notices: string[] = [];
  const moves = report.moved.filter((m) => m.distance > SAY_DISTANCE || m.angle > SAY_ANGLE);
  if (moves.length > 0) {
    const parts = moves.map((m) => {
      const what = [m.distance > SAY_DISTANCE ? `by ${lengthText(m.distance)}` : '', m.angle > SAY_ANGLE ? `turned ${angleText(m.angle)}` : '']
        .filter(Boolean).join(', ');
      return `${m.body} ${what}`;
    });
    notices.push(`The assembly moved ${moves.length} bod${moves.length === 1 ? 'y' : 'ies'} to close the joints: ${parts.join('; ')}.`);
  }
  for (const removed of report.removed) {
    notices.push(`${removed.rows} equation${removed.rows === 1 ? '' : 's'} of joint ${removed.constraint} removed as redundant (dependent at the initial configuration).`);
  }
  return notices;
}

/** How well the removed equations held along a run: their largest residual and when. */
export interface RemovedResidual {
  /** Number of removed equations (0: none). */
  readonly count: number;
  /** Largest |C| of them at a sample, m (or the equations' own unit). */
  readonly largest: number;
  /** Time of that sample, s. */
  readonly time: number;
}

/** "The 3 equations removed as redundant held to 2.1e-12 (largest residual, at t = 0.53 s)." */
export function removedResidualText(residual: RemovedResidual): string {
  const { count, largest, time } = residual;
  return `The ${count} equation${count === 1 ? '' : 's'} removed as redundant held to ${Number(largest.toPrecision(3))} (largest residual, at t = ${formatNumber(time)} s).`;
}
