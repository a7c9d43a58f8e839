/**
 * The layer rule, checked over the import graph of src/:
 *   solver   imports nothing of ours (test/solver/purity.test.ts also checks its globals);
 *   modelfile (the model file: schema, expressions, compiling a document) imports solver;
 *   scenario imports modelfile and solver;   run imports scenario, modelfile and solver;
 *   worker   and cli import run, scenario and solver;
 *   app      imports run, scenario, solver, and of the worker only its entry points and protocols.
 * Only cli may use Node built-ins, so everything below it also runs in a browser; and the folder
 * graph has no cycles.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../src');
const LAYERS = ['solver', 'modelfile', 'scenario', 'run', 'worker', 'cli', 'app'] as const;
type Layer = (typeof LAYERS)[number];

/** The folders each folder may import from (besides itself). */
const ALLOWED: Readonly<Record<Layer, readonly Layer[]>> = {
  solver: [],
  modelfile: ['solver'],
  scenario: ['modelfile', 'solver'],
  run: ['scenario', 'modelfile', 'solver'],
  worker: ['run', 'scenario', 'modelfile', 'solver'],
  cli: ['run', 'scenario', 'modelfile', 'solver'],
  app: ['run', 'scenario', 'modelfile', 'solver', 'worker'],
};

/** What the app may reach of the worker: the worker entry points (new URL(…)), the message protocols and the start message's builder. */
const APP_WORKER_FILES = [
  'worker/sim.worker.ts', 'worker/study.worker.ts', 'worker/protocol.ts', 'worker/modelReaderProtocol.ts', 'worker/startMessage.ts',
];

interface Edge {
  readonly from: string;
  readonly to: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every module a file names: static and dynamic imports, re-exports, and worker URLs. */
function specifiers(code: string): string[] {
  const patterns = [
    /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]/g,
    /(?:^|[\s;])import\s*['"]([^'"]+)['"]/g,
    /import\(\s*['"]([^'"]+)['"]\s*\)/g,
    /new URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url/g,
  ];
  return patterns.flatMap((re) => [...code.matchAll(re)].map((m) => m[1]));
}

function layerOf(file: string): Layer | null {
  const top = relative(SRC, file).split(sep)[0];
  return (LAYERS as readonly string[]).includes(top) ? (top as Layer) : null;
}

/** The source file a relative specifier resolves to ('…/x' → x.ts, x.tsx or x/index.ts). */
function resolveFile(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // try the next spelling
    }
  }
  return base;
}

const files = sourceFiles(SRC);
const edges: Edge[] = [];
const packages: { from: string; spec: string }[] = [];
for (const file of files) {
  const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
  for (const spec of specifiers(code)) {
    if (spec.startsWith('.')) edges.push({ from: file, to: resolveFile(file, spec) });
    else packages.push({ from: file, spec });
  }
}

const name = (file: string) => relative(SRC, file).split(sep).join('/');

/**
 * The shipped model files (models/*.json) and the model file's published JSON Schema (docs/model-format.schema.json,
 * the editor's completion) are data any layer may read, like a constant.
 */
const MODELS = resolve(__dirname, '../models');
const MODEL_SCHEMA = resolve(__dirname, '../docs/model-format.schema.json');
const isModelDocument = (file: string) => (dirname(file) === MODELS && file.endsWith('.json')) || file === MODEL_SCHEMA;

describe('the layer rule over the import graph of src/', () => {
  it('finds the folders and their imports', () => {
    for (const layer of LAYERS) expect(files.some((f) => layerOf(f) === layer), layer).toBe(true);
    expect(edges.length).toBeGreaterThan(100);
    expect(files.every((f) => layerOf(f) !== null), 'every source file lies in a known folder').toBe(true);
  });

  it('every import points down the layers (or stays in its folder)', () => {
    const broken = edges
      .filter(({ from, to }) => {
        const a = layerOf(from)!;
        const b = layerOf(to);
        if (b === null) return !isModelDocument(to);
        return a !== b && !ALLOWED[a].includes(b);
      })
      .map(({ from, to }) => `${name(from)} → ${name(to)}`);
    expect(broken).toEqual([]);
  });

  it('the app reaches the worker only through its entry points and protocols', () => {
    const broken = edges
      .filter(({ from, to }) => layerOf(from) === 'app' && layerOf(to) === 'worker' && !APP_WORKER_FILES.includes(name(to)))
      .map(({ from, to }) => `${name(from)} → ${name(to)}`);
    expect(broken).toEqual([]);
  });

  it('only cli uses Node built-ins; solver, scenario and run use no package at all (but the link codec\'s DEFLATE)', () => {
    const nodeOutsideCli = packages.filter(({ from, spec }) => /^node:|^(fs|path|stream|events|child_process)$/.test(spec) && layerOf(from) !== 'cli');
    expect(nodeOutsideCli.map(({ from, spec }) => `${name(from)} → ${spec}`)).toEqual([]);
    // A model inline in a share link is deflated (fflate: pure JavaScript, no platform API), for the page and `sim` alike; loaded with the model reader.
    const linkCodec = ({ from, spec }: { from: string; spec: string }) => name(from) === 'scenario/modelData.ts' && spec === 'fflate';
    const pure = packages.filter((p) => ['solver', 'scenario', 'run'].includes(layerOf(p.from)!) && !linkCodec(p));
    expect(pure.map(({ from, spec }) => `${name(from)} → ${spec}`)).toEqual([]);
    // The schema library is loaded only where a model file is read, not where a shipped model is compiled.
    const zod = packages.filter(({ spec }) => spec === 'zod' || spec.startsWith('zod/')).map(({ from }) => name(from));
    expect(zod.every((file) => ['modelfile/schema.ts', 'modelfile/schemaIssues.ts', 'modelfile/read.ts'].includes(file)), zod.join(', ')).toBe(true);
  });

  it('the folder graph has no cycles', () => {
    const next = new Map<Layer, Set<Layer>>(LAYERS.map((l) => [l, new Set<Layer>()]));
    for (const { from, to } of edges) {
      const a = layerOf(from)!;
      const b = layerOf(to);
      if (b && a !== b) next.get(a)!.add(b);
    }
    const state = new Map<Layer, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (layer: Layer, path: Layer[]) => {
      if (state.get(layer) === 'done') return;
      if (state.get(layer) === 'open') {
        cycles.push([...path.slice(path.indexOf(layer)), layer].join(' → '));
        return;
      }
      state.set(layer, 'open');
      for (const target of next.get(layer)!) visit(target, [...path, layer]);
      state.set(layer, 'done');
    };
    for (const layer of LAYERS) visit(layer, []);
    expect(cycles).toEqual([]);
  });
});
