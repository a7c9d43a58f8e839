/** Names people misspell: the nearest known name, for "did you mean" in messages of links, flags and model files. */

/**
 * What a share link's `output` key says for ω's plot (`output=omega`: the output picker's first entry), needed when
 * the model names a default output; no model output may take this name.
 */
export const OMEGA_PLOT_NAME = 'omega';

/** Characters a spreadsheet reads as the start of a formula in a CSV cell (OWASP, CSV injection). */
const FORMULA_START: Readonly<Record<string, string>> = { '=': '"="', '+': '"+"', '-': '"-"', '@': '"@"', '\t': 'a tab', '\r': 'a carriage return' };

/**
 * How a text cell starts that a spreadsheet would read as a formula (an output name is a CSV column name), or null.
 * Example: formulaStart('=HYPERLINK("x")') === '"="'; formulaStart('beta') === null.
 */
export function formulaStart(text: string): string | null {
  return Object.hasOwn(FORMULA_START, text.charAt(0)) ? FORMULA_START[text.charAt(0)] : null;
}

/**
 * The name `text` most likely misspells: the nearest within 1 edit for 3 to 5 characters, 2 edits
 * for longer ones (insertions, deletions, substitutions and swaps of neighbours each count 1);
 * null for shorter text (or longer than maxLength) or when nothing is that near. Example: closestName('alhpa', ['alpha', 'h']) === 'alpha'.
 */
export function closestName(text: string, names: readonly string[], maxLength = 80): string | null {
  if (text.length < 3 || text.length > maxLength) return null;
  const limit = text.length <= 5 ? 1 : 2;
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const name of names) {
    const distance = editDistance(text, name);
    if (distance > 0 && distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal string alignment distance (Damerau–Levenshtein without repeated edits of a substring). */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
    }
  }
  return rows[a.length][b.length];
}

/** A name or key in double quotes for a message, shortened to 60 characters (a hostile key can be megabytes). */
export function quoted(text: string): string {
  return `"${text.length > 60 ? `${text.slice(0, 57)}…` : text}"`;
}
