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

/** With more constraints than this, the page says their removed equations in one sentence (Andrews' 3, the N-four-bar's 40). */
const GROUP_REMOVED_FROM = 1;

/** What preparing a model did, with bodies named (run/modelFacts.ts names them for the page, `sim` and its JSON). */
export interface NamedPreparation {
  readonly moved: readonly { readonly body: string; readonly distance: number; readonly angle: number }[];
  readonly removed: readonly { readonly constraint: string; readonly rows: number; readonly prescribed?: boolean }[];
}

/** The solver's report with each body's name in place of its index ("body 3" when a name is missing). */
export function namePreparation(report: PreparationReport, bodyNames: readonly string[]): NamedPreparation {
  return {
    moved: report.moved.map((m) => ({ body: bodyNames[m.body] ?? `body ${m.body + 1}`, distance: m.distance, angle: m.angle })),
    removed: report.removed.map((r) => ({ constraint: r.constraint, rows: r.rows, prescribed: r.prescribed })),
  };
}

/**
 * One sentence about the assembly (the bodies that moved most first, five named, the rest counted) and one per
 * constraint with removed equations, e.g. "The assembly moved 2 bodies to close the joints: crank by 43.6 mm,
 * turned 5°; rocker by 43.6 mm." and "3 equations of joint D removed as redundant (dependent at the initial
 * configuration)." Empty when the model was consistent and independent as written.
 */
export function preparationSentences(report: NamedPreparation, options: { readonly groupRemoved?: boolean } = {}): string[] {
  const sentences: string[] = [];
  const moves = report.moved
    .filter((m) => m.distance > SAY_DISTANCE || m.angle > SAY_ANGLE)
    .sort((a, b) => b.distance - a.distance || b.angle - a.angle);
  if (moves.length > 0) {
    const parts = moves.slice(0, NAMED_MOVES).map((m) => {
      const what = [m.distance > SAY_DISTANCE ? `by ${lengthText(m.distance)}` : '', m.angle > SAY_ANGLE ? `turned ${angleText(m.angle)}` : '']
        .filter(Boolean).join(', ');
      return `${m.body} ${what}`;
    });
    const more = moves.length > NAMED_MOVES ? `; ${moves.length - NAMED_MOVES} more by less` : '';
    sentences.push(`The assembly moved ${moves.length} bod${moves.length === 1 ? 'y' : 'ies'} to close the joints: ${parts.join('; ')}${more}.`);
  }
  if (options.groupRemoved && report.removed.length > GROUP_REMOVED_FROM) {
    sentences.push(removedSentence(report.removed));
    return sentences;
  }
  for (const removed of report.removed) {
    const kind = removed.prescribed === true ? 'motion' : 'joint';
    sentences.push(`${removed.rows} equation${removed.rows === 1 ? '' : 's'} of ${kind} ${removed.constraint} removed as redundant (dependent at the initial configuration).`);
  }
  return sentences;
}

/**
 * The removed equations of many constraints in one sentence, every constraint named, e.g. "120 equations of 40 joints
 * removed as redundant (dependent at the initial configuration), 3 of each: B1 coupler 1, B2 coupler 2, …".
 */
function removedSentence(removed: NamedPreparation['removed']): string {
  const total = removed.reduce((n, r) => n + r.rows, 0);
  const motions = removed.filter((r) => r.prescribed === true).length;
  const kind = motions === 0 ? 'joints' : motions === removed.length ? 'motions' : 'joints and motions';
  const rows = removed[0].rows;
  const same = removed.every((r) => r.rows === rows);
  const names = removed.map((r) => (same ? r.constraint : `${r.constraint} (${r.rows})`)).join(', ');
  return `${total} equations of ${removed.length} ${kind} removed as redundant (dependent at the initial configuration)${same ? `, ${rows} of each` : ''}: ${names}.`;
}
