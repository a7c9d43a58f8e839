/**
 * Reading a model file a person wrote (SPEC §8): the text → JSON → the schema (schema.ts) → the model compiled
 * and assembled with its default parameters. Every mistake becomes a ModelIssue that says where (a path such as
 * `joints[3].bodies[1]`) and what, with the nearest name for a misspelt one; nothing throws, nothing hangs, and
 * the limits below bound the work whatever the input.
 */
import type { z } from 'zod';
import { ModelDocumentSchema, MODEL_FORMAT, type ModelDocument } from './schema';
import { compileModel, type CompiledModel } from './compile';
import { ModelError } from './scope';
import { closestName } from './names';
import { prepareModel, type PreparationReport } from '../solver/model/prepare';

/** Limits of a model file (docs/model-format.md states them). */
export const MODEL_FILE_LIMITS = {
  /** Characters of the file's text. */
  characters: 1_000_000,
  /** Nesting depth of arrays and objects. */
  depth: 64,
  /** Values (numbers, strings, arrays, objects) in the whole file. */
  values: 200_000,
} as const;

/** A mistake in a model file: the place in the file and what is wrong. */
export interface ModelIssue {
  /** e.g. `joints[3].bodies[1]`; '' for the file as a whole. */
  readonly path: string;
  readonly message: string;
}

export type ReadResult =
  | {
    readonly ok: true;
    readonly document: ModelDocument;
    /** The model compiled and assembled with its default parameter values. */
    readonly compiled: CompiledModel;
    readonly report: PreparationReport;
    readonly warnings: readonly string[];
  }
  | { readonly ok: false; readonly issues: readonly ModelIssue[] };

/** A path as people read it: joints[3].bodies[1]. */
export function pathText(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) text += typeof part === 'number' ? `[${part}]` : `${text ? '.' : ''}${String(part)}`;
  return text;
}

/** Depth and size of parsed JSON, walked without recursion (a hostile file cannot exhaust the stack). */
function jsonShapeIssue(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 1]];
  let count = 0;
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (++count > MODEL_FILE_LIMITS.values) return `the file holds more than ${MODEL_FILE_LIMITS.values} values`;
    if (v === null || typeof v !== 'object') continue;
    if (depth > MODEL_FILE_LIMITS.depth) return `the file is nested more than ${MODEL_FILE_LIMITS.depth} levels deep`;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return null;
}

/** The keys an object at `path` of the schema may have (for "did you mean"), read from the input's own kind. */
function knownKeys(issuePath: readonly PropertyKey[], input: unknown): string[] {
  const section = issuePath.find((p) => typeof p === 'string') as string | undefined;
  const KEYS: Readonly<Record<string, readonly string[]>> = {
    bodies: ['name', 'mass', 'inertia', 'centerOfMass', 'position', 'orientation', 'velocity', 'angularVelocity', 'points', 'pointMasses', 'shape', 'color'],
    joints: ['name', 'type', 'bodies', 'at', 'axis', 'ref', 'axes', 'initial'],
    loads: ['name', 'type', 'body', 'at', 'value', 'axes', 'joint', 'torque', 'between', 'stiffness', 'damping', 'length', 'angle'],
    outputs: ['name', 'type', 'point', 'component', 'joint', 'offset', 'body', 'axes', 'spring'],
    motions: ['name', 'type', 'joint', 'angle'],
    parameters: ['value', 'label', 'unit', 'min', 'max', 'integer', 'kind', 'description'],
    run: ['alpha', 'rho', 'h', 'tEnd', 'methods', 'sampleDt'],
  };
  if (issuePath.length === 0 || input === undefined) return Object.keys(ModelDocumentSchema.shape);
  return [...(KEYS[section ?? ''] ?? []), ...Object.keys(ModelDocumentSchema.shape)];
}

/** The value at a path of the input (for messages that quote it). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const p of path) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, p as string)) return undefined;
    v = (v as Record<string, unknown>)[p as string];
  }
  return v;
}

function quote(v: unknown): string {
  const text = typeof v === 'string' ? `"${v}"` : JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/** One zod issue in the words of the model file. */
function issueText(issue: z.core.$ZodIssue, input: unknown): ModelIssue {
  const path = pathText(issue.path);
  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = knownKeys(issue.path, input);
      return {
        path,
        message: issue.keys.map((key) => {
          const near = closestName(key, known);
          return `unknown key "${key}"${near ? `; did you mean "${near}"?` : ''}`;
        }).join('; '),
      };
    }
    case 'invalid_union': {
      if ('discriminator' in issue && issue.discriminator) {
        const given = valueAt(input, issue.path);
        const options = ((issue as unknown as { options?: unknown[] }).options ?? []).map(String);
        const near = typeof given === 'string' ? closestName(given, options) : null;
        const what = given === undefined ? `"${String(issue.discriminator)}" is missing` : `${quote(given)} is not a known ${String(issue.discriminator)}`;
        return { path, message: `${what}${near ? `; did you mean "${near}"?` : ''} (one of ${options.join(', ')})` };
      }
      return { path, message: `${quote(valueAt(input, issue.path))}: ${issue.message}` };
    }
    case 'invalid_value': {
      const given = valueAt(input, issue.path);
      const options = issue.values.map(String);
      const near = typeof given === 'string' ? closestName(given, options) : null;
      if (options.length === 1) return { path, message: issue.message };
      return { path, message: `${quote(given)} is not one of ${options.join(', ')}${near ? `; did you mean "${near}"?` : ''}` };
    }
    case 'invalid_type': {
      const given = valueAt(input, issue.path);
      if (given === undefined) return { path, message: `"${String(issue.path[issue.path.length - 1] ?? 'value')}" is missing (expected ${issue.expected})` };
      return { path, message: `${quote(given)}: expected ${issue.expected}` };
    }
    default:
      return { path, message: issue.message };
  }
}

/** Reads and checks a model file's text: the schema, then the model itself (compiled and assembled). */
export function readModelText(text: string): ReadResult {
  if (text.length > MODEL_FILE_LIMITS.characters) {
    return { ok: false, issues: [{ path: '', message: `the file has ${text.length} characters; the limit is ${MODEL_FILE_LIMITS.characters}` }] };
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    return { ok: false, issues: [{ path: '', message: `not valid JSON: ${(error as Error).message}` }] };
  }
  const shape = jsonShapeIssue(input);
  if (shape) return { ok: false, issues: [{ path: '', message: shape }] };
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, issues: [{ path: '', message: `a model file is a JSON object {"format": "${MODEL_FORMAT}", …}` }] };
  }
  const parsed = ModelDocumentSchema.safeParse(input);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues.slice(0, 50).map((issue) => issueText(issue, input)) };
  return checkDocument(parsed.data);
}

/** Compiles and assembles a document that has the schema's shape, with its default parameter values. */
export function checkDocument(document: ModelDocument): ReadResult {
  try {
    const compiled = compileModel(document, {});
    const prepared = prepareModel(compiled.model);
    if (!prepared.ok) return { ok: false, issues: [{ path: '', message: `the initial configuration cannot be assembled: ${prepared.reason}` }] };
    return { ok: true, document, compiled, report: prepared.report, warnings: compiled.warnings };
  } catch (error) {
    if (error instanceof ModelError) return { ok: false, issues: [{ path: error.path, message: error.detail }] };
    if (error instanceof RangeError) return { ok: false, issues: [{ path: '', message: `the model is too large to compile: ${error.message}` }] };
    throw error;
  }
}
