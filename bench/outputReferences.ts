/**
 * `npm run bench:references [id …] [--write]`: the reference curves the benchmark models carry on their plotted
 * output (docs/model-format.md, Outputs): this project's own converged run (modified HHT, α = −0.1, at an eighth
 * of the model's default step, as the "at h / 8 (converged)" column of docs/benchmarks.md), sampled coarsely
 * enough to keep the file small. Prints each curve as JSON; --write puts it into models/<id>.json in place of
 * the output's `reference` (the rest of the file's text is left as written).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { getScenario } from '../src/scenario/registry';
import { runLibrary, type LibraryId } from './libraryCases';

export interface ReferenceCase {
  readonly id: LibraryId;
  /** The output the model's preset plots by default (src/app/presets.ts). */
  readonly output: string;
  /** Interval of the table's points, s: a whole multiple of the reference run's step. */
  readonly every: number;
  /** How the converged run compares with the published reference (docs/benchmarks.md, "at h / 8"). */
  readonly agreement: string;
}

/** The five benchmark models' plotted outputs; ≤ 201 points per curve over the default run. */
export const REFERENCE_CASES: readonly ReferenceCase[] = [
  { id: 'pendulum', output: 'x_P1', every: 0.05, agreement: 'agrees with the library\'s published reference to 1.1e-5 m' },
  { id: 'n-four-bar', output: 'x_B0', every: 0.1, agreement: 'agrees with the library\'s published ADAMS reference (N = 40) to 1.0e-5 m' },
  { id: 'andrews', output: 'beta', every: 2e-4, agreement: 'agrees with the test set\'s value at t = 0.03 s to 2.1e-6 rad' },
  { id: 'bricard', output: 'x_P3', every: 0.05, agreement: 'agrees with an independent converged run in joint coordinates to 1.0e-7 m' },
  { id: 'flyball-governor', output: 's', every: 0.05, agreement: 'agrees with an independent converged run in joint coordinates to 6.4e-7 m' },
];

/** Step of the reference run: the model's default h divided by this. */
const REFINEMENT = 8;

/** Rounds to 9 decimals: far below the criterion's 1e-3 and the run's own error. */
function rounded(x: number): number {
  return Number(x.toFixed(9));
}

/** The reference of one case: `source` sentence and [t, value] points. */
export function computeReference(c: ReferenceCase): { source: string; points: [number, number][] } {
  const def = getScenario(c.id);
  const h = def.defaultH / REFINEMENT;
  const run = runLibrary(c.id, { method: 'modified', damping: -0.1, h, tEnd: def.defaultTEnd, sampleDt: c.every });
  if (run.failure) throw new Error(`${c.id}: the reference run failed at t = ${run.failure.time}: ${run.failure.reason}`);
  const values = run.outputs[c.output];
  const points = run.times.map((t, k): [number, number] => [rounded(t), rounded(values[k])]);
  const source = `converged run: modified HHT, α = −0.1, h = ${h.toExponential()} s (the default h / ${REFINEMENT}), sampled every ${c.every} s; ${c.agreement} (docs/benchmarks.md)`;
  return { source, points };
}

/** The reference as the model file writes it: the points eight to a line. */
function referenceText(ref: { source: string; points: [number, number][] }, indent: string): string {
  const lines: string[] = [];
  for (let i = 0; i < ref.points.length; i += 8) lines.push(ref.points.slice(i, i + 8).map((p) => JSON.stringify(p)).join(', '));
  return `"reference": {\n${indent}    "source": ${JSON.stringify(ref.source)},\n${indent}    "points": [\n${indent}      ${lines.join(`,\n${indent}      `)}\n${indent}    ]\n${indent}  }`;
}

/**
 * Puts the reference into the output's item in the model file's text: an item on one line, or one this script
 * wrote before (its first line up to the reference, the closing brace alone on its line), whose reference it replaces.
 */
function withReference(text: string, output: string, ref: { source: string; points: [number, number][] }): string {
  const lines = text.split('\n');
  const k = lines.findIndex((l) => l.includes(`"name": ${JSON.stringify(output)}`) && l.trimStart().startsWith('{ "type"'));
  if (k < 0) throw new Error(`no output "${output}" whose item starts a line`);
  const indent = lines[k].slice(0, lines[k].length - lines[k].trimStart().length);
  const oneLine = lines[k].trimEnd().replace(/,$/, '').endsWith('}');
  const end = oneLine ? k : lines.findIndex((l, i) => i > k && /^\s*\},?$/.test(l) && l.startsWith(`${indent}}`));
  if (end < 0) throw new Error(`output "${output}": no closing brace`);
  const head = oneLine ? lines[k].trimEnd().replace(/,$/, '').replace(/\s*\}$/, '') : lines[k].trimEnd().replace(/,$/, '');
  const comma = lines[end].trimEnd().endsWith(',') ? ',' : '';
  lines.splice(k, end - k + 1, `${head},\n${indent}  ${referenceText(ref, indent)}\n${indent}}${comma}`);
  return lines.join('\n');
}

function main(): void {
  const args = process.argv.slice(2);
  const write = args.includes('--write');
  const ids = args.filter((a) => !a.startsWith('--'));
  for (const c of REFERENCE_CASES.filter((x) => ids.length === 0 || ids.includes(x.id))) {
    const started = performance.now();
    const ref = computeReference(c);
    console.log(JSON.stringify({ id: c.id, output: c.output, points: ref.points.length, seconds: Number(((performance.now() - started) / 1000).toFixed(1)), source: ref.source }));
    if (write) {
      const file = `models/${c.id}.json`;
      writeFileSync(file, withReference(readFileSync(file, 'utf8'), c.output, ref));
    }
  }
}

main();
