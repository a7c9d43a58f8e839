/**
 * A scenario from a model file (SPEC §8): its parameters become the link keys and `--set` names, its run defaults
 * the scenario's, its checks and exact solution are evaluated from the file's expressions. Building its model for
 * a run (compiling and preparing it) is build.ts, kept apart so that reading the definitions does not load the
 * compiler. The shipped scenarios are model files too.
 */
import { counted } from '../modelfile/expressions';
import { documentScope, messagePart, ModelError, valueOf, vectorTimeFunction } from '../modelfile/scope';
import type { ModelDocument, ParameterSpec } from '../modelfile/schema';
import { isRunMethod, type RunMethod } from './methods';
import type { InputIssue, OutputReference, ParamDef, ParamValues, ScenarioDef, ValueNamer } from './types';
import { checkInertiaTriangle, formatNumber } from './validate';

/** Bounds of a parameter the file gives none for: far beyond any use, still finite work. */
const DEFAULT_BOUND = 1e9;

function paramDef(name: string, spec: ParameterSpec): ParamDef {
  const value = typeof spec.value === 'number' ? [spec.value] : [...spec.value];
  return {
    name,
    label: spec.label ?? name,
    unit: spec.unit ?? '',
    length: value.length as 1 | 3,
    default: value,
    min: spec.min ?? -DEFAULT_BOUND,
    max: spec.max ?? DEFAULT_BOUND,
    description: spec.description ?? '',
    ...(spec.integer ? { integer: true } : {}),
  };
}

/** A message template with {expression} parts, numbers written as links write them. */
function fillMessage(template: string, doc: ModelDocument, values: ParamValues): string {
  const scope = documentScope(doc, values);
  return template.replace(/\{([^{}]*)\}/g, (_, text: string) => {
    const v = valueOf(text, scope, 'checks');
    return typeof v === 'number' ? formatNumber(v) : messagePart(v);
  });
}

/**
 * The file's own checks and the principal-inertia parameters' triangle inequality: one counted evaluation; a
 * check that cannot be evaluated at these values (its work past the limit) is an issue, never a throw.
 */
function checkDocumentValues(doc: ModelDocument, values: ParamValues, name: ValueNamer): InputIssue[] {
  try {
    return counted(() => documentValueIssues(doc, values, name));
  } catch (error) {
    if (error instanceof ModelError) return [{ key: 'model', message: `the model at these values: ${error.message}` }];
    throw error;
  }
}

function documentValueIssues(doc: ModelDocument, values: ParamValues, name: ValueNamer): InputIssue[] {
  const issues: InputIssue[] = [];
  for (const [key, spec] of Object.entries(doc.parameters ?? {})) {
    if (spec.kind !== 'principal-inertia') continue;
    const bad = checkInertiaTriangle(key, values[key], name);
    if (bad) issues.push(bad);
  }
  if (issues.length > 0) return issues;
  const scope = documentScope(doc, values);
  for (const [k, check] of (doc.checks ?? []).entries()) {
    if (!valueOf(check.require, scope, `checks[${k}].require`)) {
      issues.push({ key: check.parameter ?? 'model', message: fillMessage(check.message, doc, values) });
    }
  }
  return issues;
}

/** Memoises one value per parameter set (a small cache: a page shows one or two sets at a time). */
function perValues<T>(make: (values: ParamValues) => T): (values: ParamValues) => T {
  const cache = new Map<string, T>();
  return (values) => {
    const key = JSON.stringify(Object.keys(values).sort().map((k) => [k, values[k]]));
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const made = make(values);
    if (cache.size >= 8) cache.delete(cache.keys().next().value as string);
    cache.set(key, made);
    return made;
  };
}

/** The top-level outputs' reference curves by output name (a repeated group's outputs carry none), or undefined if none. */
export function outputReferencesOf(doc: ModelDocument): Record<string, OutputReference> | undefined {
  const entries = (doc.outputs ?? []).flatMap((o) => (o.reference ? [[o.name, { source: o.reference.source, points: o.reference.points }] as const] : []));
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The scenario a model document describes; `id` overrides the document's own (a user's model is 'custom'). */
export function scenarioFromDocument(doc: ModelDocument, id = doc.id ?? 'custom'): ScenarioDef {
  const run = doc.run ?? {};
  const exact = doc.exactOmega;
  const exactFor = exact === undefined ? undefined : perValues((values) => {
    const f = vectorTimeFunction(exact, documentScope(doc, values), 'exactOmega');
    const out = new Float64Array(3);
    return (t: number): [number, number, number] => { f(t, out); return [out[0], out[1], out[2]]; };
  });
  const methods = (run.methods ?? []).filter(isRunMethod) as RunMethod[];
  const references = outputReferencesOf(doc);
  return {
    id,
    title: doc.title,
    description: doc.description ?? '',
    document: doc,
    params: Object.entries(doc.parameters ?? {}).map(([name, spec]) => paramDef(name, spec)),
    defaultAlpha: run.alpha ?? -0.1,
    defaultH: run.h ?? 1e-3,
    defaultTEnd: run.tEnd ?? 1,
    ...(run.rho !== undefined ? { defaultRho: run.rho } : {}),
    ...(methods.length > 0 ? { defaultMethods: methods } : {}),
    ...(run.sampleDt !== undefined ? { defaultSampleDt: run.sampleDt } : {}),
    ...(references ? { outputReferences: references } : {}),
    ...(doc.defaultOutput !== undefined ? { defaultOutput: doc.defaultOutput } : {}),
    ...(exactFor ? { exactOmega: (values: ParamValues, t: number) => exactFor(values)(t) } : {}),
    // Cheap checks only (links are decoded on every keystroke): a model that then cannot be assembled says so
    // when it is built, as a run's failure.
    checkValues: (values, name) => checkDocumentValues(doc, values, name),
  };
}
