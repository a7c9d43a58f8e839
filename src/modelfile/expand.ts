/**
 * Repeated groups of a model file: {"repeat": {"i": {"from": 0, "to": "N"}}, "let": {…}, "bodies": [ … ],
 * "joints": [ … ]} stands for its items once per value of the loop variables (several variables are nested
 * loops, the first outermost), each with the variables and the group's `let` in scope. In every section the
 * file's own items come first, then each group's, group by group and repetition by repetition, so a file lays
 * out its bodies in the order a builder in code would (a rod, its piston, the next rod …).
 */
import type { ExprValue, Scope } from './expressions';
import { MODEL_LIMITS } from './limits';
import { checkValueName, extend, inItem, letValue, literalValue, ModelError, numberOf } from './scope';
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

/** The values one loop variable takes. */
function rangeValues(range: Range, scope: Scope, path: string): ExprValue[] {
  if (Array.isArray(range)) return range.map((v, k) => literalValue(v, `${path}[${k}]`));
  const r = range as { from: NumSpec; to: NumSpec };
  const from = numberOf(r.from, scope, `${path}.from`), to = numberOf(r.to, scope, `${path}.to`);
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
      for (const value of rangeValues(repeat[name], extend(scope, combo), keyPath(`${path}.repeat`, name))) next.push([...combo, [name, value]]);
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

export function expandDocument(doc: ModelDocument, scope: Scope): ExpandedDocument {
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
    for (const combo of combinations(group.repeat, scope, path)) {
      let groupScope: Map<string, ExprValue> = extend(scope, combo);
      const where = combo.map(([k, v]) => `${k} = ${showValue(v)}`).join(', ');
      for (const [name, value] of Object.entries(group.let ?? {})) {
        const letPath = keyPath(`${path}.let`, name);
        checkValueName(name, letPath);
        groupScope = inItem({ context: where }, () => extend(groupScope, [[name, letValue(value, groupScope, letPath)]]));
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
