/**
 * The Newton driver's vectors in a model's kernel memory, and its per-iteration loops as kernel calls on them
 * (kernels/assembly/newtonVectors.ts): the same numbers as plainNewtonVectors, without JavaScript loops over
 * typed arrays. A vector outside the memory (the memory was full) takes the plain loops.
 */
import type { KernelMemory } from '../kernels/wasm';
import { plainNewtonVectors, type NewtonVectors } from './newtonDriver';

export class KernelNewtonVectors implements NewtonVectors {
  /** The arrays last seen at each argument place of `correct` and their pointers (reading `buffer` per call is slow). */
  private readonly seen: (Float64Array | null)[] = [null, null, null, null, null];
  private readonly pointers = new Int32Array(5);

  /** `vector`: the model's allocator of integrator vectors (AssembledSystem.kernelVector). */
  constructor(private readonly memory: KernelMemory, private readonly allocate: (length: number) => Float64Array) {}

  vector(length: number): Float64Array { return this.allocate(length); }

  scaleRange(x: Float64Array, from: number, to: number, s: number): void {
    const p = this.pointerAt(0, x);
    if (p < 0) plainNewtonVectors.scaleRange(x, from, to, s);
    else this.memory.kernels.scaleRange(p, from, to, s);
  }

  correct(n: number, m: number, d: Float64Array, x: Float64Array, positions: Float64Array, out: Float64Array): void {
    const pd = this.pointerAt(1, d), px = this.pointerAt(2, x), pp = this.pointerAt(3, positions), po = this.pointerAt(4, out);
    if (pd < 0 || px < 0 || pp < 0 || po < 0) plainNewtonVectors.correct(n, m, d, x, positions, out);
    else this.memory.kernels.newtonCorrection(n, m, pd, px, pp, po);
  }

  private pointerAt(place: number, a: Float64Array): number {
    if (this.seen[place] !== a) {
      this.seen[place] = a;
      this.pointers[place] = this.memory.pointerOf(a);
    }
    return this.pointers[place];
  }
}
