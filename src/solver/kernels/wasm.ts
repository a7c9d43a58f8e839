/**
 * The WebAssembly side of the Newton step: the module compiled from src/solver/kernels/assembly/ (AssemblyScript;
 * `npm run kernels` writes its bytes into kernels.generated.ts), compiled once per process, and a fixed-size memory
 * per use with the arrays the kernels walk.
 *
 * Memory is allocated once, sized for the model, and never grown: memory.grow detaches the old ArrayBuffer, and
 * once any buffer of a process has been detached, typed-array code in that process runs 25–42 % slower in Node 20
 * (docs/performance-lu.md, "A Node pitfall"). When a new analysis needs more room, a new memory replaces the old
 * one (a new buffer is not a detach).
 *
 * The module is compiled synchronously (new WebAssembly.Module): allowed in Node and in Web Workers, where every
 * run of the app is computed.
 */
import { KERNELS_WASM_BASE64 } from './kernels.generated';

/** The kernels' exports; pointers are byte offsets into the instance's memory. */
export interface KernelExports {
  luRefactor(
    n: number, rowStartPtr: number, diagPtr: number, columnPtr: number, targetPtr: number, inversePivotPtr: number,
    originalPtr: number, luPtr: number, factorEntries: number, outsideEntries: number, threshold: number, singularRatio: number,
  ): number;
  luSolve(
    n: number, rowOrderPtr: number, colOrderPtr: number, rowStartPtr: number, diagPtr: number, columnPtr: number,
    inversePivotPtr: number, luPtr: number, workPtr: number, rhsPtr: number, flushBelow: number, negate: number,
  ): void;
  constraintRecordLength(): number;
  constraintValues(programPtr: number, headersPtr: number, count: number, qPtr: number, valuesPtr: number, bodies: number, tablePtr: number): void;
  runConstraints(
    programPtr: number, headersPtr: number, count: number, qPtr: number, valuesPtr: number, blocksPtr: number, zeroAll: number,
    bodies: number, tablePtr: number,
  ): void;
  recordHeaders(programPtr: number, count: number, headersPtr: number): void;
  addJacobianTransposeTimes(bodies: number, bodyRunStartPtr: number, bodyRunsPtr: number, blocksPtr: number, lambdaPtr: number, outPtr: number): void;
  jacobianTimes(m: number, rowEntriesPtr: number, entryColumnPtr: number, blocksPtr: number, vPtr: number, outPtr: number): void;
  predict(order: number, n: number, available: number, xPtr: number, tablePtr: number, outPtr: number): number;
  bodyBlocks(
    parts: number, bodyCount: number, inertiasPtr: number, qPtr: number, qdPtr: number, qddPtr: number,
    sM: number, sK: number, sQ: number, outPtr: number,
  ): void;
  modifiedHistory(bodyCount: number, h: number, gamma: number, qPtr: number, qdPtr: number, qddPtr: number, historyPtr: number): void;
  hhtKinematics(
    bodyCount: number, h: number, beta: number, gamma: number, modified: number,
    qPtr: number, qdPtr: number, qddPtr: number, qddNewPtr: number, historyPtr: number, qNewPtr: number, qdNewPtr: number,
  ): void;
  forceTerm(
    modelPtr: number, qPtr: number, qdPtr: number, qddPtr: number, massScale: number, lambdaPtr: number, forceOldPtr: number,
    oldWeight: number, outPtr: number,
  ): void;
  hhtAccept(modelPtr: number, vectorsPtr: number, h: number, beta: number, gamma: number, modified: number): void;
  hhtResidual(modelPtr: number, vectorsPtr: number, h: number, beta: number, gamma: number, modified: number, massScale: number, oldWeight: number): void;
  acceptState(tablePtr: number): void;
  copyF64(destinationPtr: number, sourcePtr: number, count: number): void;
  scaleRange(xPtr: number, from: number, to: number, s: number): void;
  newtonCorrection(n: number, m: number, dPtr: number, xPtr: number, positionsPtr: number, outPtr: number): void;
  multiplierStiffness(tablePtr: number, qPtr: number, lambdaPtr: number, scale: number): void;
  hhtNewtonMatrix(
    tablePtr: number, part: number, qPtr: number, qdPtr: number, qddPtr: number, lambdaPtr: number, historyPtr: number,
    h: number, beta: number, gamma: number, alpha: number, modified: number,
  ): void;
  bodyForces(
    bodyCount: number, massesPtr: number, inertiasPtr: number, qPtr: number, qdPtr: number, qddPtr: number, massScale: number,
    loadsPtr: number, forceScale: number, forceOldPtr: number, oldWeight: number, outPtr: number,
  ): void;
}

const PAGE_BYTES = 65536;
/** The first bytes are the module's: AssemblyScript puts its static data (kernel scratch) from byte 1024 on. */
const RESERVED_BYTES = 4096;

let compiled: WebAssembly.Module | null = null;

/** The compiled module, made on first use. */
function kernelModule(): WebAssembly.Module {
  if (!compiled) {
    const text = atob(KERNELS_WASM_BASE64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    compiled = new WebAssembly.Module(bytes);
  }
  return compiled;
}

/** Bytes needed for f64 and i32 arrays of the given lengths, each aligned to 8 bytes. */
export function arrayBytes(f64Lengths: readonly number[], i32Lengths: readonly number[]): number {
  let bytes = 0;
  for (const l of f64Lengths) bytes += 8 * l;
  for (const l of i32Lengths) bytes += 4 * l + 4;
  return bytes;
}

/**
 * A fixed WebAssembly memory with an instance of the kernels on it, and a bump allocator of typed-array views.
 * Views stay valid for the memory's life (it never grows); reset() starts the allocation over. A region of another
 * memory (`within`) shares that memory's buffer and kernels and allocates only inside its own bytes, so that kernels
 * called on either see the vectors of both.
 */
export class KernelMemory {
  readonly kernels: KernelExports;
  /** The WebAssembly memory (a region's: that of the memory it was taken from), for modules written at run time. */
  readonly memory: WebAssembly.Memory;
  readonly capacity: number;
  /** The memory's buffer: an array is in this memory when its buffer is this one (then its pointer is its byteOffset). */
  readonly buffer: ArrayBuffer;
  /** The allocator's bytes: [base, limit), next free at top. */
  private readonly base: number;
  private readonly limit: number;
  private top: number;

  /** A memory holding at least `bytes` bytes of arrays; with `within`, a region of that many bytes taken from it. */
  constructor(bytes: number, within?: KernelMemory) {
    if (within) {
      this.kernels = within.kernels;
      this.memory = within.memory;
      this.buffer = within.buffer;
      this.base = within.take(bytes);
      this.limit = this.base + ((bytes + 7) & ~7);
    } else {
      const pages = Math.max(1, Math.ceil((bytes + RESERVED_BYTES) / PAGE_BYTES));
      const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
      this.kernels = new WebAssembly.Instance(kernelModule(), { env: { memory } }).exports as unknown as KernelExports;
      this.memory = memory;
      this.buffer = memory.buffer;
      this.base = RESERVED_BYTES;
      this.limit = pages * PAGE_BYTES;
    }
    this.top = this.base;
    this.capacity = this.limit - this.base;
  }

  /** a's pointer (its byteOffset) if a lives in this memory, else −1. */
  pointerOf(a: Float64Array): number { return a.buffer === this.buffer ? a.byteOffset : -1; }

  /** Bytes still free. */
  get free(): number { return this.limit - this.top; }

  /** Forgets every allocation (the views made so far alias what comes next). */
  reset(): void { this.top = this.base; }

  /** A zeroed f64 array of `length` in the memory; its pointer is its byteOffset. */
  f64(length: number): Float64Array {
    const view = new Float64Array(this.buffer, this.take(8 * length), length);
    view.fill(0);
    return view;
  }

  /** A zeroed i32 array of `length` in the memory, 8-byte aligned. */
  i32(length: number): Int32Array {
    const view = new Int32Array(this.buffer, this.take(4 * length + 4), length);
    view.fill(0);
    return view;
  }

  private take(bytes: number): number {
    const at = this.top;
    const size = (bytes + 7) & ~7;
    if (at + size > this.limit) throw new RangeError(`kernel memory: ${bytes} bytes do not fit (${this.free} free)`);
    this.top = at + size;
    return at;
  }
}
