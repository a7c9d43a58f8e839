/**
 * What a file says about its own values, checked with its defaults before anything is built: each parameter's
 * default within its bounds (whole when `integer`, a valid inertia when `principal-inertia`), each `checks`
 * entry naming a parameter that exists and holding for the defaults, and `exactOmega` a vector of time that
 * evaluates. A link or `--set` changes the values later; the file's own defaults must be a model that runs.
 * checkDefaultOutput runs once the outputs are named (after compiling with the defaults).
 */
import { closestName, quoted } from './names';
import { keyPath } from './paths';
import { documentScope, messagePart, ModelError, valueOf, vectorTimeFunction } from './scope';
import type { ModelDocument, ParameterSpec } from './schema';

function checkParameter(name: string, spec: ParameterSpec): void {
  const path = keyPath('parameters', name);
  const values = typeof spec.value === 'number' ? [spec.value] : spec.value;
  if (spec.min !== undefined && spec.max !== undefined && !(spec.min <= spec.max)) {
    throw new ModelError(`${path}.min`, `min = ${spec.min} is above max = ${spec.max}`);
  }
  values.forEach((v, k) => {
    const at = values.length === 1 ? `${path}.value` : `${path}.value[${k}]`;
    if (spec.min !== undefined && v < spec.min) throw new ModelError(at, `${v} is below the parameter's min = ${spec.min}`);
    if (spec.max !== undefined && v > spec.max) throw new ModelError(at, `${v} is above the parameter's max = ${spec.max}`);
    if (spec.integer && !Number.isInteger(v)) throw new ModelError(at, `${v} is not a whole number (the parameter is "integer")`);
  });
  if (spec.kind === 'principal-inertia') {
    if (values.length !== 3) throw new ModelError(`${path}.value`, 'principal inertias are three numbers [Jx, Jy, Jz]');
    const [a, b, c] = values;
    if (!(a > 0 && b > 0 && c > 0) || a > b + c || b > a + c || c > a + b) {
      throw new ModelError(`${path}.value`, `[${values.join(', ')}] kg m² are no rigid body's principal inertias (each > 0, none above the sum of the others)`);
    }
  }
}

/** A check's message with its {expression} parts filled in (a list is described, not written out). */
function filled(template: string, scope: ReturnType<typeof documentScope>, path: string): string {
  return template.replace(/\{([^{}]*)\}/g, (_, text: string) => messagePart(valueOf(text, scope, path)));
}

/** Throws a ModelError (with its path) for the first value of the file that contradicts the file. */
export function checkDocumentDefaults(doc: ModelDocument): void {
  const parameters = Object.entries(doc.parameters ?? {});
  for (const [name, spec] of parameters) checkParameter(name, spec);
  const scope = documentScope(doc, {});
  (doc.checks ?? []).forEach((check, k) => {
    const path = `checks[${k}]`;
    if (check.parameter !== undefined && !parameters.some(([name]) => name === check.parameter)) {
      const near = closestName(check.parameter, parameters.map(([name]) => name));
      throw new ModelError(`${path}.parameter`, `no parameter named ${quoted(check.parameter)}${near ? `; did you mean "${near}"?` : ''}`);
    }
    if (!valueOf(check.require, scope, `${path}.require`)) {
      throw new ModelError(`${path}.require`, `the file's own defaults fail its check: ${filled(check.message, scope, `${path}.message`)}`);
    }
  });
  if (doc.exactOmega !== undefined) vectorTimeFunction(doc.exactOmega, scope, 'exactOmega');
}

/**
 * `defaultOutput` names one of the outputs the file has at its default values (`names`, repeated groups expanded);
 * at other values a name the model then lacks plots ω, as a link's unknown `output` does.
 */
export function checkDefaultOutput(doc: ModelDocument, names: readonly string[]): void {
  const name = doc.defaultOutput;
  if (name === undefined || names.includes(name)) return;
  if (names.length === 0) throw new ModelError('defaultOutput', `no output named ${quoted(name)}: the model has no outputs`);
  const near = closestName(name, names);
  const listed = names.slice(0, 8).map((n) => quoted(n)).join(', ') + (names.length > 8 ? ', …' : '');
  throw new ModelError('defaultOutput', `no output named ${quoted(name)}; ${near ? `did you mean "${near}"?` : `the outputs are ${listed}`}`);
}
