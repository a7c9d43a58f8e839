/** The solver is a pure numerical core: it runs in Node, a worker and tests unchanged (STYLE.md habit 1). */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SOLVER = join(__dirname, '../../src/solver');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('src/solver purity', () => {
  const files = sourceFiles(SOLVER);

  it('has source files to check', () => expect(files.length).toBeGreaterThan(10));

  it.each(files.map((f) => [relative(SOLVER, f), f]))('%s imports only from inside src/solver', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const imports = [...text.matchAll(/(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]);
    for (const spec of imports) {
      expect(spec.startsWith('.'), `${spec} is a package import`).toBe(true);
      const target = join(file, '..', spec);
      expect(relative(SOLVER, target).startsWith('..'), `${spec} leaves src/solver`).toBe(false);
    }
  });

  it.each(files.map((f) => [relative(SOLVER, f), f]))('%s uses no DOM, React, three.js or worker globals', (_name, file) => {
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    for (const global of ['window', 'document', 'self', 'postMessage', 'importScripts', 'navigator', 'React', 'THREE', 'requestAnimationFrame']) {
      expect(new RegExp(`\\b${global}\\b`).test(code), `${global} used`).toBe(false);
    }
  });
});
