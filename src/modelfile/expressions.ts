/**
 * The model file's expressions: numbers that people compute rather than type ("rodLength / 3",
 * "cross(omega0, xcm)", "torque * min(t / ramp, 1)"). A small C-like language over numbers,
 * 3-vectors, strings, lists and records, parsed once (Pratt parser) and evaluated either once at
 * set-up (parameters, derived values, geometry) or, where a field depends on time `t`, compiled into a
 * closure that the solver calls in its loop.
 *
 * Every operation is one IEEE double operation in a fixed order, the same as the TypeScript a person
 * would write: `a + s * b` on vectors is a[i] + s·b[i] per component, `dot` sums left to right. So a
 * model written as a file computes the same bits as the same model written in code.
 *
 * Grammar (lowest precedence first):
 *   cond ? a : b  ·  ||  ·  &&  ·  == !=  ·  < <= > >=  ·  + -  ·  * / %  ·  unary - + !  ·  ^ (right)  ·
 *   postfix call f(…), index a[i], member a.b (a.x, a.y, a.z on vectors)  ·
 *   number, name, 'string' or "string", [a, b, c] (a vector when three numbers, else a list), ( … )
 * `+` also joins texts ('rod ' + (k + 1)), so a name can be chosen by a condition.
 */
import * as exact from '../solver/exactMath';
import { MODEL_LIMITS } from './limits';

/** A value an expression can have. Vectors are lists of three numbers. */
export type ExprValue = number | string | boolean | readonly ExprValue[] | ExprRecord;
export interface ExprRecord { readonly [key: string]: ExprValue }

/** Where in the text an error was found (0-based offset) and what is wrong. */
export class ExpressionError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------
// Tokens

type TokenKind = 'number' | 'name' | 'string' | 'op' | 'end';
interface Token { readonly kind: TokenKind; readonly text: string; readonly offset: number; readonly value?: number }

const OPERATORS = ['&&', '||', '==', '!=', '<=', '>=', '+', '-', '*', '/', '%', '^', '<', '>', '!', '?', ':', '(', ')', '[', ']', ',', '.'];

/** Longest expression text accepted (a file is bounded as a whole too). */
export const MAX_EXPRESSION_LENGTH = MODEL_LIMITS.expressionLength;
/** Deepest nesting of sub-expressions, so a hostile text cannot exhaust the stack. */
const MAX_DEPTH = MODEL_LIMITS.expressionDepth;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') { i++; continue; }
    const number = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 64));
    if (number) {
      tokens.push({ kind: 'number', text: number[0], offset: i, value: Number(number[0]) });
      i += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i, i + 128));
    if (name) {
      tokens.push({ kind: 'name', text: name[0], offset: i });
      i += name[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      if (end < 0) throw new ExpressionError('a string is not closed', i);
      tokens.push({ kind: 'string', text: text.slice(i + 1, end), offset: i });
      i = end + 1;
      continue;
    }
    // U+2212 minus, as people paste it from slides.
    if (c === '\u2212') { tokens.push({ kind: 'op', text: '-', offset: i }); i++; continue; }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (!op) throw new ExpressionError(`unexpected character '${c}'`, i);
    tokens.push({ kind: 'op', text: op, offset: i });
    i += op.length;
  }
  tokens.push({ kind: 'end', text: '', offset: text.length });
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// Syntax tree

export type Expr =
  | { readonly kind: 'number'; readonly value: number; readonly offset: number }
  | { readonly kind: 'string'; readonly value: string; readonly offset: number }
  | { readonly kind: 'name'; readonly name: string; readonly offset: number }
  | { readonly kind: 'list'; readonly items: readonly Expr[]; readonly offset: number }
  | { readonly kind: 'unary'; readonly op: string; readonly arg: Expr; readonly offset: number }
  | { readonly kind: 'binary'; readonly op: string; readonly left: Expr; readonly right: Expr; readonly offset: number }
  | { readonly kind: 'cond'; readonly test: Expr; readonly then: Expr; readonly otherwise: Expr; readonly offset: number }
  | { readonly kind: 'call'; readonly name: string; readonly args: readonly Expr[]; readonly offset: number }
  | { readonly kind: 'index'; readonly target: Expr; readonly index: Expr; readonly offset: number }
  | { readonly kind: 'member'; readonly target: Expr; readonly name: string; readonly offset: number };

const BINARY_PRECEDENCE: Readonly<Record<string, number>> = {
  '||': 2, '&&': 3, '==': 4, '!=': 4, '<': 5, '<=': 5, '>': 5, '>=': 5, '+': 6, '-': 6, '*': 7, '/': 7, '%': 7,
};
const UNARY_PRECEDENCE = 8;
const POWER_PRECEDENCE = 9;

class Parser {
  private at = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token { return this.tokens[this.at]; }
  private next(): Token { return this.tokens[this.at++]; }
  private isOp(text: string): boolean { const t = this.peek(); return t.kind === 'op' && t.text === text; }
  private expect(text: string): void {
    const t = this.next();
    if (t.kind !== 'op' || t.text !== text) throw new ExpressionError(`expected '${text}'${t.kind === 'end' ? ' before the end' : ` but found '${t.text}'`}`, t.offset);
  }

  parseAll(): Expr {
    const expr = this.expression(0);
    const t = this.peek();
    if (t.kind !== 'end') throw new ExpressionError(`unexpected '${t.text}'`, t.offset);
    return expr;
  }

  private expression(min: number): Expr {
    if (++this.depth > MAX_DEPTH) throw new ExpressionError('the expression is nested too deeply', this.peek().offset);
    let left = this.prefix();
    for (;;) {
      const t = this.peek();
      if (t.kind !== 'op') break;
      if (t.text === '?' && min <= 1) {
        this.next();
        const then = this.expression(1);
        this.expect(':');
        const otherwise = this.expression(1);
        left = { kind: 'cond', test: left, then, otherwise, offset: t.offset };
        continue;
      }
      if (t.text === '^' && POWER_PRECEDENCE >= min) {
        this.next();
        left = { kind: 'binary', op: '^', left, right: this.expression(POWER_PRECEDENCE), offset: t.offset };
        continue;
      }
      const p = BINARY_PRECEDENCE[t.text];
      if (p === undefined || p < min) break;
      this.next();
      left = { kind: 'binary', op: t.text, left, right: this.expression(p + 1), offset: t.offset };
    }
    this.depth--;
    return left;
  }

  private prefix(): Expr {
    const t = this.peek();
    if (t.kind === 'op' && (t.text === '-' || t.text === '+' || t.text === '!')) {
      this.next();
      return this.postfix({ kind: 'unary', op: t.text, arg: this.expression(UNARY_PRECEDENCE), offset: t.offset });
    }
    return this.postfix(this.primary());
  }

  private primary(): Expr {
    const t = this.next();
    switch (t.kind) {
      case 'number': return { kind: 'number', value: t.value as number, offset: t.offset };
      case 'string': return { kind: 'string', value: t.text, offset: t.offset };
      case 'name':
        if (this.isOp('(')) {
          this.next();
          return { kind: 'call', name: t.text, args: this.list(')'), offset: t.offset };
        }
        return { kind: 'name', name: t.text, offset: t.offset };
      case 'op':
        if (t.text === '(') {
          const inner = this.expression(0);
          this.expect(')');
          return inner;
        }
        if (t.text === '[') return { kind: 'list', items: this.list(']'), offset: t.offset };
        break;
      default:
        break;
    }
    throw new ExpressionError(t.kind === 'end' ? 'the expression ends too early' : `unexpected '${t.text}'`, t.offset);
  }

  private list(close: string): Expr[] {
    const items: Expr[] = [];
    if (this.isOp(close)) { this.next(); return items; }
    for (;;) {
      items.push(this.expression(0));
      if (this.isOp(',')) { this.next(); continue; }
      this.expect(close);
      return items;
    }
  }

  private postfix(expr: Expr): Expr {
    for (;;) {
      const t = this.peek();
      if (t.kind === 'op' && t.text === '[') {
        this.next();
        const index = this.expression(0);
        this.expect(']');
        expr = { kind: 'index', target: expr, index, offset: t.offset };
      } else if (t.kind === 'op' && t.text === '.') {
        this.next();
        const name = this.next();
        if (name.kind !== 'name') throw new ExpressionError('expected a name after \'.\'', name.offset);
        expr = { kind: 'member', target: expr, name: name.text, offset: t.offset };
      } else {
        return expr;
      }
    }
  }
}

/** Parses an expression; throws ExpressionError with the offset of the problem. */
export function parseExpression(text: string): Expr {
  if (text.length > MAX_EXPRESSION_LENGTH) throw new ExpressionError(`the expression has ${text.length} characters (limit ${MAX_EXPRESSION_LENGTH})`, 0);
  return new Parser(tokenize(text)).parseAll();
}

// ---------------------------------------------------------------------------------------------
// Values

export const isVector = (v: ExprValue): v is readonly [number, number, number] =>
  Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === 'number');

export function describeValue(v: ExprValue): string {
  if (typeof v === 'number') return 'a number';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'boolean') return 'a truth value';
  if (isVector(v)) return 'a vector';
  if (Array.isArray(v)) return `a list of ${v.length}`;
  return 'a record';
}

/**
 * Named values an expression can see; looked up with own-property checks only. A Map is one; so is a layer of a
 * few names over another scope (scope.ts ScopeLayer), which adds names without copying the scope below.
 */
export interface Scope {
  get(name: string): ExprValue | undefined;
  has(name: string): boolean;
  keys(): IterableIterator<string>;
}

/** Constants every expression sees. `deg` converts degrees to radians: `30 * deg`. */
export const CONSTANTS: ReadonlyMap<string, ExprValue> = new Map<string, ExprValue>([
  ['pi', Math.PI],
  ['deg', Math.PI / 180],
]);

// ---------------------------------------------------------------------------------------------
// Counted work (docs/model-format.md "Limits")

/** Operations one evaluation may count. */
export const MAX_OPERATIONS = MODEL_LIMITS.operations;
/** Items one value may hold, its lists' items counted at every level. */
export const MAX_VALUE_ITEMS = MODEL_LIMITS.valueItems;
/** Levels of lists within lists (and records) one value may have. */
const MAX_VALUE_DEPTH = MODEL_LIMITS.depth;

/** Evaluation ran out of operations: the file asks for more work than any model needs. */
export class WorkLimitError extends ExpressionError {
  constructor(offset: number) {
    super(`the model needs more than ${MAX_OPERATIONS} operations to evaluate, the limit of a model file (lists that double at every step, or many long expressions, reach it)`, offset);
  }
}

/** The operations left to the evaluation under way; `open` counts nested `counted` calls (they share one budget). */
const meter = { left: 0, open: 0 };

/**
 * Runs `work` as one evaluation with MAX_OPERATIONS to spend, or as part of the evaluation already under way (a
 * file's reading shares one budget across its `let`, groups, bodies, joints and loads). Synchronous only.
 */
export function counted<T>(work: () => T): T {
  if (meter.open === 0) meter.left = MAX_OPERATIONS;
  meter.open++;
  try {
    return work();
  } finally {
    meter.open--;
  }
}

/**
 * Spends `n` operations of the evaluation under way; throws WorkLimitError (at `offset`) when none are left.
 * Outside an evaluation (no `counted` open) there is nothing to spend from: every entry point opens one.
 */
export function spend(n: number, offset = 0): void {
  if (meter.open === 0) return;
  meter.left -= n;
  if (meter.left < 0) throw new WorkLimitError(offset);
}

/** The operations `work` counts as one evaluation of its own (for tests and the documentation's figures). */
export function operationsOf(work: () => unknown): number {
  if (meter.open > 0) throw new Error('operationsOf: an evaluation is already under way');
  counted(work);
  return MAX_OPERATIONS - meter.left;
}

/** True once the evaluation under way has run out (an error then must not be mistaken for another). */
export function outOfWork(): boolean {
  return meter.open > 0 && meter.left < 0;
}

/** Items and depth of every list and record built here, recorded once when it is built. */
const measured = new WeakMap<object, { readonly items: number; readonly depth: number }>();

/** What a value holds: 1 for a number, text or truth value; a list or record counts itself and its items. */
function measure(v: ExprValue): { readonly items: number; readonly depth: number } {
  if (v === null || typeof v !== 'object') return { items: 1, depth: 0 };
  const known = measured.get(v);
  if (known) return known;
  // A container built outside this module without container() (a vector of three numbers): measured once now.
  let items = 1, depth = 0;
  for (const child of Array.isArray(v) ? v : Object.values(v)) {
    const m = measure(child);
    items += m.items;
    depth = Math.max(depth, m.depth);
  }
  const found = { items, depth: depth + 1 };
  measured.set(v, found);
  return found;
}

/**
 * Records a list or record as it is built from values already built (so its size is known from its items'
 * without walking them again); throws when it holds more than MAX_VALUE_ITEMS or is nested deeper than
 * MAX_VALUE_DEPTH.
 */
export function container<T extends readonly ExprValue[] | ExprRecord>(built: T, offset = 0): T {
  let items = 1, depth = 0;
  for (const child of Array.isArray(built) ? built : Object.values(built)) {
    const m = measure(child);
    items += m.items;
    depth = Math.max(depth, m.depth);
  }
  spend(1 + (Array.isArray(built) ? built.length : 0), offset);
  if (items > MAX_VALUE_ITEMS) throw new ExpressionError(`this value would hold more than ${MAX_VALUE_ITEMS} items (its lists' items counted); the limit is ${MAX_VALUE_ITEMS}`, offset);
  if (depth + 1 > MAX_VALUE_DEPTH) throw new ExpressionError(`this value would nest lists more than ${MAX_VALUE_DEPTH} levels deep; the limit is ${MAX_VALUE_DEPTH}`, offset);
  measured.set(built, { items, depth: depth + 1 });
  return built;
}

// ---------------------------------------------------------------------------------------------
// Static evaluation (set-up time)

type Vec = readonly [number, number, number];

function num(v: ExprValue, what: string, offset: number): number {
  if (typeof v !== 'number') throw new ExpressionError(`${what} must be a number, not ${describeValue(v)}`, offset);
  return v;
}

function elementwise(op: string, a: ExprValue, b: ExprValue, offset: number): ExprValue {
  if (op === '+' && (typeof a === 'string' || typeof b === 'string') && (typeof a === 'string' || typeof a === 'number') && (typeof b === 'string' || typeof b === 'number')) {
    const text = `${a}${b}`;
    spend(text.length >> 6, offset);
    if (text.length > MAX_EXPRESSION_LENGTH) throw new ExpressionError(`joining texts gives ${text.length} characters; a text has at most ${MAX_EXPRESSION_LENGTH}`, offset);
    return text;
  }
  const f = ARITHMETIC[op];
  if (typeof a === 'number' && typeof b === 'number') return f(a, b);
  if (isVector(a) && isVector(b) && (op === '+' || op === '-')) return [f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2])];
  if (typeof a === 'number' && isVector(b) && op === '*') return [f(a, b[0]), f(a, b[1]), f(a, b[2])];
  if (isVector(a) && typeof b === 'number' && (op === '*' || op === '/')) return [f(a[0], b), f(a[1], b), f(a[2], b)];
  throw new ExpressionError(`cannot apply '${op}' to ${describeValue(a)} and ${describeValue(b)}`, offset);
}

const ARITHMETIC: Readonly<Record<string, (a: number, b: number) => number>> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '%': (a, b) => a % b,
};

/**
 * x^n: repeated products for small whole exponents, the solver's engine-independent pow otherwise (Math.pow's
 * last bit differs between engines: docs/architecture.md, "Web = CLI to the bit").
 */
export function power(x: number, n: number): number {
  if (Number.isInteger(n) && Math.abs(n) <= 16) {
    let r = 1;
    for (let k = 0; k < Math.abs(n); k++) r = k === 0 ? x : r * x;
    return n < 0 ? 1 / r : r;
  }
  return exact.pow(x, n);
}

/** a · b, summed left to right. */
export const dot3 = (a: Vec, b: Vec): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
/** a × b. */
export const cross3 = (a: Vec, b: Vec): Vec => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

type StaticFunction = (args: readonly ExprValue[], offset: number) => ExprValue;

function scalarFunction(name: string, f: (...x: number[]) => number, arity: number): StaticFunction {
  return (args, offset) => {
    if (args.length !== arity) throw new ExpressionError(`${name}() takes ${arity} argument${arity === 1 ? '' : 's'}, not ${args.length}`, offset);
    return f(...args.map((a, k) => num(a, `argument ${k + 1} of ${name}()`, offset)));
  };
}

function vectorArgs(name: string, args: readonly ExprValue[], arity: number, offset: number): Vec[] {
  if (args.length !== arity) throw new ExpressionError(`${name}() takes ${arity} vector${arity === 1 ? '' : 's'}, not ${args.length} arguments`, offset);
  return args.map((a, k) => {
    if (!isVector(a)) throw new ExpressionError(`argument ${k + 1} of ${name}() must be a vector, not ${describeValue(a)}`, offset);
    return a;
  });
}

/**
 * ADAMS' STEP: 0 before x0, 1 after x1, a cubic 3s² − 2s³ between (s = (x − x0)/(x1 − x0)), scaled to run from
 * h0 to h1: a smooth ramp for forces that switch on.
 */
export function smoothStep(x: number, x0: number, h0: number, x1: number, h1: number): number {
  if (x <= x0) return h0;
  if (x >= x1) return h1;
  const s = (x - x0) / (x1 - x0);
  return h0 + (h1 - h0) * s * s * (3 - 2 * s);
}

const STATIC_FUNCTIONS: ReadonlyMap<string, StaticFunction> = new Map<string, StaticFunction>([
  ['sin', scalarFunction('sin', exact.sin, 1)],
  ['cos', scalarFunction('cos', exact.cos, 1)],
  ['tan', scalarFunction('tan', exact.tan, 1)],
  ['asin', scalarFunction('asin', exact.asin, 1)],
  ['acos', scalarFunction('acos', exact.acos, 1)],
  ['atan', scalarFunction('atan', exact.atan, 1)],
  ['atan2', scalarFunction('atan2', exact.atan2, 2)],
  ['sqrt', scalarFunction('sqrt', Math.sqrt, 1)],
  ['abs', scalarFunction('abs', Math.abs, 1)],
  ['exp', scalarFunction('exp', exact.exp, 1)],
  ['log', scalarFunction('log', exact.log, 1)],
  ['floor', scalarFunction('floor', Math.floor, 1)],
  ['ceil', scalarFunction('ceil', Math.ceil, 1)],
  ['round', scalarFunction('round', Math.round, 1)],
  ['sign', scalarFunction('sign', Math.sign, 1)],
  ['step', scalarFunction('step', smoothStep, 5)],
  ['min', (args, offset) => {
    if (args.length < 1) throw new ExpressionError('min() needs at least one argument', offset);
    return Math.min(...args.map((a, k) => num(a, `argument ${k + 1} of min()`, offset)));
  }],
  ['max', (args, offset) => {
    if (args.length < 1) throw new ExpressionError('max() needs at least one argument', offset);
    return Math.max(...args.map((a, k) => num(a, `argument ${k + 1} of max()`, offset)));
  }],
  ['dot', (args, offset) => { const [a, b] = vectorArgs('dot', args, 2, offset); return dot3(a, b); }],
  ['cross', (args, offset) => { const [a, b] = vectorArgs('cross', args, 2, offset); return cross3(a, b); }],
  ['norm', (args, offset) => { const [a] = vectorArgs('norm', args, 1, offset); return Math.sqrt(dot3(a, a)); }],
  ['unit', (args, offset) => {
    const [a] = vectorArgs('unit', args, 1, offset);
    const n = Math.sqrt(dot3(a, a));
    if (n === 0) throw new ExpressionError('unit() of a zero vector', offset);
    return [a[0] / n, a[1] / n, a[2] / n];
  }],
  ['len', (args, offset) => {
    if (args.length !== 1 || !Array.isArray(args[0])) throw new ExpressionError('len() takes one list', offset);
    return (args[0] as readonly ExprValue[]).length;
  }],
]);

/** Names of the functions, for "did you mean" suggestions and the documentation. */
export const FUNCTION_NAMES: readonly string[] = [...STATIC_FUNCTIONS.keys()];

const COMPONENTS: Readonly<Record<string, number>> = { x: 0, y: 1, z: 2 };

function lookup(scope: Scope, name: string, offset: number): ExprValue {
  const v = scope.get(name) ?? CONSTANTS.get(name);
  if (v === undefined) throw new UnknownNameError(name, offset);
  return v;
}

/** A name that is not defined; the caller may add a suggestion from the names it knows. */
export class UnknownNameError extends ExpressionError {
  constructor(readonly unknown: string, offset: number) {
    super(`unknown name '${unknown}'`, offset);
  }
}

function truth(v: ExprValue, offset: number): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  throw new ExpressionError(`${describeValue(v)} is not a condition`, offset);
}

/** Whole lists compared item by item (every pair counted: a list's size is bounded, its comparisons are counted). */
function same(a: ExprValue, b: ExprValue, offset: number): boolean {
  spend(1, offset);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, k) => same(x, b[k], offset));
  return a === b;
}

/** Evaluates an expression once, in a scope of named values: one evaluation (counted), or part of the one under way. */
export function evaluate(expr: Expr, scope: Scope): ExprValue {
  return counted(() => evaluateNode(expr, scope));
}

function evaluateNode(expr: Expr, scope: Scope): ExprValue {
  spend(1, expr.offset);
  switch (expr.kind) {
    case 'number': return expr.value;
    case 'string': return expr.value;
    case 'name': return lookup(scope, expr.name, expr.offset);
    case 'list': return container(expr.items.map((item) => evaluateNode(item, scope)), expr.offset);
    case 'unary': {
      const v = evaluateNode(expr.arg, scope);
      if (expr.op === '!') return !truth(v, expr.offset);
      if (expr.op === '+') return isVector(v) ? v : num(v, 'the operand of +', expr.offset);
      if (isVector(v)) return [-v[0], -v[1], -v[2]];
      return -num(v, 'the operand of -', expr.offset);
    }
    case 'binary': return binary(expr.op, expr.left, expr.right, scope, expr.offset);
    case 'cond': return truth(evaluateNode(expr.test, scope), expr.offset) ? evaluateNode(expr.then, scope) : evaluateNode(expr.otherwise, scope);
    case 'call': {
      const f = STATIC_FUNCTIONS.get(expr.name);
      if (!f) throw new UnknownNameError(expr.name, expr.offset);
      return f(expr.args.map((a) => evaluateNode(a, scope)), expr.offset);
    }
    case 'index': {
      const target = evaluateNode(expr.target, scope);
      const i = num(evaluateNode(expr.index, scope), 'an index', expr.offset);
      if (!Array.isArray(target)) throw new ExpressionError(`cannot index ${describeValue(target)}`, expr.offset);
      if (!Number.isInteger(i) || i < 0 || i >= target.length) {
        throw new ExpressionError(`index ${i} is outside 0 … ${target.length - 1}`, expr.offset);
      }
      return target[i];
    }
    case 'member': {
      const target = evaluateNode(expr.target, scope);
      if (isVector(target) && Object.hasOwn(COMPONENTS, expr.name)) return target[COMPONENTS[expr.name]];
      if (target !== null && typeof target === 'object' && !Array.isArray(target) && Object.hasOwn(target, expr.name)) {
        return (target as ExprRecord)[expr.name];
      }
      throw new ExpressionError(`${describeValue(target)} has no field '${expr.name}'`, expr.offset);
    }
  }
}

function binary(op: string, leftExpr: Expr, rightExpr: Expr, scope: Scope, offset: number): ExprValue {
  if (op === '&&') return truth(evaluateNode(leftExpr, scope), offset) && truth(evaluateNode(rightExpr, scope), offset);
  if (op === '||') return truth(evaluateNode(leftExpr, scope), offset) || truth(evaluateNode(rightExpr, scope), offset);
  const a = evaluateNode(leftExpr, scope), b = evaluateNode(rightExpr, scope);
  switch (op) {
    case '==': return same(a, b, offset);
    case '!=': return !same(a, b, offset);
    case '<': return num(a, 'the left side of <', offset) < num(b, 'the right side of <', offset);
    case '<=': return num(a, 'the left side of <=', offset) <= num(b, 'the right side of <=', offset);
    case '>': return num(a, 'the left side of >', offset) > num(b, 'the right side of >', offset);
    case '>=': return num(a, 'the left side of >=', offset) >= num(b, 'the right side of >=', offset);
    case '^': return power(num(a, 'the base of ^', offset), num(b, 'the exponent of ^', offset));
    default: return elementwise(op, a, b, offset);
  }
}

/** Whether each sub-expression mentions `t`, found once per syntax tree (time functions ask at every node). */
const mentionsTime = new WeakMap<Expr, boolean>();

/** True if the expression mentions `name` as a variable (e.g. `t`). */
export function mentions(expr: Expr, name: string): boolean {
  if (name !== 't') return mentionsUncached(expr, name);
  const known = mentionsTime.get(expr);
  if (known !== undefined) return known;
  const found = mentionsUncached(expr, name);
  mentionsTime.set(expr, found);
  return found;
}

function mentionsUncached(expr: Expr, name: string): boolean {
  const m = (e: Expr) => mentions(e, name);
  switch (expr.kind) {
    case 'name': return expr.name === name;
    case 'number': case 'string': return false;
    case 'list': return expr.items.some(m);
    case 'unary': return m(expr.arg);
    case 'binary': return m(expr.left) || m(expr.right);
    case 'cond': return m(expr.test) || m(expr.then) || m(expr.otherwise);
    case 'call': return expr.args.some(m);
    case 'index': return m(expr.target) || m(expr.index);
    case 'member': return m(expr.target);
  }
}

/** Every name an expression reads (not the functions it calls, not a record's fields). */
export function namesIn(expr: Expr, into: Set<string> = new Set()): Set<string> {
  switch (expr.kind) {
    case 'name': into.add(expr.name); break;
    case 'number': case 'string': break;
    case 'list': for (const e of expr.items) namesIn(e, into); break;
    case 'unary': namesIn(expr.arg, into); break;
    case 'binary': namesIn(expr.left, into); namesIn(expr.right, into); break;
    case 'cond': namesIn(expr.test, into); namesIn(expr.then, into); namesIn(expr.otherwise, into); break;
    case 'call': for (const e of expr.args) namesIn(e, into); break;
    case 'index': namesIn(expr.target, into); namesIn(expr.index, into); break;
    case 'member': namesIn(expr.target, into); break;
  }
  return into;
}

// ---------------------------------------------------------------------------------------------
// Functions of time (evaluated in the solver's loop)

/**
 * A value and its first two time derivatives, (f, ḟ, f̈): forward-mode differentiation, so a prescribed
 * motion written as an angle θ(t) also gives θ̇ and θ̈ exactly (FreeDyn notes: G(q, t) needs G_t and G_tt).
 */
export type Jet = readonly [number, number, number];

const jetConst = (c: number): Jet => [c, 0, 0];

function jetMul(a: Jet, b: Jet): Jet {
  return [a[0] * b[0], a[1] * b[0] + a[0] * b[1], a[2] * b[0] + 2 * a[1] * b[1] + a[0] * b[2]];
}

function jetDiv(a: Jet, b: Jet): Jet {
  const q = a[0] / b[0];
  const q1 = (a[1] - q * b[1]) / b[0];
  const q2 = (a[2] - 2 * q1 * b[1] - q * b[2]) / b[0];
  return [q, q1, q2];
}

/** f(g(t)) with f, f′, f″ at g. */
function jetChain(g: Jet, f: number, f1: number, f2: number): Jet {
  return [f, f1 * g[1], f2 * g[1] * g[1] + f1 * g[2]];
}

type JetFunction = (args: readonly Jet[], offset: number) => Jet;

function unaryJet(name: string, f: (x: number) => [number, number, number]): [string, JetFunction] {
  return [name, (args, offset) => {
    if (args.length !== 1) throw new ExpressionError(`${name}() takes 1 argument, not ${args.length}`, offset);
    const g = args[0];
    const [v, d1, d2] = f(g[0]);
    return jetChain(g, v, d1, d2);
  }];
}

const JET_FUNCTIONS: ReadonlyMap<string, JetFunction> = new Map<string, JetFunction>([
  unaryJet('sin', (x) => { const s = exact.sin(x); return [s, exact.cos(x), -s]; }),
  unaryJet('cos', (x) => { const c = exact.cos(x); return [c, -exact.sin(x), -c]; }),
  unaryJet('exp', (x) => { const e = exact.exp(x); return [e, e, e]; }),
  unaryJet('sqrt', (x) => { const s = Math.sqrt(x); return [s, 0.5 / s, -0.25 / (s * x)]; }),
  unaryJet('abs', (x) => [Math.abs(x), Math.sign(x), 0]),
  ['min', (args) => args.reduce((a, b) => (b[0] < a[0] ? b : a))],
  ['max', (args) => args.reduce((a, b) => (b[0] > a[0] ? b : a))],
  ['step', (args, offset) => {
    if (args.length !== 5) throw new ExpressionError(`step() takes 5 arguments, not ${args.length}`, offset);
    const [x, x0, h0, x1, h1] = args;
    if (x[0] <= x0[0]) return h0;
    if (x[0] >= x1[0]) return h1;
    // Constant ends: s = (x − x0)/(x1 − x0), f = h0 + (h1 − h0)(3s² − 2s³).
    const w = x1[0] - x0[0], dh = h1[0] - h0[0];
    const s = (x[0] - x0[0]) / w;
    const f = h0[0] + dh * s * s * (3 - 2 * s);
    const fs = (dh * 6 * s * (1 - s)) / w;
    const fss = (dh * (6 - 12 * s)) / (w * w);
    return jetChain(x, f, fs, fss);
  }],
]);

/**
 * What one node of a function of time counts: a closure kept for the whole run (memory), not a step done once,
 * so a file of 20,000 long forces of t is refused before it holds hundreds of megabytes.
 */
const COMPILED_NODE_OPERATIONS = 8;

/**
 * Compiles a scalar expression of time into a jet-valued closure: everything that does not depend on
 * `t` is evaluated once now; `t` is the only variable left.
 */
export function compileJet(expr: Expr, scope: Scope): (t: number) => Jet {
  return counted(() => jetNode(expr, scope));
}

function jetNode(expr: Expr, scope: Scope): (t: number) => Jet {
  spend(COMPILED_NODE_OPERATIONS, expr.offset);
  if (!mentions(expr, 't')) {
    const c = num(evaluateNode(expr, scope), 'this value', expr.offset);
    const jet = jetConst(c);
    return () => jet;
  }
  switch (expr.kind) {
    case 'name': return (t) => [t, 1, 0];
    case 'unary': {
      if (expr.op !== '-' && expr.op !== '+') throw new ExpressionError(`'${expr.op}' cannot apply to a function of t`, expr.offset);
      const a = jetNode(expr.arg, scope);
      if (expr.op === '+') return a;
      return (t) => { const v = a(t); return [-v[0], -v[1], -v[2]]; };
    }
    case 'binary': {
      const a = jetNode(expr.left, scope), b = jetNode(expr.right, scope);
      switch (expr.op) {
        case '+': return (t) => { const x = a(t), y = b(t); return [x[0] + y[0], x[1] + y[1], x[2] + y[2]]; };
        case '-': return (t) => { const x = a(t), y = b(t); return [x[0] - y[0], x[1] - y[1], x[2] - y[2]]; };
        case '*': return (t) => jetMul(a(t), b(t));
        case '/': return (t) => jetDiv(a(t), b(t));
        case '^': {
          if (mentions(expr.right, 't')) throw new ExpressionError('an exponent cannot depend on t', expr.offset);
          const n = num(evaluateNode(expr.right, scope), 'the exponent of ^', expr.offset);
          return (t) => { const x = a(t); return jetChain(x, power(x[0], n), n * power(x[0], n - 1), n * (n - 1) * power(x[0], n - 2)); };
        }
        default: throw new ExpressionError(`'${expr.op}' cannot apply to a function of t here`, expr.offset);
      }
    }
    case 'cond': {
      const test = conditionOfTime(expr.test, scope);
      const a = jetNode(expr.then, scope), b = jetNode(expr.otherwise, scope);
      return (t) => (test(t) ? a(t) : b(t));
    }
    case 'call': {
      const f = JET_FUNCTIONS.get(expr.name);
      if (!f) {
        if (STATIC_FUNCTIONS.has(expr.name)) throw new ExpressionError(`${expr.name}() cannot take a function of t here`, expr.offset);
        throw new UnknownNameError(expr.name, expr.offset);
      }
      const args = expr.args.map((a) => jetNode(a, scope));
      return (t) => f(args.map((a) => a(t)), expr.offset);
    }
    default:
      throw new ExpressionError('this kind of expression cannot depend on t', expr.offset);
  }
}

function conditionOfTime(expr: Expr, scope: Scope): (t: number) => boolean {
  if (expr.kind === 'binary' && ['<', '<=', '>', '>='].includes(expr.op)) {
    const a = scalarOfTime(expr.left, scope), b = scalarOfTime(expr.right, scope);
    switch (expr.op) {
      case '<': return (t) => a(t) < b(t);
      case '<=': return (t) => a(t) <= b(t);
      case '>': return (t) => a(t) > b(t);
      default: return (t) => a(t) >= b(t);
    }
  }
  throw new ExpressionError('a condition on t must compare two numbers (<, <=, >, >=)', expr.offset);
}

/**
 * Compiles a scalar expression of time into a plain closure (value only), the form loads use in the
 * solver's loop: constants folded, one IEEE operation per node in the written order.
 */
export function scalarOfTime(expr: Expr, scope: Scope): (t: number) => number {
  return counted(() => scalarNode(expr, scope));
}

function scalarNode(expr: Expr, scope: Scope): (t: number) => number {
  spend(COMPILED_NODE_OPERATIONS, expr.offset);
  if (!mentions(expr, 't')) {
    const c = num(evaluateNode(expr, scope), 'this value', expr.offset);
    return () => c;
  }
  switch (expr.kind) {
    case 'name': return (t) => t;
    case 'unary': {
      if (expr.op === '!') throw new ExpressionError("'!' cannot apply to a function of t", expr.offset);
      const a = scalarNode(expr.arg, scope);
      return expr.op === '-' ? (t) => -a(t) : a;
    }
    case 'binary': {
      const a = scalarNode(expr.left, scope), b = scalarNode(expr.right, scope);
      switch (expr.op) {
        case '+': return (t) => a(t) + b(t);
        case '-': return (t) => a(t) - b(t);
        case '*': return (t) => a(t) * b(t);
        case '/': return (t) => a(t) / b(t);
        case '%': return (t) => a(t) % b(t);
        case '^': return (t) => power(a(t), b(t));
        default: throw new ExpressionError(`'${expr.op}' does not give a number`, expr.offset);
      }
    }
    case 'cond': {
      const test = conditionOfTime(expr.test, scope);
      const a = scalarNode(expr.then, scope), b = scalarNode(expr.otherwise, scope);
      return (t) => (test(t) ? a(t) : b(t));
    }
    case 'call': {
      const f = STATIC_FUNCTIONS.get(expr.name);
      if (!f) throw new UnknownNameError(expr.name, expr.offset);
      const args = expr.args.map((a) => scalarNode(a, scope));
      const offset = expr.offset;
      const values = new Array<number>(args.length);
      // Unrolled for the common arities: no allocation per call.
      if (expr.name === 'min' && args.length === 2) return (t) => Math.min(args[0](t), args[1](t));
      if (expr.name === 'max' && args.length === 2) return (t) => Math.max(args[0](t), args[1](t));
      if (args.length === 1) {
        const scalar = SCALAR_1.get(expr.name);
        if (scalar) return (t) => scalar(args[0](t));
      }
      return (t) => {
        for (let k = 0; k < args.length; k++) values[k] = args[k](t);
        return num(f(values, offset), `${expr.name}()`, offset);
      };
    }
    default:
      throw new ExpressionError('this kind of expression cannot depend on t', expr.offset);
  }
}

const SCALAR_1: ReadonlyMap<string, (x: number) => number> = new Map([
  ['sin', exact.sin], ['cos', exact.cos], ['tan', exact.tan], ['sqrt', Math.sqrt], ['abs', Math.abs], ['exp', exact.exp],
  ['log', exact.log], ['floor', Math.floor], ['ceil', Math.ceil], ['sign', Math.sign], ['atan', exact.atan],
]);
