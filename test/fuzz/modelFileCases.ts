/**
 * Seeded cases for fuzzing the model-file reader (test/fuzz/modelFile.test.ts in Node, e2e/modelFuzz.spec.ts in
 * Chromium): random valid models, random mutations of the shipped ones, and hostile JSON. Every case is a text
 * and what the runner may expect of it, drawn from a mulberry32 stream, so it is replayed from its seed alone.
 * Self-contained (it imports only the PRNG), so the browser spec can use it as it is.
 */
import { logUniform, mulberry32, pick, uniform } from '../support/prng';

export type Rand = () => number;
type Vec = [number, number, number];
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One case: the text to read and what its generator knows about it. */
export interface ModelCase {
  readonly seed: number;
  readonly group: 'valid' | 'mutation' | 'hostile';
  /** Short description of what was generated or changed (for the tally and a failing seed's report). */
  readonly kind: string;
  readonly text: string;
  /** valid: the reader must accept it. */
  readonly mustRead?: boolean;
  /** Bodies a valid model leaves free under gravity: each must be named in a warning. */
  readonly falling?: readonly string[];
  /** A renamed key: some issue must quote it. */
  readonly renamedKey?: string;
}

// ---------------------------------------------------------------------------------------------
// Vectors

const round = (x: number, digits = 6) => Number(x.toFixed(digits));
const norm = (v: Vec) => Math.hypot(v[0], v[1], v[2]);
const scale = (v: Vec, s: number): Vec => [v[0] * s, v[1] * s, v[2] * s];
const add = (a: Vec, b: Vec): Vec => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const cross = (a: Vec, b: Vec): Vec => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

function unitVector(rand: Rand): Vec {
  for (;;) {
    const v: Vec = [2 * rand() - 1, 2 * rand() - 1, 2 * rand() - 1];
    const n = norm(v);
    if (n > 0.2 && n <= 1) return scale(v, 1 / n);
  }
}

/** A unit vector perpendicular to a (unit). */
function perpendicular(rand: Rand, a: Vec): Vec {
  for (;;) {
    const c = cross(a, unitVector(rand));
    const n = norm(c);
    if (n > 0.2) return scale(c, 1 / n);
  }
}

const rounded = (v: Vec, digits = 6): Vec => [round(v[0], digits), round(v[1], digits), round(v[2], digits)];

// ---------------------------------------------------------------------------------------------
// Valid models

/** Principal inertias strictly inside the triangle inequality (a rotated tensor keeps it despite round-off). */
function principalInertias(rand: Rand): Vec {
  const a = logUniform(rand, 1e-3, 2), b = logUniform(rand, 1e-3, 2);
  const lo = Math.abs(a - b), hi = a + b;
  const c = lo + (hi - lo) * (0.05 + 0.9 * rand());
  const j: Vec = [a, b, c];
  const k = Math.floor(rand() * 3);
  return [round(j[k % 3], 8), round(j[(k + 1) % 3], 8), round(j[(k + 2) % 3], 8)];
}

/** R diag(j) Rᵀ for a random rotation R: a full tensor with the given principal moments. */
function rotatedTensor(rand: Rand, j: Vec): { [key: string]: number } {
  const x = unitVector(rand);
  const y = perpendicular(rand, x);
  const z = cross(x, y);
  const R = [x, y, z];
  const t = (r: number, c: number) => R.reduce((s, axis, k) => s + axis[r] * j[k] * axis[c], 0);
  return { xx: round(t(0, 0), 10), yy: round(t(1, 1), 10), zz: round(t(2, 2), 10), xy: round(t(0, 1), 10), xz: round(t(0, 2), 10), yz: round(t(1, 2), 10) };
}

function orientation(rand: Rand): Json | undefined {
  const r = rand();
  if (r < 0.4) return undefined;
  if (r < 0.6) {
    const axis = unitVector(rand);
    const half = Math.PI * rand();
    return [Math.cos(half), ...scale(axis, Math.sin(half))].map((v) => round(v, 12));
  }
  if (r < 0.8) {
    const x = unitVector(rand);
    return { axes: { x: rounded(x, 12), y: rounded(perpendicular(rand, x), 12) } };
  }
  return { axis: rounded(unitVector(rand), 12), angle: round(uniform(rand, -180, 180), 3) };
}

/** Mass properties: stated inertia (principal or full), or a shape's solid; sometimes point masses. */
function massProperties(rand: Rand): { [key: string]: Json } {
  const out: { [key: string]: Json } = { mass: round(logUniform(rand, 0.05, 20), 6) };
  const r = rand();
  if (r < 0.35) out.inertia = principalInertias(rand);
  else if (r < 0.55) out.inertia = rotatedTensor(rand, principalInertias(rand));
  if (rand() < 0.5 || out.inertia === undefined) {
    const s = rand();
    out.shape = s < 0.4 ? { type: 'box', size: [round(uniform(rand, 0.02, 1)), round(uniform(rand, 0.02, 1)), round(uniform(rand, 0.02, 1))] }
      : s < 0.7 ? { type: 'cylinder', radius: round(uniform(rand, 0.01, 0.3)), length: round(uniform(rand, 0.02, 1)), axis: pick(rand, ['x', 'y', 'z', '-y']) }
        : { type: 'sphere', radius: round(uniform(rand, 0.01, 0.5)) };
    if (rand() < 0.3) (out.shape as { [key: string]: Json }).color = pick(rand, ['accent', '#c33', 'steelblue']);
  }
  if (rand() < 0.25) {
    out.pointMasses = Array.from({ length: 1 + Math.floor(rand() * 2) }, () => ({
      mass: round(logUniform(rand, 0.01, 5)), at: rounded([uniform(rand, -0.5, 0.5), uniform(rand, -0.5, 0.5), uniform(rand, -0.5, 0.5)]),
    }));
  }
  return out;
}

/** A vector written as numbers, as expression parts, or as one expression. */
function writeVector(rand: Rand, v: Vec): Json {
  const r = rand();
  if (r < 0.6) return rounded(v, 9);
  if (r < 0.8) return rounded(v, 9).map((x) => (rand() < 0.5 ? x : `${x} * 1`));
  return `[${rounded(v, 9).join(', ')}]`;
}

interface Built {
  doc: { [key: string]: Json };
  falling: string[];
}

/** Joints of a chain of `n` links from a ground point, any joint type. */
function chainModel(rand: Rand): Built {
  const n = 1 + Math.floor(rand() * 4);
  const bodies: Json[] = [], joints: Json[] = [], loads: Json[] = [], outputs: Json[] = [], motions: Json[] = [];
  let p: Vec = [uniform(rand, -1, 1), uniform(rand, -1, 1), uniform(rand, -1, 1)];
  const revolutes: { name: string; grounded: boolean }[] = [];
  for (let i = 0; i < n; i++) {
    const d = unitVector(rand);
    const length = uniform(rand, 0.2, 1.5);
    const name = `link ${i}`;
    const body: { [key: string]: Json } = {
      name, ...massProperties(rand), position: writeVector(rand, add(p, scale(d, length / 2))),
      points: { start: rounded(scale(d, -length / 2), 9), end: rounded(scale(d, length / 2), 9) },
    };
    const o = orientation(rand);
    // A named point is in body axes: with an orientation the points are left out (the joints use global points).
    if (o !== undefined) { body.orientation = o; delete body.points; }
    if (rand() < 0.4) body.velocity = rounded([uniform(rand, -1, 1), uniform(rand, -1, 1), uniform(rand, -1, 1)]);
    if (rand() < 0.4) body.angularVelocity = rand() < 0.5 ? rounded([uniform(rand, -5, 5), 0, uniform(rand, -5, 5)]) : { global: rounded([0, uniform(rand, -5, 5), 0]) };
    bodies.push(body);
    const type = pick(rand, ['revolute', 'revolute', 'spherical', 'universal', 'prismatic', 'cylindrical', 'fixed']);
    const jointName = `J${i}`;
    const previous = i === 0 ? 'ground' : `link ${i - 1}`;
    const at: Json = body.points && rand() < 0.5 ? `${name}.start` : writeVector(rand, p);
    const joint: { [key: string]: Json } = { name: jointName, type, bodies: rand() < 0.5 ? [previous, name] : [name, previous], at };
    if (type === 'universal') {
      const a = unitVector(rand);
      joint.axes = [rounded(a, 12), rounded(perpendicular(rand, a), 12)];
      // Rounding may break perpendicularity beyond 1e-9: write the second exactly perpendicular by expression.
      joint.axes[1] = `unit(cross([${rounded(a, 12).join(', ')}], [${rounded(unitVector(rand), 12).join(', ')}]))`;
    } else if (type !== 'spherical') {
      const axis = unitVector(rand);
      if (type !== 'fixed' || rand() < 0.5) joint.axis = writeVector(rand, axis);
      if (rand() < 0.3 && joint.axis !== undefined) joint.ref = `unit(cross([${rounded(axis, 9).join(', ')}], [${rounded(unitVector(rand), 9).join(', ')}]))`;
    }
    if (type === 'revolute') {
      revolutes.push({ name: jointName, grounded: i === 0 });
      if (rand() < 0.3) joint.initial = { ...(rand() < 0.6 ? { angle: round(uniform(rand, -120, 120), 2) } : {}), rate: round(uniform(rand, -3, 3), 3) };
    }
    joints.push(joint);
    p = add(p, scale(d, length));
  }
  const gravity = rand() < 0.7;
  // Loads on the chain.
  const loadCount = Math.floor(rand() * 3);
  for (let k = 0; k < loadCount; k++) {
    const body = `link ${Math.floor(rand() * n)}`;
    const r = rand();
    if (r < 0.3) loads.push({ type: 'force', name: `force ${k}`, body, value: pick<Json>(rand, [[1, 0, 0], ['sin(t)', 0, '2 * t'], [{ table: [[0, 0], [0.001, 1], [1, 1]] }, 0, 0], '[0, 0, 1]']), ...(rand() < 0.5 ? { at: [uniform(rand, -1, 1), 0, 0] } : {}) });
    else if (r < 0.55) loads.push({ type: 'moment', name: `moment ${k}`, body, axes: pick(rand, ['body', 'global']), value: pick<Json>(rand, [[0, 0, 0.5], ['cos(3 * t)', 0, 0], [0, 'step(t, 0, 0, 0.01, 1)', 0]]) });
    else if (r < 0.8) {
      const other = rand() < 0.5 ? 'ground' : `link ${Math.floor(rand() * n)}`;
      if (other === body) continue;
      loads.push({
        type: 'spring', name: `spring ${k}`, between: [body, other === 'ground' ? rounded([uniform(rand, -1, 1), uniform(rand, -1, 1), 2]) : other],
        stiffness: round(logUniform(rand, 1, 1e3)), ...(rand() < 0.5 ? { damping: round(uniform(rand, 0, 5)) } : {}), ...(rand() < 0.5 ? { length: round(uniform(rand, 0.1, 2)) } : {}),
      });
      if (rand() < 0.5) outputs.push({ type: 'spring-length', name: `length ${k}`, spring: `spring ${k}` });
    } else if (revolutes.length > 0) {
      const joint = pick(rand, revolutes).name;
      loads.push(rand() < 0.5
        ? { type: 'motor', name: `motor ${k}`, joint, torque: pick<Json>(rand, [1, '0.5 * sin(2 * t)', { table: [[0, 0], [1, 2]] }]) }
        : { type: 'torsion-spring', name: `torsion ${k}`, joint, stiffness: round(logUniform(rand, 0.1, 100)), damping: round(uniform(rand, 0, 1)), angle: round(uniform(rand, -30, 30)) });
    }
  }
  // A prescribed motion on the first joint when it is a revolute to ground without an initial angle.
  const first = joints[0] as { [key: string]: Json };
  if (first.type === 'revolute' && first.initial === undefined && rand() < 0.3) {
    motions.push({ name: 'drive', type: 'rotation', joint: 'J0', angle: pick<Json>(rand, ['30 * sin(2 * t)', '90 * t', { table: [[0, 0], [1, 45]] }, 0]) });
  }
  // Outputs.
  outputs.push({ type: 'position', name: 'tip x', point: `link ${n - 1}`, component: pick(rand, ['x', 'y', 'z']) });
  if (rand() < 0.5) outputs.push({ type: 'velocity', name: 'tip v', point: `link ${n - 1}`, component: 'z' });
  if (rand() < 0.5) outputs.push({ type: 'omega', name: 'w0', body: 'link 0', component: pick(rand, ['x', 'y', 'z']), axes: pick(rand, ['body', 'global']) });
  if (revolutes.length > 0 && rand() < 0.6) {
    const joint = pick(rand, revolutes).name;
    outputs.push({ type: 'angle', name: 'angle', joint }, { type: 'rate', name: 'rate', joint });
  }
  const doc: { [key: string]: Json } = { format: 'hht-model/1', title: `chain of ${n}`, bodies, joints };
  if (gravity) doc.gravity = writeVector(rand, rounded([0, 0, -9.81]));
  if (motions.length > 0) doc.motions = motions;
  if (loads.length > 0) doc.loads = loads;
  doc.outputs = outputs;
  if (rand() < 0.5) doc.defaultOutput = (pick(rand, outputs) as { name: string }).name;
  return { doc, falling: [] };
}

/** A planar four-bar of 3D revolute joints in a random plane: three dependent equations to remove. */
function loopModel(rand: Rand): Built {
  const n = unitVector(rand);
  const u = perpendicular(rand, n);
  const v = cross(n, u);
  const at = (x: number, y: number): Vec => add(scale(u, x), scale(v, y));
  const g = uniform(rand, 0.5, 2);
  const B: [number, number] = [uniform(rand, -0.8, 0.8), uniform(rand, 0.3, 1.2)];
  const C: [number, number] = [g + uniform(rand, -0.8, 0.8), uniform(rand, 0.3, 1.2)];
  const points: [number, number][] = [[0, 0], B, C, [g, 0]];
  const names = ['crank', 'coupler', 'rocker'];
  const bodies = names.map((name, k) => {
    const [a, b] = [points[k], points[k + 1]];
    return { name, ...massProperties(rand), position: rounded(at((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), 12) };
  });
  const axis = rounded(n, 12);
  const joints: Json[] = [
    { name: 'A', type: 'revolute', bodies: ['ground', 'crank'], at: rounded(at(0, 0), 12), axis, initial: { rate: round(uniform(rand, -3, 3), 3) } },
    { name: 'B', type: 'revolute', bodies: ['crank', 'coupler'], at: rounded(at(B[0], B[1]), 12), axis },
    { name: 'C', type: 'revolute', bodies: ['coupler', 'rocker'], at: rounded(at(C[0], C[1]), 12), axis },
    { name: 'D', type: 'revolute', bodies: ['rocker', 'ground'], at: rounded(at(g, 0), 12), axis },
  ];
  const doc: { [key: string]: Json } = {
    format: 'hht-model/1', title: 'four-bar', bodies, joints,
    outputs: [{ type: 'angle', name: 'crank angle', joint: 'A' }, { type: 'position', name: 'C x', point: 'rocker', component: 'x' }],
  };
  if (rand() < 0.6) doc.gravity = rounded(scale(v, -9.81), 12);
  if (rand() < 0.3) doc.loads = [{ type: 'motor', name: 'motor', joint: 'A', torque: round(uniform(rand, -2, 2)) }];
  return { doc, falling: [] };
}

/** Free bodies (no joints): spinning, pushed; under gravity each one is a warning. */
function freeModel(rand: Rand): Built {
  const n = 1 + Math.floor(rand() * 3);
  const bodies: Json[] = [], loads: Json[] = [];
  for (let i = 0; i < n; i++) {
    bodies.push({
      name: `free ${i}`, ...massProperties(rand), position: rounded([i, 0, 0]),
      angularVelocity: rounded([uniform(rand, -10, 10), uniform(rand, -10, 10), uniform(rand, -10, 10)]),
      ...(orientation(rand) !== undefined ? { orientation: { axis: [0, 0, 1], angle: 30 } } : {}),
    });
    if (rand() < 0.5) loads.push({ type: 'moment', name: `m${i}`, body: `free ${i}`, value: ['5', 0, 'sin(t)'] });
  }
  const gravity = rand() < 0.5;
  const doc: { [key: string]: Json } = { format: 'hht-model/1', title: 'free bodies', bodies };
  if (gravity) doc.gravity = [0, 0, -9.81];
  if (loads.length > 0) doc.loads = loads;
  if (rand() < 0.5) doc.primaryBody = `free ${n - 1}`;
  return { doc, falling: gravity ? bodies.map((b) => (b as { name: string }).name) : [] };
}

/** A chain written as one repeated group, with a parameter, `let` and names joined by `+`. */
function repeatedModel(rand: Rand): Built {
  const n = 1 + Math.floor(rand() * 5);
  const type = pick(rand, ['revolute', 'spherical']);
  const doc: { [key: string]: Json } = {
    format: 'hht-model/1', title: 'repeated chain',
    parameters: { N: { value: n, integer: true, min: 1, max: 20 }, L: { value: round(uniform(rand, 0.2, 1)), unit: 'm' } },
    let: { half: 'L / 2' },
    gravity: [0, -9.81, 0],
    groups: [{
      repeat: { i: { from: 1, to: 'N' } },
      let: { x: '(i - 1) * L' },
      bodies: [{ name: 'link {i}', mass: 1, position: ['x + half', 0, 0], shape: { type: 'box', size: ['L', 0.05, 0.05] } }],
      joints: [{
        name: 'pin {i}', type, bodies: ["{i == 1 ? 'ground' : 'link ' + (i - 1)}", 'link {i}'],
        at: ['x', 0, 0], ...(type === 'revolute' ? { axis: [0, 0, 1] } : {}),
      }],
      outputs: [{ type: 'position', name: 'y{i}', point: 'link {i}', component: 'y' }],
    }],
  };
  if (rand() < 0.5) {
    (doc.groups as { [key: string]: Json }[]).push({
      repeat: { side: ['L', 'R'] },
      loads: [{ type: 'spring', name: 'spring {side}', between: ['link 1', "[side == 'L' ? -1 : 1, 1, 0]"], stiffness: 50, damping: 0.5 }],
    });
  }
  return { doc, falling: [] };
}

/** A random model that the reader must accept. */
export function validCase(seed: number): ModelCase {
  const rand = mulberry32(seed);
  const r = rand();
  const kind = r < 0.45 ? 'chain' : r < 0.65 ? 'four-bar' : r < 0.8 ? 'free bodies' : 'repeated group';
  const built = kind === 'chain' ? chainModel(rand) : kind === 'four-bar' ? loopModel(rand) : kind === 'free bodies' ? freeModel(rand) : repeatedModel(rand);
  const text = JSON.stringify(built.doc, null, rand() < 0.5 ? 2 : undefined);
  return { seed, group: 'valid', kind, text, mustRead: true, falling: built.falling };
}

// ---------------------------------------------------------------------------------------------
// Mutations of shipped models

/** Field names of the schema's objects: a renamed one must be reported as an unknown key. */
const FIELDS = new Set([
  'name', 'mass', 'inertia', 'position', 'orientation', 'velocity', 'angularVelocity', 'shape', 'type', 'bodies', 'at', 'axis',
  'ref', 'axes', 'initial', 'value', 'body', 'gravity', 'title', 'format', 'radius', 'length', 'size', 'label', 'unit', 'min', 'max',
  'description', 'alpha', 'h', 'tEnd', 'repeat', 'torque', 'component', 'point',
]);

interface Place { parent: { [key: string]: Json } | Json[]; key: string | number; path: (string | number)[] }

/** Every place (object key or list index) in a document, depth first. */
function places(root: Json): Place[] {
  const out: Place[] = [];
  const walk = (v: Json, path: (string | number)[]) => {
    if (Array.isArray(v)) v.forEach((c, i) => { out.push({ parent: v, key: i, path: [...path, i] }); walk(c, [...path, i]); });
    else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) { out.push({ parent: v, key: k, path: [...path, k] }); walk(v[k], [...path, k]); }
  };
  walk(root, []);
  return out;
}

const get = (p: Place): Json => (p.parent as Record<string | number, Json>)[p.key];
const set = (p: Place, v: Json) => { (p.parent as Record<string | number, Json>)[p.key] = v; };

function misspell(rand: Rand, text: string): string {
  if (text.length < 2) return `${text}x`;
  const i = Math.floor(rand() * (text.length - 1));
  const r = rand();
  if (r < 0.33) return text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2);
  if (r < 0.66) return text.slice(0, i) + text.slice(i + 1);
  return text.slice(0, i) + pick(rand, ['e', 'x', 'q', ' ']) + text.slice(i);
}

const WEIRD_NUMBERS = ['1e308', '-1e308', '1e999', '-1e999', '5e-324', '-0', '0', '1.7976931348623157e308', '123456789012345678901234567890', '-1'];
const BROKEN_EXPRESSIONS = ['1 +', 'nosuchname * 2', 'sqrt(', 't * 2', '((((1))))', 'cross(1, 2)', 'unit([0, 0, 0])', '[1, 2]', "'text'", '1 / 0', 'log(-1)', '2 ^ 2000'];

/** A shipped model with one random change. */
export function mutationCase(seed: number, id: string, shippedText: string): ModelCase {
  const rand = mulberry32(seed);
  const doc = JSON.parse(shippedText) as Json;
  const all = places(doc);
  const target = pick(rand, all);
  const value = get(target);
  const r = rand();
  let kind: string;
  let renamedKey: string | undefined;
  let text: string | undefined;
  if (r < 0.15) {
    kind = 'delete a key';
    if (Array.isArray(target.parent)) target.parent.splice(target.key as number, 1);
    else delete target.parent[target.key as string];
  } else if (r < 0.3 && !Array.isArray(target.parent)) {
    kind = 'rename a key';
    const renamed = misspell(rand, target.key as string);
    const parent = target.parent;
    if (renamed !== target.key && !Object.hasOwn(parent, renamed)) {
      const entries = Object.entries(parent).map(([k, v]) => [k === target.key ? renamed : k, v] as const);
      for (const k of Object.keys(parent)) delete parent[k];
      for (const [k, v] of entries) parent[k] = v;
      if (FIELDS.has(target.key as string) && !target.path.some((p) => p === 'parameters' || p === 'let' || p === 'points' || p === 'repeat')) renamedKey = renamed;
    }
  } else if (r < 0.45) {
    kind = 'change a type';
    set(target, pick<Json>(rand, [null, true, 'abc', 42, [], {}, [1, 2, 3], { x: 1 }, '']));
  } else if (r < 0.55) {
    kind = 'swap names';
    const names = all.filter((p) => p.key === 'name' && typeof get(p) === 'string');
    const refs = all.filter((p) => typeof get(p) === 'string' && p.path.includes('bodies') && typeof p.key === 'number');
    const from = pick(rand, names.length > 0 ? names : all);
    const to = pick(rand, refs.length > 0 ? refs : all);
    const a = get(from), b = get(to);
    set(from, b); set(to, a);
  } else if (r < 0.7) {
    kind = 'a huge or non-finite number';
    const numbers = all.filter((p) => typeof get(p) === 'number');
    const place = pick(rand, numbers.length > 0 ? numbers : all);
    const marker = `__NUMBER_${seed}__`;
    set(place, marker);
    text = JSON.stringify(doc, null, 2).replace(`"${marker}"`, pick(rand, WEIRD_NUMBERS));
  } else if (r < 0.8) {
    kind = 'a wrong vector length';
    const vectors = all.filter((p) => Array.isArray(get(p)) && (get(p) as Json[]).length === 3);
    const place = pick(rand, vectors.length > 0 ? vectors : all);
    const v = get(place);
    if (Array.isArray(v)) set(place, rand() < 0.5 ? v.slice(0, 2) : [...v, 0]);
  } else if (r < 0.9) {
    kind = 'misspell a value';
    const strings = all.filter((p) => typeof get(p) === 'string');
    const place = pick(rand, strings.length > 0 ? strings : all);
    const v = get(place);
    if (typeof v === 'string') set(place, misspell(rand, v));
  } else {
    kind = 'break an expression';
    const strings = all.filter((p) => typeof get(p) === 'string' && p.key !== 'name' && p.key !== 'title' && p.key !== 'description');
    set(pick(rand, strings.length > 0 ? strings : all), pick(rand, BROKEN_EXPRESSIONS));
  }
  void value;
  return { seed, group: 'mutation', kind: `${id}: ${kind}`, text: text ?? JSON.stringify(doc, null, 2), ...(renamedKey ? { renamedKey } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Hostile JSON

const FORBIDDEN_KEYS = ['__proto__', 'constructor', 'prototype'];

/** `{"key": …}` inserted after a random '{' of the text. */
function insertKey(rand: Rand, text: string, entry: string): string {
  const braces: number[] = [];
  for (let i = 0; i < text.length; i++) if (text[i] === '{') braces.push(i);
  if (braces.length === 0) return `{${entry}}`;
  const at = pick(rand, braces) + 1;
  return `${text.slice(0, at)}${entry},${text.slice(at)}`;
}

function minimalModel(extra: string): string {
  return `{"format": "hht-model/1", "title": "x", "bodies": [{"name": "b", "mass": 1, "inertia": [1, 1, 1]${extra}}]}`;
}

/** A text designed to hurt: deep nesting, huge numbers and strings, prototype keys, runaway expansions. */
export function hostileCase(seed: number, shippedTexts: readonly string[]): ModelCase {
  const rand = mulberry32(seed);
  const base = pick(rand, shippedTexts);
  const r = Math.floor(rand() * 15);
  const depth = Math.floor(logUniform(rand, 65, 100_000));
  const long = (n: number) => 'x'.repeat(n);
  const cases: [string, () => string][] = [
    ['deep lists', () => `${'['.repeat(depth)}${rand() < 0.5 ? ']'.repeat(depth) : ''}`],
    ['deep objects', () => `${'{"a":'.repeat(depth)}1${'}'.repeat(rand() < 0.5 ? depth : 1)}`],
    ['a deep value in a model', () => base.replace('"title":', `"deep": ${'['.repeat(depth)}${']'.repeat(depth)}, "title":`)],
    ['huge and non-finite numbers', () => base.replace(/(?<=[:\[,]\s*)-?\d+(\.\d+)?(e-?\d+)?/g, () => (rand() < 0.1 ? pick(rand, WEIRD_NUMBERS) : pick(rand, ['1', '0.5'])))],
    ['long strings', () => base.replace('"title": "', `"title": "${long(Math.floor(logUniform(rand, 100, 2e5)))}`)],
    ['long names', () => minimalModel('').replace('"name": "b"', `"name": "${long(Math.floor(logUniform(rand, 100, 1e5)))}"`)],
    ['long keys', () => insertKey(rand, base, `"${long(Math.floor(logUniform(rand, 100, 1e5)))}": 1`)],
    ['prototype keys', () => {
      let text = base;
      for (let k = 0; k < 1 + Math.floor(rand() * 5); k++) text = insertKey(rand, text, `"${pick(rand, FORBIDDEN_KEYS)}": ${pick(rand, ['{"polluted": 1}', '1', '[]', '{"value": 1}', 'null'])}`);
      return text;
    }],
    ['prototype names', () => minimalModel('').replace('"name": "b"', `"name": "${pick(rand, FORBIDDEN_KEYS)}"`)
      .replace('"title": "x"', `"title": "x", "parameters": {"${pick(rand, FORBIDDEN_KEYS)}": {"value": 1}}, "let": {"${pick(rand, FORBIDDEN_KEYS)}": 2}`)],
    ['deep expressions', () => {
      const n = Math.floor(logUniform(rand, 10, 10_000));
      const expression = pick(rand, [`${'('.repeat(n)}1${')'.repeat(n)}`, `${'-'.repeat(n)}1`, `${'sin('.repeat(n)}1${')'.repeat(n)}`, `${'[1, '.repeat(n)}1${']'.repeat(n)}`, Array(n).fill('1').join(' + '), `x${'[0]'.repeat(n)}`]);
      return minimalModel('').replace('"mass": 1', `"mass": "${expression}"`);
    }],
    ['runaway repeats', () => minimalModel('').replace('"bodies": [', `"groups": [{"repeat": {"i": {"from": 0, "to": ${pick(rand, ['1e9', '1e308', '2e4', '20001', '-1e9', '1.5'])}}${rand() < 0.5 ? ', "j": {"from": 0, "to": 1000}' : ''}}, "bodies": [{"name": "r{i}", "mass": 1, "inertia": [1, 1, 1]}]}], "bodies": [`)],
    ['huge names from templates', () => {
      const piece = long(1000);
      return minimalModel('').replace('"title": "x"', `"title": "x", "let": {"s": "'${piece}'", "s2": "s + s", "s3": "s2 + s2"}`)
        .replace('"name": "b"', `"name": "{${pick(rand, ['s', 's2', 's3'])}}{s}{s}{s}"`);
    }],
    ['many bodies', () => {
      // 300 bodies is the limit (read and assembled, about 50 ms); more are refused before anything is built.
      const n = pick(rand, [300, 301, 301, 2000, 2000, 1e6]);
      return `{"format": "hht-model/1", "title": "many", "gravity": [0, 0, -9.81], "parameters": {"N": {"value": ${n}}}, "groups": [{"repeat": {"i": {"from": 1, "to": "N"}}, "bodies": [{"name": "b{i}", "mass": 1, "inertia": [1, 1, 1], "position": ["i", 0, 0]}], "joints": [{"name": "j{i}", "type": "${pick(rand, ['revolute', 'fixed', 'spherical'])}", "bodies": ["{i == 1 ? 'ground' : 'b' + (i - 1)}", "b{i}"], "at": ["i - 0.5", 0, 0], "axis": [0, 1, 0]}]}]}`;
    }],
    ['a lone value', () => pick(rand, [JSON.stringify(long(Math.floor(logUniform(rand, 10, 5e5)))), '1e999', '-0', 'true', 'null', '[]', '{}', `[${'1,'.repeat(1000)}1]`])],
    ['garbage', () => Array.from({ length: Math.floor(rand() * 400) }, () => String.fromCharCode(Math.floor(rand() * 0xffff))).join('')],
  ];
  const [kind, make] = cases[r];
  return { seed, group: 'hostile', kind, text: make() };
}

/** A text of about 10 MB (above the character limit: refused before it is parsed). */
export function tenMegabyteCase(): ModelCase {
  const filler = `"${'x'.repeat(1000)}",`;
  return { seed: 0, group: 'hostile', kind: 'a 10 MB file', text: `{"format": "hht-model/1", "title": "big", "description": [${filler.repeat(10_000)}"end"]}` };
}

// ---------------------------------------------------------------------------------------------
// Hostile work: small texts inside every size limit whose evaluation was unbounded (exponential equality on
// shared lists, a scope copied per `let` entry, a group's `let` evaluated per repetition). Each is a whole model
// file, one key per line, so an issue's line names the entry.

const oneBody = { name: 'b', mass: 1, inertia: [1, 1, 1] };

function fileOf(doc: { [key: string]: Json }): string {
  return JSON.stringify({ format: 'hht-model/1', title: 'hostile work', ...doc }, null, 1);
}

/**
 * `l0 = [1, 2]`, `l_i = [l_{i-1}, l_{i-1}]` for i = 1 … levels: each list is two references to the one before,
 * so it is built in one step and stands for 2^i items; `test` (default `l{levels} == l{levels}`) compares them.
 */
export function sharedListsText(levels: number, test = `l${levels} == l${levels}`): string {
  const lets: { [key: string]: Json } = { l0: '[1, 2]' };
  for (let i = 1; i <= levels; i++) lets[`l${i}`] = `[l${i - 1}, l${i - 1}]`;
  return fileOf({ let: lets, bodies: [{ ...oneBody, mass: `${test} ? 1 : 2` }] });
}

/** `count` `let` entries, each the one before plus one (`chained`) or a plain number. */
export function manyLetsText(count: number, chained: boolean): string {
  const lets: { [key: string]: Json } = { v0: 1 };
  for (let i = 1; i < count; i++) lets[`v${i}`] = chained ? `v${i - 1} + 1` : i;
  return fileOf({ let: lets, bodies: [{ ...oneBody, mass: `v${count - 1} > 0 ? 1 : 2` }] });
}

/**
 * One repeated group of `repetitions` copies with `entries` `let` entries each the one before plus one; the first
 * is `k` (the loop variable: every entry depends on the copy) or 1 (none does). The group holds no item.
 */
export function groupLetsText(entries: number, repetitions: number, dependsOnCopy: boolean): string {
  const lets: { [key: string]: Json } = { a0: dependsOnCopy ? 'k' : '1' };
  for (let i = 1; i < entries; i++) lets[`a${i}`] = `a${i - 1} + 1`;
  return fileOf({ bodies: [oneBody], groups: [{ repeat: { k: { from: 1, to: repetitions } }, let: lets }] });
}

/** A random text of the kinds above, sized anywhere from harmless to far past the evaluation budget. */
export function hostileWorkCase(seed: number): ModelCase {
  const rand = mulberry32(seed);
  const r = Math.floor(rand() * 6);
  // Half of the sizes from the top decade of the range, where the work used to explode.
  const size = (lo: number, hi: number) => Math.floor(logUniform(rand, rand() < 0.5 ? lo : Math.max(lo, hi / 10), hi));
  const cases: [string, () => string][] = [
    ['shared lists compared', () => sharedListsText(size(1, 80))],
    ['a shared list compared many times', () => {
      const levels = size(8, 16);
      return sharedListsText(levels, Array.from({ length: size(1, 200) }, () => `l${levels} == l${levels}`).join(' && '));
    }],
    ['many let entries', () => manyLetsText(size(10, 60_000), rand() < 0.5)],
    ['group lets, copy-independent', () => groupLetsText(size(1, 300), size(1, 20_000), false)],
    ['group lets, copy-dependent', () => groupLetsText(size(1, 300), size(1, 20_000), true)],
    ['long texts joined', () => fileOf({
      let: { s: `'${'x'.repeat(size(1, 999))}'`, ...Object.fromEntries(Array.from({ length: size(1, 2000) }, (_, i) => [`j${i}`, 's + s'])) },
      bodies: [oneBody],
    })],
  ];
  const [kind, make] = cases[r];
  return { seed, group: 'hostile', kind, text: make() };
}

/**
 * A valid chain written with much `let`: a long run of derived numbers, a list of pin positions, a record, nested
 * lists compared with `==`, and a repeated group whose `let` mixes entries that depend on the copy and entries
 * that do not (computed once). The reader must accept it.
 */
export function letHeavyCase(seed: number): ModelCase {
  const rand = mulberry32(seed);
  const n = 1 + Math.floor(rand() * 6);
  const extra = Math.floor(logUniform(rand, 1, 3000));
  const lets: { [key: string]: Json } = { L: round(uniform(rand, 0.2, 1)) };
  for (let i = 0; i < extra; i++) lets[`d${i}`] = i === 0 ? 'L' : rand() < 0.5 ? `d${i - 1} + 0` : `d${i - 1} * 1`;
  lets.span = `d${extra - 1}`;
  lets.pins = `[${Array.from({ length: n + 1 }, (_, k) => `${k} * span`).join(', ')}]`;
  lets.arm = { length: 'span', mass: round(logUniform(rand, 0.1, 5)) };
  lets.grid = '[[0, 1], [2, 3]]';
  lets.same = 'grid == [[0, 1], [2, 3]] && [grid, grid] == [grid, [[0, 1], [2, 3]]] ? 1 : 0';
  const doc: { [key: string]: Json } = {
    format: 'hht-model/1', title: 'let-heavy chain',
    parameters: { N: { value: n, integer: true, min: 1, max: 6 } },
    let: lets,
    gravity: [0, -9.81, 0],
    groups: [{
      repeat: { k: { from: 1, to: 'N' } },
      let: {
        half: 'arm.length / 2', x: 'pins[k - 1]', m: 'arm.mass * same + 0.1 * (k % 2)', size: '[arm.length, 0.05, 0.05]',
        link: "'link ' + k", previous: "k == 1 ? 'ground' : 'link ' + (k - 1)",
      },
      bodies: [{ name: '{link}', mass: 'm', position: ['x + half', 0, 0], shape: { type: 'box', size: 'size' } }],
      joints: [{ name: 'pin {k}', type: 'revolute', bodies: ['{previous}', '{link}'], at: ['x', 0, 0], axis: [0, 0, 1] }],
    }],
    outputs: [{ type: 'position', name: 'tip y', point: 'link {N}', component: 'y' }],
  };
  return { seed, group: 'valid', kind: 'let-heavy chain', text: JSON.stringify(doc, null, rand() < 0.5 ? 1 : undefined), mustRead: true, falling: [] };
}
