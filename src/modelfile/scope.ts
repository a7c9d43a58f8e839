/**
 * Turning a model file's values into numbers: the scope of named values (parameters, `let`, loop variables),
 * numbers and vectors written as expressions, names with {expression} parts, and functions of time. Every
 * failure is a ModelError naming the place in the file (`joints[3].at`) and what was expected.
 */
import {
  compileJet, CONSTANTS, container, counted, evaluate, ExpressionError, FUNCTION_NAMES, isVector, mentions, parseExpression,
  scalarOfTime, spend, UnknownNameError, describeValue, type Expr, type ExprValue, type Jet, type Scope,
} from './expressions';
import { closestName } from './names';
import { keyPath } from './paths';
import { MODEL_LIMITS } from './limits';
import type { ModelDocument, NumOfTimeSpec, NumSpec, Vec3Spec, VecOfTimeSpec } from './schema';

export type Vec3 = readonly [number, number, number];

/** Parameter values by name (scalars as arrays of one), as the scenario schema holds them. */
export type ModelValues = Readonly<Record<string, readonly number[]>>;

/** A mistake in a model file: where (a path such as `bodies[2].inertia`) and what. */
export class ModelError extends Error {
  /**
   * @param textOffset where in the expression text at `path` the problem is (0-based), when it is in one.
   * @param repetition inside a repeated group: which repetition ("k = 2, side = L").
   */
  constructor(readonly path: string, readonly detail: string, readonly textOffset?: number, readonly repetition?: string) {
    super(`${path ? `${path}: ` : ''}${detail}${repetition ? ` (repetition ${repetition})` : ''}`);
  }

  /** The detail as shown to people: with the repetition when there is one. */
  get explanation(): string {
    return `${this.detail}${this.repetition ? ` (repetition ${this.repetition})` : ''}`;
  }
}

/**
 * Reads one item of the file; a mistake inside a repeated group also says in which repetition, since the same
 * text stands for many items there.
 */
export function inItem<T>(item: { readonly context: string }, read: () => T): T {
  if (!item.context) return read();
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ModelError) || error.repetition !== undefined) throw error;
    throw new ModelError(error.path, error.detail, error.textOffset, item.context);
  }
}

/** Names an expression may not define: the time variable, the constants and the functions. */
export const RESERVED_NAMES: ReadonlySet<string> = new Set(['t', ...CONSTANTS.keys(), ...FUNCTION_NAMES, 'ground']);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Throws unless `name` can be defined as a value (parameter, `let`, loop variable). */
export function checkValueName(name: string, path: string): void {
  const limit = MODEL_LIMITS.valueNameLength;
  if (name.length > limit) {
    throw new ModelError(path, `'${name.slice(0, 24)}…' has ${name.length} characters; a parameter's, let value's or loop variable's name has at most ${limit} (a parameter's name is a link key)`);
  }
  if (!IDENTIFIER.test(name)) throw new ModelError(path, `'${name.slice(0, 40)}' is not a name: letters, digits and _, not starting with a digit`);
  if (RESERVED_NAMES.has(name)) throw new ModelError(path, `'${name}' is reserved (t is time; pi, deg and the functions are built in)`);
}

/** An expression error at a path, with the names in scope offered for an unknown one. */
function expressionFailure(error: unknown, text: string, path: string, scope: Scope): ModelError {
  if (!(error instanceof ExpressionError)) throw error;
  let detail = error.message;
  let suggestion = '';
  if (error instanceof UnknownNameError) {
    if (error.unknown === 't') detail = "'t' (time) can only be used in forces, moments, motors and motions";
    else {
      const near = closestName(error.unknown, [...scope.keys(), ...CONSTANTS.keys(), ...FUNCTION_NAMES]);
      if (near) suggestion = `; did you mean '${near}'?`;
    }
  }
  const offset = Math.max(0, Math.min(error.offset, text.length));
  const shown = text.length > 60 ? `${text.slice(0, 57)}…` : text;
  const where = offset > 0 && offset < text.length ? ` at character ${offset + 1} of "${shown}"` : ` in "${shown}"`;
  return new ModelError(path, `${detail}${where}${suggestion}`, offset);
}

/** Parses an expression (memoised: a repeated group parses each text once). */
const parsed = new Map<string, Expr>();
export function parse(text: string, path: string, scope: Scope): Expr {
  const hit = parsed.get(text);
  if (hit) return hit;
  try {
    const expr = parseExpression(text);
    if (parsed.size > 10_000) parsed.clear();
    parsed.set(text, expr);
    return expr;
  } catch (error) {
    throw expressionFailure(error, text, path, scope);
  }
}

/** The value of an expression text in a scope. */
export function valueOf(text: string, scope: Scope, path: string): ExprValue {
  const expr = parse(text, path, scope);
  try {
    return evaluate(expr, scope);
  } catch (error) {
    throw expressionFailure(error, text, path, scope);
  }
}

/** A value as a message shows it: numbers, texts and truth values as they are, a list or record by what it is. */
export function messagePart(v: ExprValue): string {
  return typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? String(v) : describeValue(v);
}

function finite(x: number, path: string): number {
  if (!Number.isFinite(x)) throw new ModelError(path, `the value is ${x}, not a finite number`);
  return x;
}

/** A number written as a number or an expression. */
export function numberOf(spec: NumSpec, scope: Scope, path: string): number {
  if (typeof spec === 'number') return finite(spec, path);
  const v = valueOf(spec, scope, path);
  if (typeof v !== 'number') throw new ModelError(path, `"${spec}" is ${describeValue(v)}, not a number`);
  return finite(v, path);
}

/** A 3-vector written as three numbers/expressions or as one vector expression. */
export function vectorOf(spec: Vec3Spec, scope: Scope, path: string): Vec3 {
  if (typeof spec === 'string') {
    const v = valueOf(spec, scope, path);
    if (!isVector(v)) throw new ModelError(path, `"${spec}" is ${describeValue(v)}, not a vector of three numbers`);
    return [finite(v[0], path), finite(v[1], path), finite(v[2], path)];
  }
  return [numberOf(spec[0], scope, `${path}[0]`), numberOf(spec[1], scope, `${path}[1]`), numberOf(spec[2], scope, `${path}[2]`)];
}

/** Values given in `let`: numbers and lists/records as they are, strings as expressions. */
export function letValue(value: unknown, scope: Scope, path: string): ExprValue {
  if (typeof value === 'number') { spendAt(1, path); return finite(value, path); }
  if (typeof value === 'string') return valueOf(value, scope, path);
  if (Array.isArray(value)) return built(value.map((v, k) => letValue(v, scope, `${path}[${k}]`)), path);
  if (value !== null && typeof value === 'object') return built(recordOf(value as Record<string, unknown>, (v, k) => letValue(v, scope, keyPath(path, k)), path), path);
  throw new ModelError(path, 'expected a number, an expression, a list or a record');
}

/** Values of a repeat list: numbers, strings as labels (not expressions), lists and records of them. */
export function literalValue(value: unknown, path: string): ExprValue {
  if (typeof value === 'number') return finite(value, path);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return built(value.map((v, k) => literalValue(v, `${path}[${k}]`)), path);
  if (value !== null && typeof value === 'object') return built(recordOf(value as Record<string, unknown>, (v, k) => literalValue(v, keyPath(path, k)), path), path);
  throw new ModelError(path, 'expected a number, a string, a list or a record');
}

/** A list or record of a file's values, measured (expressions.ts container) with its mistake at `path`. */
function built<T extends readonly ExprValue[] | ExprRecordOut>(value: T, path: string): T {
  try {
    return counted(() => container(value));
  } catch (error) {
    if (error instanceof ExpressionError) throw new ModelError(path, error.message);
    throw error;
  }
}

type ExprRecordOut = Record<string, ExprValue>;

/** Spends `n` operations of the evaluation under way for work done outside an expression, its mistake at `path`. */
export function spendAt(n: number, path: string): void {
  try {
    spend(n);
  } catch (error) {
    if (error instanceof ExpressionError) throw new ModelError(path, error.message);
    throw error;
  }
}

/**
 * A record built from own keys only (a key such as __proto__ is data, never a prototype); its fields are read as
 * `r.field`, so a field's name is bounded like a value's name.
 */
function recordOf(source: Record<string, unknown>, map: (v: unknown, k: string) => ExprValue, path: string): ExprRecordOut {
  const out: ExprRecordOut = Object.create(null) as ExprRecordOut;
  const limit = MODEL_LIMITS.valueNameLength;
  for (const key of Object.keys(source)) {
    if (key.length > limit) throw new ModelError(keyPath(path, key), `a field's name has at most ${limit} characters, not ${key.length}`);
    out[key] = map(source[key], key);
  }
  return out;
}

/** A name with {expression} parts filled in: "rod {side}{k + 1}" → "rod L1". */
export function nameOf(template: string, scope: Scope, path: string): string {
  if (!template.includes('{')) return template;
  const name = template.replace(/\{([^{}]*)\}/g, (_, text: string) => {
    const v = valueOf(text, scope, path);
    if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(v);
    if (typeof v === 'string') return v;
    throw new ModelError(path, `{${text}} is ${describeValue(v)}; a name part must be a number or a string`);
  });
  if (name.includes('{') || name.includes('}')) throw new ModelError(path, `"${template}" has an unclosed { }`);
  if (name.length > MODEL_LIMITS.nameLength) {
    throw new ModelError(path, `"${template}" makes a name of ${name.length} characters; a name has at most ${MODEL_LIMITS.nameLength}`);
  }
  return name;
}

/** A scalar function of time: a number, an expression of t, or a table of (t, value) pairs. */
export function timeFunction(spec: NumOfTimeSpec, scope: Scope, path: string): (t: number) => number {
  if (typeof spec === 'number') { const c = finite(spec, path); return () => c; }
  if (typeof spec === 'string') {
    const expr = parse(spec, path, scope);
    try {
      const f = scalarOfTime(expr, scope);
      if (!mentions(expr, 't')) finite(f(0), path);
      return f;
    } catch (error) {
      throw expressionFailure(error, spec, path, scope);
    }
  }
  return tableFunction(spec.table, path);
}

/** Linear interpolation in a table of [t, v] pairs with increasing t; the end values outside. */
export function tableFunction(table: readonly (readonly [number, number])[], path: string): (t: number) => number {
  const ts = Float64Array.from(table, (p) => p[0]), vs = Float64Array.from(table, (p) => p[1]);
  for (let i = 0; i < ts.length; i++) {
    finite(ts[i], `${path}.table[${i}][0]`); finite(vs[i], `${path}.table[${i}][1]`);
    if (i > 0 && !(ts[i] > ts[i - 1])) throw new ModelError(`${path}.table[${i}]`, `t = ${ts[i]} does not increase (the row before has ${ts[i - 1]})`);
  }
  const last = ts.length - 1;
  let k = 0;
  return (t) => {
    if (t <= ts[0]) return vs[0];
    if (t >= ts[last]) return vs[last];
    // Start from the last interval used: runs ask for nearby times.
    while (k > 0 && t < ts[k]) k--;
    while (k < last - 1 && t >= ts[k + 1]) k++;
    const s = (t - ts[k]) / (ts[k + 1] - ts[k]);
    return vs[k] + s * (vs[k + 1] - vs[k]);
  };
}

/** A vector function of time writing into out (the solver's VectorOfTime). */
export function vectorTimeFunction(spec: VecOfTimeSpec, scope: Scope, path: string): (t: number, out: Float64Array) => void {
  if (typeof spec === 'string') {
    const expr = parse(spec, path, scope);
    if (expr.kind === 'list' && expr.items.length === 3) {
      const [x, y, z] = expr.items.map((item, k) => {
        try {
          return scalarOfTime(item, scope);
        } catch (error) {
          throw expressionFailure(error, spec, `${path}[${k}]`, scope);
        }
      });
      return (t, out) => { out[0] = x(t); out[1] = y(t); out[2] = z(t); };
    }
    if (mentions(expr, 't')) throw new ModelError(path, `write a vector of t as three parts, ["…", "…", "…"], not "${spec}"`);
    const v = vectorOf(spec, scope, path);
    return (_t, out) => { out[0] = v[0]; out[1] = v[1]; out[2] = v[2]; };
  }
  const [x, y, z] = spec.map((part, k) => timeFunction(part, scope, `${path}[${k}]`));
  return (t, out) => { out[0] = x(t); out[1] = y(t); out[2] = z(t); };
}

/** An angle of time in degrees as radians with its two derivatives (prescribed motions need θ̇ and θ̈). */
export function angleJet(spec: NumOfTimeSpec, scope: Scope, path: string): (t: number) => Jet {
  const toRad = Math.PI / 180;
  if (typeof spec === 'string') {
    const expr = parse(spec, path, scope);
    let f: (t: number) => Jet;
    try {
      f = compileJet(expr, scope);
    } catch (error) {
      throw expressionFailure(error, spec, path, scope);
    }
    return (t) => { const j = f(t); return [j[0] * toRad, j[1] * toRad, j[2] * toRad]; };
  }
  if (typeof spec === 'number') { const c = finite(spec, path) * toRad; return () => [c, 0, 0]; }
  // A table: piecewise linear angle, its slope as the rate, no acceleration inside a piece.
  const f = tableFunction(spec.table, path);
  const ts = spec.table.map((p) => p[0]);
  return (t) => {
    let k = 0;
    while (k < ts.length - 2 && t >= ts[k + 1]) k++;
    const slope = t <= ts[0] || t >= ts[ts.length - 1] ? 0 : (spec.table[k + 1][1] - spec.table[k][1]) / (ts[k + 1] - ts[k]);
    return [f(t) * toRad, slope * toRad, 0];
  };
}

/**
 * A few names over a scope (a repetition's loop variables and its group's `let`): looked up here first, then
 * below. Adding names never copies the scope below, so a file's `let` entries and a group's copies cost what
 * they add, not the size of what they stand on.
 */
export class ScopeLayer implements Scope {
  readonly own = new Map<string, ExprValue>();

  constructor(private readonly below: Scope, entries: Iterable<readonly [string, ExprValue]> = []) {
    for (const [k, v] of entries) this.own.set(k, v);
  }

  get(name: string): ExprValue | undefined {
    return this.own.has(name) ? this.own.get(name) : this.below.get(name);
  }

  has(name: string): boolean {
    return this.own.has(name) || this.below.has(name);
  }

  *keys(): IterableIterator<string> {
    yield* this.own.keys();
    for (const k of this.below.keys()) if (!this.own.has(k)) yield k;
  }
}

/** A new scope with more names (loop variables, group `let`): a layer over `scope`, which is not copied. */
export function extend(scope: Scope, entries: Iterable<readonly [string, ExprValue]>): ScopeLayer {
  return new ScopeLayer(scope, entries);
}

/**
 * The scope of a document: its parameters (values given, else the file's) and its `let`, in order. One map,
 * filled as it goes (each `let` entry is evaluated before it is added, so it sees exactly the names before it),
 * and one counted evaluation.
 */
export function documentScope(doc: ModelDocument, values: ModelValues): Map<string, ExprValue> {
  return counted(() => {
    const scope = new Map<string, ExprValue>();
    for (const [name, param] of Object.entries(doc.parameters ?? {})) {
      checkValueName(name, keyPath('parameters', name));
      const given = Object.hasOwn(values, name) ? values[name] : undefined;
      const v = given ?? (typeof param.value === 'number' ? [param.value] : param.value);
      scope.set(name, v.length === 1 ? v[0] : [v[0], v[1], v[2]]);
    }
    for (const [name, value] of Object.entries(doc.let ?? {})) {
      const path = keyPath('let', name);
      checkValueName(name, path);
      if (scope.has(name)) throw new ModelError(path, `'${name}' is already a parameter`);
      scope.set(name, letValue(value, scope, path));
    }
    return scope;
  });
}
