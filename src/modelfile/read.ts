/**
 * Reading a model file a person wrote (SPEC §8): the text → JSON → the schema (schema.ts) → the model compiled
 * and assembled with its default parameters. Every mistake becomes a ModelIssue that says where — a path such as
 * `joints[3].bodies[1]` and the line and column in the text — and what: the value given, what is expected, the
 * nearest name for a misspelt one. Nothing throws, nothing hangs: the limits of limits.ts bound the work
 * whatever the input, and they are checked before anything is evaluated.
 */
import { ModelDocumentSchema, MODEL_FORMAT, type ModelDocument } from './schema';
import { compileModel, type CompiledModel } from './compile';
import { checkDefaultOutput, checkDocumentDefaults } from './documentChecks';
import { ModelError } from './scope';
import { counted } from './expressions';
import { MODEL_LIMITS } from './limits';
import { pathParts, pathText, type PathPart } from './paths';
import { TextPlaces } from './textPlaces';
import { explainSchemaIssues, quote } from './schemaIssues';
import { quoted } from './names';
import { prepareModel, type PreparationReport } from '../solver/model/prepare';
import type { MultibodyModel } from '../solver/model/types';

export { MODEL_LIMITS } from './limits';
export { pathText } from './paths';

/** A mistake (or a warning) in a model file: the place in the file and what is wrong. */
export interface ModelIssue {
  /** e.g. `joints[3].bodies[1]`; '' for the file as a whole. */
  readonly path: string;
  readonly message: string;
  /** Where in the text, 1-based (1, 1 for the file as a whole). */
  readonly line: number;
  readonly column: number;
}

export type ReadResult =
  | {
    readonly ok: true;
    readonly document: ModelDocument;
    /** The model compiled with its default parameter values (as written, before assembly). */
    readonly compiled: CompiledModel;
    /** The same model ready to run: assembled, its dependent equations removed (model.prepared). */
    readonly model: MultibodyModel;
    readonly report: PreparationReport;
    /** Legal but probably not meant (a body falling freely under gravity). */
    readonly warnings: readonly string[];
    /** The same warnings at their places. */
    readonly warningIssues: readonly ModelIssue[];
  }
  | { readonly ok: false; readonly issues: readonly ModelIssue[] };

/** Keys that would reach an object's prototype in naive code; refused wherever they appear. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__']);

/** A step down from the top, linked to its parent (paths are spelled out only for the one that is reported). */
interface Step { readonly key: PathPart; readonly depth: number; readonly parent: Step | null }

function stepPath(step: Step | null): PathPart[] {
  const parts: PathPart[] = [];
  for (let s = step; s; s = s.parent) parts.push(s.key);
  return parts.reverse();
}

/** Depth, size and forbidden keys of parsed JSON, walked without recursion (a hostile file cannot exhaust the stack). */
function jsonShapeIssue(value: unknown): { path: PathPart[]; message: string } | null {
  const stack: [unknown, Step | null][] = [[value, null]];
  let count = 0;
  while (stack.length > 0) {
    const [v, step] = stack.pop() as [unknown, Step | null];
    if (++count > MODEL_LIMITS.values) return { path: [], message: `the file holds more than ${MODEL_LIMITS.values} values; the limit is ${MODEL_LIMITS.values}` };
    if (v === null || typeof v !== 'object') continue;
    const depth = step ? step.depth : 0;
    if (depth >= MODEL_LIMITS.depth) return { path: stepPath(step), message: `nested more than ${MODEL_LIMITS.depth} levels deep; the limit is ${MODEL_LIMITS.depth}` };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], { key: i, depth: depth + 1, parent: step }]);
      continue;
    }
    for (const key of Object.keys(v)) {
      const child: Step = { key, depth: depth + 1, parent: step };
      if (FORBIDDEN_KEYS.has(key)) return { path: stepPath(child), message: `the key ${quoted(key)} is not allowed` };
      stack.push([(v as Record<string, unknown>)[key], child]);
    }
  }
  return null;
}

const wholeFile = (message: string): ModelIssue => ({ path: '', message, line: 1, column: 1 });

/** Reads and checks a model file's text: JSON, the schema, then the model itself (compiled and assembled). Never throws. */
export function readModelText(text: string): ReadResult {
  try {
    return readText(text);
  } catch (error) {
    return { ok: false, issues: [wholeFile(`${READER_FAILURE}: ${error instanceof Error ? error.message : String(error)}`)] };
  }
}

function readText(given: string): ReadResult {
  if (typeof given !== 'string') return { ok: false, issues: [wholeFile('a model file is text')] };
  // A byte-order mark some editors write is white space here (a space keeps every column where it was).
  const text = given.charCodeAt(0) === 0xfeff ? ` ${given.slice(1)}` : given;
  if (text.length > MODEL_LIMITS.characters) {
    return { ok: false, issues: [wholeFile(`the file has ${text.length} characters; the limit is ${MODEL_LIMITS.characters}`)] };
  }
  const places = new TextPlaces(text);
  const json = jsonOf(text, places);
  if (!json.ok) return json;
  const structure = structureIssues(json.input, places);
  if (structure.length > 0) return { ok: false, issues: structure };
  const parsed = ModelDocumentSchema.safeParse(json.input);
  if (!parsed.success) {
    const issues = explainSchemaIssues(parsed.error.issues, json.input, ModelDocumentSchema, (path) => places.rawAt(path))
      .map((issue) => ({ path: pathText(issue.path), message: issue.message, ...places.placeAt(issue.path, { key: issue.key }) }));
    return { ok: false, issues: inTextOrder(issues).slice(0, MODEL_LIMITS.issues) };
  }
  return checkDocument(parsed.data, places);
}

/** The text's JSON value, or where its syntax breaks (jsonc-parser's first error, in words). */
function jsonOf(text: string, places: TextPlaces): { ok: true; input: unknown } | { ok: false; issues: ModelIssue[] } {
  try {
    return { ok: true, input: JSON.parse(text) };
  } catch (error) {
    if (text.trim() === '') return { ok: false, issues: [wholeFile(`the file is empty; a model file is a JSON object {"format": "${MODEL_FORMAT}", …}`)] };
    const syntax = places.syntaxError();
    if (syntax) return { ok: false, issues: [{ path: '', message: `not valid JSON: ${syntax.message}`, ...syntax.place }] };
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const place = position ? places.placeOf(Number(position[1])) : { line: 1, column: 1 };
    return { ok: false, issues: [{ path: '', message: `not valid JSON: ${message.slice(0, 200)}`, ...place }] };
  }
}

/** What must hold before the schema looks: bounded size and depth, no forbidden or repeated key, an object. */
function structureIssues(input: unknown, places: TextPlaces): ModelIssue[] {
  const shape = jsonShapeIssue(input);
  if (shape) {
    // Too deep for the syntax tree: the place is the opening bracket of the level past the limit.
    const deep = places.deepestOpening(MODEL_LIMITS.depth);
    const place = deep === null ? places.placeAt(shape.path) : places.placeOf(deep);
    return [{ path: pathText(shape.path), message: shape.message, ...place }];
  }
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return [wholeFile(`a model file is a JSON object {"format": "${MODEL_FORMAT}", …}, not ${Array.isArray(input) ? 'a list' : quote(input, undefined)}`)];
  }
  return places.duplicateKeys().slice(0, MODEL_LIMITS.issues).map((d) => ({
    path: pathText(d.path), message: `the key ${quoted(d.key)} is written twice in this object (JSON would keep only the last)`, ...d.place,
  }));
}

/** Issues sorted by their place in the text (the first mistake first, as an editor lists them). */
function inTextOrder(issues: ModelIssue[]): ModelIssue[] {
  return issues
    .map((issue, k) => ({ issue, k }))
    .sort((a, b) => a.issue.line - b.issue.line || a.issue.column - b.issue.column || a.k - b.k)
    .map(({ issue }) => issue);
}

function issueAt(places: TextPlaces | null, path: readonly PathPart[] | string, message: string, textOffset?: number): ModelIssue {
  const parts = typeof path === 'string' ? pathParts(path) : path;
  const place = places ? places.placeAt(parts, { textOffset }) : { line: 1, column: 1 };
  return { path: typeof path === 'string' ? path : pathText(path), message, ...place };
}

/** An issue found outside the reader (the run defaults a scenario checks), at its path's place in the text. */
export function issueInText(text: string, path: string, message: string): ModelIssue {
  return issueAt(new TextPlaces(text), path, message);
}

/** Said instead of throwing when the reader itself fails: a bug to report, never the file's fault alone. */
export const READER_FAILURE = 'the reader failed unexpectedly';

/**
 * Compiles and assembles a document that has the schema's shape, with its default parameter values. With the
 * text's places, issues carry the line and column; without (a document made in code), line 1, column 1.
 */
export function checkDocument(document: ModelDocument, places: TextPlaces | null = null): ReadResult {
  try {
    // The file's own checks, the model and its outputs: one evaluation, one count of operations.
    const compiled = counted(() => {
      checkDocumentDefaults(document);
      const model = compileModel(document, {});
      checkDefaultOutput(document, (model.model.outputs ?? []).map((o) => o.name));
      return model;
    });
    const prepared = prepareModel(compiled.model);
    if (!prepared.ok) {
      const source = prepared.constraint === undefined ? undefined : compiled.sources.get(prepared.constraint);
      return { ok: false, issues: [issueAt(places, source ?? '', prepared.reason)] };
    }
    const warningIssues = compiled.warningPlaces.map((w) => issueAt(places, w.path, w.message));
    return { ok: true, document, compiled, model: prepared.model, report: prepared.report, warnings: compiled.warnings, warningIssues };
  } catch (error) {
    if (error instanceof ModelError) return { ok: false, issues: [issueAt(places, error.path, error.explanation, error.textOffset)] };
    if (error instanceof RangeError) return { ok: false, issues: [wholeFile(`the model is too large to compile: ${error.message}`)] };
    return { ok: false, issues: [wholeFile(`${READER_FAILURE}: ${error instanceof Error ? error.message : String(error)}`)] };
  }
}
