/**
 * Everything a model file or a run can reach computes the same bits on every JavaScript engine (docs/architecture.md,
 * "Web = CLI to the bit"): no Math function whose result ECMAScript leaves "implementation-approximated" (sin, cos,
 * exp, pow, hypot, …) and no `**` (Math.pow by another name) in src/solver, src/modelfile, src/scenario, src/run or
 * src/worker. Those go through src/solver/exactMath.ts. Allowed: the Math functions whose result is specified to the
 * bit (abs, sqrt, min, max, floor, ceil, round, sign, trunc, fround, imul, clz32) and Math's constants.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../src');
const CHECKED = ['solver', 'modelfile', 'scenario', 'run', 'worker'];

/** Math members whose value ECMAScript specifies exactly (IEEE-exact operations and the constants). */
const EXACT = new Set([
  'abs', 'sqrt', 'min', 'max', 'floor', 'ceil', 'round', 'sign', 'trunc', 'fround', 'imul', 'clz32',
  'PI', 'E', 'LN2', 'LN10', 'LOG2E', 'LOG10E', 'SQRT2', 'SQRT1_2',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The code without its comments (block and line), line breaks kept so that line numbers stay right. */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Every use of an engine-dependent Math function, `**`, or Math reached another way: "line: text". */
export function engineDependentMath(text: string): string[] {
  const found: string[] = [];
  withoutComments(text).split('\n').forEach((line, k) => {
    for (const m of line.matchAll(/\bMath\s*\.\s*([A-Za-z_$][\w$]*)/g)) {
      if (!EXACT.has(m[1])) found.push(`${k + 1}: Math.${m[1]}`);
    }
    if (/\bMath\s*\[/.test(line) || /[=(,]\s*Math\s*[;,)]/.test(line) || /\}\s*=\s*Math\b/.test(line)) found.push(`${k + 1}: Math itself handed on`);
    if (/\*\*(?!\/)/.test(line)) found.push(`${k + 1}: **`);
  });
  return found;
}

describe('engine-independent math', () => {
  it('the check finds what it looks for, and not in comments', () => {
    expect(engineDependentMath('const y = Math.sin(x) + Math.abs(x);')).toEqual(['1: Math.sin']);
    expect(engineDependentMath('const z = a ** 2;\nconst w = Math.hypot(a, b);')).toEqual(['1: **', '2: Math.hypot']);
    expect(engineDependentMath('const f = Math[name];\nconst { exp } = Math;')).toEqual(['1: Math itself handed on', '2: Math itself handed on']);
    expect(engineDependentMath('/** Math.cos is not exact; a ** b neither. */\nconst r = Math.sqrt(Math.PI); // Math.exp')).toEqual([]);
    expect(engineDependentMath("const url = 'https://example.org'; const e = Math.exp(1);")).toEqual(['1: Math.exp']);
  });

  const files = CHECKED.flatMap((dir) => sourceFiles(join(SRC, dir)));

  it('has the source files to check', () => expect(files.length).toBeGreaterThan(100));

  it.each(files.map((f) => [relative(SRC, f), f]))('%s uses only IEEE-exact Math (the rest through solver/exactMath.ts)', (_name, file) => {
    expect(engineDependentMath(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
