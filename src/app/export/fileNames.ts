/**
 * Names of the exported files: "hht-" and the model — a shipped model's id, a user's model's title as a slug —
 * then what the file holds (hht-heavy-top-modified.csv, hht-double-pendulum-plots.png). Pure.
 */
import { getScenario } from '../../scenario/registry';
import { CUSTOM_SCENARIO_ID, type ScenarioState } from '../../scenario/types';

/** Longest slug of a title, characters. */
const SLUG_CHARS = 60;

/**
 * A title as a file-name part: lower-case ASCII letters, digits and single hyphens (accents dropped, anything else
 * a hyphen), at most SLUG_CHARS characters, never empty ('model'). Example: slugOf("Andrews' squeezing mechanism
 * (A03)") === 'andrews-squeezing-mechanism-a03'; slugOf('../../etc/passwd') === 'etc-passwd'.
 */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_CHARS)
    .replace(/-+$/, '');
  return slug || 'model';
}

/** The start of the exported files' names: "hht-" and the shipped model's id, or the user's model's title as a slug. */
export function exportFileStem(state: Pick<ScenarioState, 'scenario'>): string {
  if (state.scenario !== CUSTOM_SCENARIO_ID) return `hht-${state.scenario}`;
  const title = getScenario(state.scenario)?.title;
  return `hht-${title ? slugOf(title) : 'model'}`;
}
