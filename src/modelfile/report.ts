/**
 * What preparing a model did (solver/model/prepare.ts), in sentences for the page's notice and `sim`'s log
 * (SPEC §8): how far the assembly moved each body, and which equations were removed as redundant.
 */
import type { PreparationReport } from '../solver/model/prepare';

/** A length in the unit that reads best — m, mm or µm — to three significant digits. */
export function lengthText(metres: number): string {
  const [value, unit] = metres >= 0.1 ? [metres, 'm'] : metres >= 1e-4 ? [metres * 1e3, 'mm'] : [metres * 1e6, 'µm'];
  return `${Number(value.toPrecision(3))} ${unit}`;
}

/** An angle in degrees to three significant digits. */
export function angleText(radians: number): string {
  return `${Number(((radians * 180) / Math.PI).toPrecision(3))}°`;
}

/** Moves below these are not worth a word (prepare.ts already leaves out the round-off of an exact pose). */
export const SAY_DISTANCE = 1e-9;
export const SAY_ANGLE = 1e-9;
/** Bodies named in the sentence about the assembly; the rest are counted. */
const NAMED_MOVES = 5;

/**
 * One sentence about the assembly and one per constraint with removed equations, e.g.
 * 'The assembly moved 2 bodies to close the joints: "crank" by 43.6 mm, turned 5°; "rocker" by 43.6 mm.' and
 * '3 equations of joint "D" removed as redundant (dependent at the initial configuration).' Empty when the model
 * was consistent and independent as written.
 */
export function formatPreparationReport(report: PreparationReport, bodyNames: readonly string[]): string[] {
  const sentences: string[] = [];
  const moves = report.moved
    .filter((m) => m.distance > SAY_DISTANCE || m.angle > SAY_ANGLE)
    .sort((a, b) => b.distance - a.distance || b.angle - a.angle);
  if (moves.length > 0) {
    const parts = moves.slice(0, NAMED_MOVES).map((m) => {
      const what = [m.distance > SAY_DISTANCE ? `by ${lengthText(m.distance)}` : '', m.angle > SAY_ANGLE ? `turned ${angleText(m.angle)}` : '']
        .filter(Boolean).join(', ');
      return `"${bodyNames[m.body] ?? `body ${m.body + 1}`}" ${what}`;
    });
    const more = moves.length > NAMED_MOVES ? `; ${moves.length - NAMED_MOVES} more by less` : '';
    sentences.push(`The assembly moved ${moves.length} bod${moves.length === 1 ? 'y' : 'ies'} to close the joints: ${parts.join('; ')}${more}.`);
  }
  for (const removed of report.removed) {
    const kind = removed.prescribed ? 'motion' : 'joint';
    sentences.push(`${removed.rows} equation${removed.rows === 1 ? '' : 's'} of ${kind} "${removed.constraint}" removed as redundant (dependent at the initial configuration).`);
  }
  return sentences;
}
