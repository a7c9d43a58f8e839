/**
 * Argument-reading pieces shared by `sim` and `sim study …`, so both name a bad value the same
 * way and accept the same scenario, parameter and number spellings (SPEC §3).
 */
import { checkRho, isRunMethod, RUN_METHODS, type RunMethod } from './methods';
import { isScenarioId, readCustomModel, SCENARIO_IDS, type CustomModelIssue } from './registry';
import type { ModelTextResult } from './modelLink';
import { linkModelSource } from './url';
import type { CustomModel, InputIssue, ParamValues, ScenarioDef, ScenarioId, ValueNamer } from './types';
import {
  checkAlpha,
  checkPositiveTime,
  parseNumberText,
  parseParamText,
  quoteText,
  unknownParamIssue,
  type Parsed,
} from './validate';

export type OutputFormat = 'csv' | 'json';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['csv', 'json'];

/** Bad input found while reading arguments; caught at the parser's entry and returned as a value. */
export class InputError extends Error {
  /** `details`: further lines of the same mistake (a model file's other mistakes, one line each). */
  constructor(readonly issue: InputIssue, readonly details: readonly string[] = []) {
    super(issue.message);
  }
}

export function fail(key: string, message: string, details: readonly string[] = []): never {
  throw new InputError({ key, message }, details);
}

export function unwrap<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new InputError(parsed.issue);
  return parsed.value;
}

export function ensure(found: InputIssue | null): void {
  if (found) throw new InputError(found);
}

/** Runs a parser body; an InputError becomes the issue to report, anything else is a bug and propagates. */
export function catchInput<T>(body: () => T): T | { readonly kind: 'error'; readonly issue: InputIssue; readonly details?: readonly string[] } {
  try {
    return body();
  } catch (error) {
    if (error instanceof InputError) return { kind: 'error', issue: error.issue, ...(error.details.length > 0 ? { details: error.details } : {}) };
    throw error;
  }
}

/** `--alpha 0.5`: how messages name a flag's value. */
export const flagNamer: ValueNamer = (key, text) => `${key} ${quoteText(text)}`;
/** `--set J=1,2`: how messages name a `--set` value. */
export const setNamer: ValueNamer = (key, text) => `--set ${key}=${quoteText(text)}`;
/** `--url alpha=0.5`: how messages name a value taken from a share link. */
export const linkNamer: ValueNamer = (key, text) => `--url ${key}=${quoteText(text)}`;

export interface FlagArg<F extends string> {
  readonly flag: F;
  /** The value; '' for a switch (a flag without value). */
  readonly value: string;
}

/**
 * Splits argv into (flag, value) pairs. Values are taken verbatim from the next word, so
 * negative numbers work (`--alpha -0.2`), as does `--alpha=-0.2`. Switches take no value.
 */
export function tokenize<F extends string>(argv: readonly string[], valueFlags: readonly F[], switches: readonly F[] = []): FlagArg<F>[] {
  const args: FlagArg<F>[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    const eq = word.indexOf('=');
    const flag = word.startsWith('--') && eq > 0 ? word.slice(0, eq) : word;
    if ((switches as readonly string[]).includes(flag)) {
      if (flag !== word) fail(flag, `${flag} takes no value (see --help)`);
      args.push({ flag: flag as F, value: '' });
      continue;
    }
    if (!(valueFlags as readonly string[]).includes(flag)) {
      fail(word, word.startsWith('-') ? `unknown option ${quoteText(flag)} (see --help)` : `unexpected argument '${quoteText(word)}' (see --help)`);
    }
    if (flag !== word) {
      args.push({ flag: flag as F, value: word.slice(eq + 1) });
    } else if (i + 1 < argv.length) {
      args.push({ flag: flag as F, value: argv[++i] });
    } else {
      fail(flag, `${flag} needs a value (see --help)`);
    }
  }
  return args;
}

export function parseScenarioFlag(text: string): ScenarioId {
  if (isScenarioId(text)) return text;
  return fail('--scenario', `--scenario ${quoteText(text)} is not a known scenario (${SCENARIO_IDS.join(', ')})`);
}

export function parseMethodFlag(text: string, flag = '--method'): RunMethod {
  if (isRunMethod(text)) return text;
  return fail(flag, `${flag} ${quoteText(text)} is not a method (${RUN_METHODS.join(' or ')})`);
}

export function parseFormatFlag(text: string): OutputFormat {
  if ((OUTPUT_FORMATS as readonly string[]).includes(text)) return text as OutputFormat;
  return fail('--format', `--format ${quoteText(text)} is not a format (${OUTPUT_FORMATS.join(' or ')})`);
}

/** α ∈ [−1/3, 0], named as the user wrote it. */
export function parseAlpha(key: string, text: string, name: ValueNamer): number {
  const alpha = unwrap(parseNumberText(key, text, name));
  ensure(checkAlpha(alpha, key, (k) => name(k, text)));
  return alpha;
}

/** ρ∞ ∈ [0, 1], named as the user wrote it. */
export function parseRho(key: string, text: string, name: ValueNamer): number {
  const rho = unwrap(parseNumberText(key, text, name));
  ensure(checkRho(rho, key, (k) => name(k, text)));
  return rho;
}

/** A strictly positive time in seconds, named as the user wrote it. */
export function parseTime(key: string, text: string, name: ValueNamer): number {
  const value = unwrap(parseNumberText(key, text, name));
  ensure(checkPositiveTime(value, key, (k) => name(k, text)));
  return value;
}

/** A parameter value as given, kept as text until the final scenario is known. */
export interface ParamAssignment {
  readonly text: string;
  readonly name: ValueNamer;
}

/** Run settings `--set` accepts besides the parameters (as share links write them). */
const SET_RUN_KEYS = ['alpha', 'rho', 'h', 't', 'tol', 'norm', 'methods'];

/** Complete parameter values of the final scenario: given ones parsed and checked, others default. */
export function resolveParams(def: ScenarioDef, params: ReadonlyMap<string, ParamAssignment>): ParamValues {
  for (const key of params.keys()) {
    if (!def.params.some((p) => p.name === key)) {
      const given = params.get(key)!;
      const base = unknownParamIssue(def, key, SET_RUN_KEYS);
      fail(key, `${given.name(key, given.text)}: ${base.message}`);
    }
  }
  const values: Record<string, readonly number[]> = {};
  for (const param of def.params) {
    const given = params.get(param.name);
    values[param.name] = given ? unwrap(parseParamText(param, given.text, given.name)) : [...param.default];
  }
  const nameOf = (key: string, text: string) => (params.get(key) ?? { name: setNamer }).name(key, text);
  const crossIssue = def.checkValues?.(values, nameOf)[0];
  if (crossIssue) throw new InputError(crossIssue);
  return values;
}

/**
 * Texts the arguments refer to, read before they are parsed (parsing stays pure): `--model FILE` by FILE ('-' is
 * standard input) and the hosted models of `--url` links by URL, each its text or why it could not be had. `sim`
 * and `sim study` read them with src/cli/modelInput.ts; the page hands over the model it has.
 */
export interface ModelInputs {
  readonly modelFiles?: ReadonlyMap<string, ModelTextResult>;
  readonly hostedModels?: ReadonlyMap<string, ModelTextResult>;
}

/** Files (`--model`) and hosted model URLs (`--url` links with `model=`) to read before parsing. */
export interface ModelInputsWanted {
  readonly files: readonly string[];
  readonly urls: readonly string[];
}

/** The model files and hosted model URLs of arguments with these flags (bad arguments are left to the parser). */
export function modelInputsWanted<F extends string>(argv: readonly string[], valueFlags: readonly F[], switches: readonly F[] = []): ModelInputsWanted {
  const files: string[] = [];
  const urls: string[] = [];
  if (argv.some((word) => word === '--help' || word === '-h')) return { files, urls };
  try {
    for (const { flag, value } of tokenize(argv, valueFlags, switches)) {
      if (flag === '--model') files.push(value);
      const source = flag === '--url' ? linkModelSource(value) : null;
      if (source?.kind === 'hosted') urls.push(source.url);
    }
  } catch {
    // The parser names the mistake.
  }
  return { files, urls };
}

/** A user's model as the arguments give it, and where it came from as messages name it (the file, 'standard input', the link's URL). */
export interface GivenModel {
  readonly model: CustomModel;
  readonly source: string;
}

/** `--model FILE` (or `-`, standard input): the file's text, read before parsing (ModelInputs); unreadable is bad input. */
export function modelOfFile(file: string, inputs: ModelInputs): GivenModel {
  const source = file === '-' ? 'standard input' : file;
  const text = inputs.modelFiles?.get(file) ?? { ok: false, message: 'was not read' };
  if (!text.ok) fail('--model', `--model ${source}: ${text.message}`);
  return { model: { text: text.text }, source };
}

/** The model a decoded `--url` link carries, named by its URL or as the link's. */
export function modelOfLink(model: CustomModel): GivenModel {
  return { model, source: model.url ?? 'the model of --url' };
}

/** `file:line:column: path: message` — a model's mistake as compilers write theirs (line and column when known). */
export function modelIssueLine(source: string, issue: CustomModelIssue & { readonly line?: number; readonly column?: number }): string {
  const where = issue.line !== undefined ? `${source}:${issue.line}${issue.column !== undefined ? `:${issue.column}` : ''}` : source;
  return `${where}: ${issue.path ? `${issue.path}: ` : ''}${issue.message}`;
}

/** The scenario of a user's model; every mistake in it is bad input, one line each (the first the issue, the rest details). */
export function modelDefinition(given: GivenModel): ScenarioDef {
  const read = readCustomModel(given.model.text);
  if (!read) fail('--model', `${given.source}: user models cannot be read here`);
  if (!read.ok) {
    const lines = read.issues.map((issue) => modelIssueLine(given.source, issue));
    throw new InputError({ key: '--model', message: lines[0] ?? `${given.source}: not a model` }, lines.slice(1));
  }
  return read.def;
}
