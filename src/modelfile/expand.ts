/**
 * Repeated groups of a model file: {"repeat": {"i": {"from": 0, "to": "N"}}, "let": {…}, "bodies": [ … ],
 * "joints": [ … ]} stands for its items once per value of the loop variables (several variables are nested
 * loops, the first outermost), each with the variables and the group's `let` in scope. In every section the
 * file's own items come first, then each group's, group by group and repetition by repetition, so a file lays
 * out its bodies in the order a builder in code would (a rod, its piston, the next rod …).
 *
 * The work is counted (expressions.ts `counted`): every repetition spends operations for its loop variables, and
 * a group's `let` entry that depends on no loop variable (nor on an entry that does) is computed once, at its
 * first repetition, and reused by the others, so a large group costs what changes from copy to copy.
 */
import { counted, namesIn, type ExprValue, type Scope } from './expressions';
import { MODEL_LIMITS } from './limits';
import { checkValueName, extend, inItem, letValue, literalValue, ModelError, numberOf, parse, ScopeLayer, spendAt } from './scope';
import { keyPath } from './paths';
import type { GroupSpec, ModelDocument, NumSpec } from './schema';

/** One item of a section with the scope it is read in and its place in the file (for messages). */
export interface Expanded<T> {
  readonly spec: T;
  readonly scope: Scope;
  /** Where the item is written, e.g. `groups[0].bodies[1]`. */
  readonly path: string;
  /** Inside a repeated group: the loop variables' values ("k = 2, side = L"); '' otherwise. */
  readonly context: string;
}

/** Items all sections of one file may expand to together. */
export const MAX_EXPANDED_ITEMS = MODEL_LIMITS.expandedItems;

export type Section = 'bodies' | 'joints' | 'motions' | 'loads' | 'outputs';
const SECTIONS: readonly Section[] = ['bodies', 'joints', 'motions', 'loads', 'outputs'];

type Range = GroupSpec['repeat'][string];

/** The values one loop variable takes (`scope` is made only for a range written with expressions). */
function rangeValues(range: Range, scope: () => Scope, path: string): ExprValue[] {
  if (Array.isArray(range)) return range.map((v, k) => literalValue(v, `${path}[${k}]`));
  const r = range as { from: NumSpec; to: NumSpec };
  const from = numberOf(r.from, scope(), `${path}.from`), to = numberOf(r.to, scope(), `${path}.to`);
  if (!Number.isInteger(from) || !Number.isInteger(to)) throw new ModelError(path, `from ${from} to ${to}: both must be whole numbers`);
  if (to - from + 1 > MAX_EXPANDED_ITEMS) throw new ModelError(path, `from ${from} to ${to} is more than ${MAX_EXPANDED_ITEMS} values`);
  const values: number[] = [];
  for (let v = from; v <= to; v++) values.push(v);
  return values;
}

/** Every combination of the loop variables, first variable outermost. */
function combinations(repeat: GroupSpec['repeat'], scope: Scope, path: string): [string, ExprValue][][] {
  let combos: [string, ExprValue][][] = [[]];
  for (const name of Object.keys(repeat)) {
    checkValueName(name, keyPath(`${path}.repeat`, name));
    const next: [string, ExprValue][][] = [];
    for (const combo of combos) {
      for (const value of rangeValues(repeat[name], () => extend(scope, combo), keyPath(`${path}.repeat`, name))) {
        spendAt(1 + combo.length, `${path}.repeat`);
        next.push([...combo, [name, value]]);
      }
      if (next.length > MAX_EXPANDED_ITEMS) throw new ModelError(`${path}.repeat`, `expands to more than ${MAX_EXPANDED_ITEMS} repetitions`);
    }
    combos = next;
  }
  return combos;
}

/** Short text of a loop variable's value for paths: numbers and labels as written. */
const showValue = (v: ExprValue): string => (typeof v === 'number' || typeof v === 'string' ? String(v) : '…');

/** The items of every section with the groups unrolled, in the order described above. */
export type ExpandedDocument = { readonly [S in Section]: Expanded<NonNullable<ModelDocument[S]>[number]>[] };

/** Every name a `let` value reads (its expressions' names, in lists and records too); null if one does not parse. */
function letNames(value: unknown, path: string, scope: Scope): Set<string> | null {
  const names = new Set<string>();
  const walk = (v: unknown): boolean => {
    if (typeof v === 'string') {
      try {
        namesIn(parse(v, path, scope), names);
        return true;
      } catch {
        return false;
      }
    }
    if (Array.isArray(v)) return v.every(walk);
    if (v !== null && typeof v === 'object') return Object.values(v).every(walk);
    return true;
  };
  return walk(value) ? names : null;
}

/**
 * Which of a group's `let` entries are the same in every repetition: those that read no loop variable and no entry
 * that is not. Reusing them is exact only when every repetition would see what the first saw, so none is reused
 * (every entry computed per repetition, as written) when a `let` name repeats a loop variable's, or an entry
 * reads a later entry's name (it would see the name's outer value, not the entry).
 */
function copyIndependent(group: GroupSpec, scope: Scope, path: string): ReadonlySet<string> {
  const loop = new Set(Object.keys(group.repeat));
  const entries = Object.entries(group.let ?? {});
  const position = new Map(entries.map(([name], k) => [name, k]));
  const varying = new Set(loop);
  const same = new Set<string>();
  for (const [k, [name, value]] of entries.entries()) {
    if (loop.has(name)) return new Set();
    const read = letNames(value, keyPath(`${path}.let`, name), scope);
    if (read === null || [...read].some((n) => (position.get(n) ?? -1) >= k)) return new Set();
    if ([...read].some((n) => varying.has(n))) varying.add(name);
    else same.add(name);
  }
  return same;
}

export function expandDocument(doc: ModelDocument, scope: Scope): ExpandedDocument {
  return counted(() => expandCounted(doc, scope));
}

function expandCounted(doc: ModelDocument, scope: Scope): ExpandedDocument {
  let budget = MAX_EXPANDED_ITEMS;
  const take = (path: string) => {
    if (--budget < 0) throw new ModelError(path, `the file expands to more than ${MAX_EXPANDED_ITEMS} items`);
  };
  const out = Object.fromEntries(SECTIONS.map((s) => [s, [] as Expanded<unknown>[]])) as Record<Section, Expanded<unknown>[]>;
  for (const section of SECTIONS) {
    (doc[section] ?? []).forEach((spec: unknown, i: number) => {
      const path = `${section}[${i}]`;
      take(path);
      out[section].push({ spec, scope, path, context: '' });
    });
  }
  (doc.groups ?? []).forEach((group, g) => {
    const path = `groups[${g}]`;
    const lets = Object.entries(group.let ?? {});
    for (const [name] of lets) checkValueName(name, keyPath(`${path}.let`, name));
    // Scopes: a repetition's loop variables and varying entries, over the entries every repetition shares
    // (computed in the first), over the file's scope. Names never clash between the layers (copyIndependent).
    const reusable = copyIndependent(group, scope, path);
    const shared = new ScopeLayer(scope);
    for (const combo of combinations(group.repeat, scope, path)) {
      const groupScope = new ScopeLayer(shared, combo);
      const where = combo.map(([k, v]) => `${k} = ${showValue(v)}`).join(', ');
      for (const [name, value] of lets) {
        const reused = reusable.has(name);
        if (reused && shared.own.has(name)) continue;
        const v = inItem({ context: where }, () => letValue(value, groupScope, keyPath(`${path}.let`, name)));
        (reused ? shared : groupScope).own.set(name, v);
      }
      for (const section of SECTIONS) {
        (group[section] ?? []).forEach((spec: unknown, j: number) => {
          const itemPath = `${path}.${section}[${j}]`;
          take(itemPath);
          out[section].push({ spec, scope: groupScope, path: itemPath, context: where });
        });
      }
    }
  });
  return out as unknown as ExpandedDocument;
}
