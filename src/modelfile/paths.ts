/**
 * Places in a model file as people read them — `joints[3].bodies[1]`, `parameters["rod length"]` — and back
 * into the keys and indices that lead there from the top of the file (to find the line in the text).
 */

/** One step from the top of the file: an object's key or a list's index. */
export type PathPart = string | number;

const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `base.key`, or `base["key"]` for a key that is not a plain identifier (a name with a space or a dot). */
export function keyPath(base: string, key: string): string {
  if (PLAIN_KEY.test(key)) return base ? `${base}.${key}` : key;
  return `${base}[${JSON.stringify(key)}]`;
}

/** A path as people read it: ['joints', 3, 'bodies', 1] → joints[3].bodies[1]. */
export function pathText(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) text = typeof part === 'number' ? `${text}[${part}]` : keyPath(text, String(part));
  return text;
}

/**
 * The parts of a path text (the inverse of pathText): joints[3].bodies[1] → ['joints', 3, 'bodies', 1]. Reading
 * stops at the first thing that is not a path (a message's own words after it), keeping what came before.
 */
export function pathParts(text: string): PathPart[] {
  const parts: PathPart[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === '.' && parts.length > 0) i++;
    if (text[i] === '[') {
      const index = /^\[(\d+)\]/.exec(text.slice(i, i + 24));
      if (index) { parts.push(Number(index[1])); i += index[0].length; continue; }
      const quoted = quotedKey(text, i + 1);
      if (!quoted || text[quoted.end] !== ']') break;
      parts.push(quoted.key);
      i = quoted.end + 1;
      continue;
    }
    const key = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(text.slice(i, i + 200));
    if (!key) break;
    parts.push(key[0]);
    i += key[0].length;
  }
  return parts;
}

/** A JSON string starting at text[start] (a quote): its value and the index after its closing quote. */
function quotedKey(text: string, start: number): { key: string; end: number } | null {
  if (text[start] !== '"') return null;
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') { i++; continue; }
    if (text[i] !== '"') continue;
    try {
      return { key: JSON.parse(text.slice(start, i + 1)) as string, end: i + 1 };
    } catch {
      return null;
    }
  }
  return null;
}
