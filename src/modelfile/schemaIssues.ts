/**
 * The schema's complaints (zod issues) in the words of the model file: the place (`joints[3].bodies[1]`), the
 * value given as it is written, what is expected, and the nearest key, type or option for a misspelt one.
 *
 * A value that fits none of a union's forms (a number or an expression; a vector; a joint of some type) is
 * explained by the form it was closest to — the one of its own JSON kind with the fewest complaints — as
 * ajv's "best match" does, so `{"axis": […], "angel": 30}` says "unknown key "angel"; did you mean "angle"?"
 * rather than "does not match any form".
 */
import type { z } from 'zod';
import { closestName, quoted } from './names';
import type { PathPart } from './paths';

/** One complaint about the file's shape: where, what, and for an unknown key the key itself (its place). */
export interface ShapeIssue {
  readonly path: readonly PathPart[];
  readonly message: string;
  readonly key?: string;
}

type Issue = z.core.$ZodIssue;
type Schema = z.core.$ZodType;

/** How a value is written in the file (numbers keep their spelling: 1e999), shortened to a few words. */
export type RawText = (path: readonly PathPart[]) => string | undefined;

/** The zod issues of a document as ShapeIssues. */
export function explainSchemaIssues(issues: readonly Issue[], input: unknown, root: Schema, raw: RawText): ShapeIssue[] {
  return issues.flatMap((issue) => explain(issue, [], input, root, raw));
}

function explain(issue: Issue, base: readonly PathPart[], input: unknown, root: Schema, raw: RawText): ShapeIssue[] {
  const path = [...base, ...(issue.path as PathPart[])];
  const given = valueAt(input, path);
  const shown = () => quote(given, raw(path));
  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = objectKeysAt(root, path, input);
      return issue.keys.map((key) => {
        const near = closestName(key, known);
        return { path, key, message: `unknown key ${quoted(key)}${near ? `; did you mean "${near}"?` : ''}${near || known.length === 0 ? '' : ` (known here: ${known.join(', ')})`}` };
      });
    }
    case 'invalid_union': {
      if (issue.discriminator) {
        const key = issue.discriminator;
        const options = ((issue as { options?: unknown[] }).options ?? []).map(String);
        if (given === undefined) {
          // The key may be there, misspelt: say which unknown key it probably is.
          const object = valueAt(input, path.slice(0, -1));
          const known = objectKeysAt(root, path.slice(0, -1), input);
          const strays = object !== null && typeof object === 'object' && !Array.isArray(object) ? Object.keys(object).filter((k) => !known.includes(k)) : [];
          const near = strays.find((k) => closestName(k, [key]) === key || closestName(k.trim(), [key]) === key);
          return [{ path, message: `"${key}" is missing: one of ${options.join(', ')}${near === undefined ? '' : `; is ${quoted(near)} meant to be "${key}"?`}` }];
        }
        const near = typeof given === 'string' ? closestName(given, options) : null;
        return [{ path, message: `${shown()} is not a known ${key}${near ? `; did you mean "${near}"?` : ''} (one of ${options.join(', ')})` }];
      }
      if (typeof given === 'number' && !Number.isFinite(given)) return [{ path, message: `${shown()} is not a finite number (JSON reads it as ${given})` }];
      const branch = closestBranch(issue.errors, given);
      const custom = isCustom(issue.message);
      // A complaint about the value as a whole (a list of 2 where 3 are expected) reads best in the union's words.
      if (branch && !(custom && branch.every((i) => i.path.length === 0 && i.code !== 'unrecognized_keys' && i.code !== 'invalid_union'))) {
        return branch.flatMap((inner) => explain(inner, path, input, root, raw));
      }
      if (given === undefined) return [{ path, message: `${missing(path)}: ${custom ? issue.message : 'a value is needed'}` }];
      return [{ path, message: `${shown()}: ${custom ? issue.message : 'not a form this place takes'}` }];
    }
    case 'invalid_value': {
      const options = issue.values.map(String);
      if (given === undefined) return [{ path, message: `${missing(path)}: ${options.length === 1 ? `"${options[0]}"` : `one of ${options.join(', ')}`}` }];
      const near = typeof given === 'string' ? closestName(given, options) : null;
      if (options.length === 1) return [{ path, message: `${isCustom(issue.message) ? issue.message : `expected "${options[0]}"`}, not ${shown()}` }];
      return [{ path, message: `${shown()} is not one of ${options.join(', ')}${near ? `; did you mean "${near}"?` : ''}` }];
    }
    case 'invalid_type': {
      if (given === undefined) return [{ path, message: `${missing(path)} (${expectedWords(issue.expected)})` }];
      if (typeof given === 'number' && !Number.isFinite(given)) return [{ path, message: `${shown()} is not a finite number (JSON reads it as ${given})` }];
      return [{ path, message: `${shown()}: expected ${expectedWords(issue.expected)}` }];
    }
    case 'too_big':
    case 'too_small':
      return [{ path, message: `${shown()}: ${isCustom(issue.message) ? issue.message : sizeWords(issue, given)}` }];
    default:
      return [{ path, message: given === undefined ? issue.message : `${shown()}: ${issue.message}` }];
  }
}

/** zod's own messages start with these; ours (the schema's `error`) do not. */
const isCustom = (message: string) => !/^(Invalid|Too (big|small)|Unrecognized)/.test(message);

function missing(path: readonly PathPart[]): string {
  const last = path[path.length - 1];
  return typeof last === 'string' ? `"${last}" is missing` : 'a value is missing';
}

function expectedWords(expected: string): string {
  const words: Readonly<Record<string, string>> = {
    number: 'a number', string: 'a text in double quotes', array: 'a list [ … ]', tuple: 'a list [ … ]',
    object: 'an object { … }', record: 'an object { … }', boolean: 'true or false', nonoptional: 'a value',
  };
  return words[expected] ?? expected;
}

function sizeWords(issue: Extract<Issue, { code: 'too_big' | 'too_small' }>, given: unknown): string {
  const bound = Number(issue.code === 'too_big' ? (issue as { maximum: unknown }).maximum : (issue as { minimum: unknown }).minimum);
  const limit = issue.code === 'too_big' ? `at most ${bound}` : `at least ${bound}`;
  if (typeof given === 'string') return `${given.length} characters; ${limit}`;
  if (Array.isArray(given)) return `${given.length} item${given.length === 1 ? '' : 's'}; ${limit}`;
  return `must be ${issue.code === 'too_big' ? '≤' : '≥'} ${bound}`;
}

/** A value shown in a message: as written in the file when short, else its JSON, at most 40 characters. */
export function quote(value: unknown, written: string | undefined): string {
  let text = written !== undefined && written.length <= 40 && !/[\n\r]/.test(written) ? written : JSON.stringify(value) ?? String(value);
  if (typeof value === 'number' && !Number.isFinite(value) && written !== undefined) text = written.slice(0, 40);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/** The value at a path of the input: own properties only. */
export function valueAt(input: unknown, path: readonly PathPart[]): unknown {
  let v: unknown = input;
  for (const p of path) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, p)) return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

/** JSON kind of a value: what a union's form must at least be to fit it. */
function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/**
 * The branch of a union the value was closest to: among the branches whose complaint is not "wrong JSON kind at
 * the top", the one with the fewest complaints (each unknown key counts). Null if every branch wants another kind.
 */
function closestBranch(branches: readonly (readonly Issue[])[], given: unknown): readonly Issue[] | null {
  const kind = kindOf(given);
  let best: readonly Issue[] | null = null;
  let bestScore = Infinity;
  for (const branch of branches) {
    const wrongKind = branch.some((i) => i.path.length === 0 && i.code === 'invalid_type' && kind !== 'undefined');
    if (wrongKind || branch.length === 0) continue;
    const score = branch.reduce((n, i) => n + (i.code === 'unrecognized_keys' ? i.keys.length : 1), 0);
    if (score < bestScore) { best = branch; bestScore = score; }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// The schema at a place of the input (for the keys an object there may have)

interface Def {
  readonly type: string;
  readonly shape?: Readonly<Record<string, Schema>>;
  readonly element?: Schema;
  readonly items?: readonly Schema[];
  readonly valueType?: Schema;
  readonly options?: readonly Schema[];
  readonly discriminator?: string;
  readonly innerType?: Schema;
  readonly getter?: () => Schema;
  readonly values?: readonly unknown[];
}

const defOf = (s: Schema): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Unwraps optional, default and lazy schemas, and picks a union's form for the value. */
function resolve(schema: Schema, value: unknown): Schema {
  for (let guard = 0; guard < 32; guard++) {
    const def = defOf(schema);
    if ((def.type === 'optional' || def.type === 'default' || def.type === 'nullable') && def.innerType) schema = def.innerType;
    else if (def.type === 'lazy' && def.getter) schema = def.getter();
    else if (def.type === 'union' && def.options) schema = pickOption(def, value);
    else return schema;
  }
  return schema;
}

/** A union's form for a value: by its discriminator, else the object form sharing most keys, else by JSON kind. */
function pickOption(def: Def, value: unknown): Schema {
  const options = def.options as readonly Schema[];
  if (def.discriminator && value !== null && typeof value === 'object') {
    const tag = (value as Record<string, unknown>)[def.discriminator];
    const match = options.find((o) => {
      const field = defOf(o).shape?.[def.discriminator as string];
      return field !== undefined && (defOf(field).values ?? []).includes(tag);
    });
    if (match) return match;
  }
  const kind = kindOf(value);
  let best = options[0], bestScore = -1;
  for (const option of options) {
    const d = defOf(resolve(option, value));
    const optionKind = d.type === 'tuple' ? 'array' : d.type === 'record' ? 'object' : d.type;
    if (optionKind !== kind) continue;
    const keys = d.shape ? Object.keys(d.shape) : [];
    const score = kind === 'object' && value ? Object.keys(value as object).filter((k) => keys.includes(k)).length : 0;
    if (score > bestScore) { best = option; bestScore = score; }
  }
  return best;
}

/** The keys the object at `path` may have, read from the schema along the input. */
export function objectKeysAt(root: Schema, path: readonly PathPart[], input: unknown): string[] {
  let schema = root;
  let value = input;
  for (const part of path) {
    const def = defOf(resolve(schema, value));
    value = value !== null && typeof value === 'object' && Object.hasOwn(value, part) ? (value as Record<PropertyKey, unknown>)[part] : undefined;
    const next = def.type === 'object' ? def.shape?.[String(part)]
      : def.type === 'array' ? def.element
        : def.type === 'tuple' ? def.items?.[Number(part)]
          : def.type === 'record' ? def.valueType : undefined;
    if (!next) return [];
    schema = next;
  }
  const shape = defOf(resolve(schema, value)).shape;
  return shape ? Object.keys(shape) : [];
}
