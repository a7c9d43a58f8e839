/**
 * What e2e/exactMath.spec.ts runs in Node and in the browser alike: every function of src/solver/exactMath.ts (and
 * the same function of Math) over the same seeded arguments, made with IEEE-exact operations only (a `**` or a
 * Math.pow here would make the arguments themselves differ between engines), hashed bit for bit.
 */
import * as exact from '../src/solver/exactMath';
import { mulberry32 } from '../test/support/prng';

type Name = 'sin' | 'cos' | 'tan' | 'asin' | 'acos' | 'atan' | 'atan2' | 'exp' | 'log' | 'log10' | 'pow' | 'hypot' | 'cbrt';

export interface ProbeResult {
  /** FNV-1a of the results' bits, per function: exactMath's, then Math's. */
  readonly exact: Record<Name, string>;
  readonly math: Record<Name, string>;
  /** How many of the results of Math differ from exactMath's on this engine. */
  readonly mathDiffers: Record<Name, number>;
}

/** x·2ᵏ, exactly. */
function scaled(x: number, k: number): number {
  for (; k > 0; k--) x *= 2;
  for (; k < 0; k++) x /= 2;
  return x;
}

/** Arguments of each function: its usual range and, now and then, any binade. */
function argumentsOf(name: Name, rand: () => number): number[] {
  const signed = (x: number) => (rand() < 0.5 ? -x : x);
  const anyBinade = () => signed(scaled(1 + rand(), Math.floor(rand() * 2000) - 1000));
  const wide = rand() < 0.1;
  switch (name) {
    case 'asin': case 'acos': return [signed(rand())];
    case 'exp': return [wide ? signed(700 * rand()) : signed(5 * rand())];
    case 'log': case 'log10': case 'cbrt': return [wide ? Math.abs(anyBinade()) : 10 * rand()];
    case 'pow': return [wide ? Math.abs(anyBinade()) : 10 * rand(), signed(10 * rand())];
    case 'atan2': return [signed(10 * rand()), signed(10 * rand())];
    case 'hypot': return [signed(10 * rand()), signed(10 * rand()), signed(rand())];
    default: return [wide ? anyBinade() : signed(20 * rand())];
  }
}

const NAMES: readonly Name[] = ['sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'exp', 'log', 'log10', 'pow', 'hypot', 'cbrt'];

/** Runs `count` arguments per function. */
export function probeExactMath(count: number): ProbeResult {
  const words = new Uint32Array(new Float64Array(1).buffer);
  const view = new Float64Array(words.buffer);
  const hash = (h: number, x: number) => {
    view[0] = x;
    h = Math.imul(h ^ words[0], 16777619);
    return Math.imul(h ^ words[1], 16777619);
  };
  const exactHashes = {} as Record<Name, string>, mathHashes = {} as Record<Name, string>, differs = {} as Record<Name, number>;
  const e = exact as unknown as Record<Name, (...x: number[]) => number>;
  const m = Math as unknown as Record<Name, (...x: number[]) => number>;
  NAMES.forEach((name, k) => {
    const rand = mulberry32(2024 + k);
    let he = 0x811c9dc5, hm = 0x811c9dc5, d = 0;
    for (let i = 0; i < count; i++) {
      const args = argumentsOf(name, rand);
      const a = e[name](...args), b = m[name](...args);
      he = hash(he, a);
      hm = hash(hm, b);
      if (!Object.is(a, b) && !(a !== a && b !== b)) d++;
    }
    exactHashes[name] = (he >>> 0).toString(16);
    mathHashes[name] = (hm >>> 0).toString(16);
    differs[name] = d;
  });
  return { exact: exactHashes, math: mathHashes, mathDiffers: differs };
}
