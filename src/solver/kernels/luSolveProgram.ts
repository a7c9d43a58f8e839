/**
 * The LU solve of one analysis as straight-line WebAssembly, written at run time (kernels/assembly/lu.ts: luSolve is
 * the same arithmetic as loops). The loop kernel walks rows of 3.7 entries on average, and its inner loop's exit is
 * a branch the processor mispredicts at most rows; for a pattern that stays, one load–multiply–subtract per entry
 * with every address a constant has no branch at all. The program does the loop kernel's operations in its order,
 * so the numbers are the same to the bit.
 *
 * Its function solve(rhs, sign) solves A x = sign · b in place at rhs (sign ±1: b negated as it is read is b · −1),
 * on the factors at the pointers it was written for.
 */

/** What the program reads: the analysis' structure and where the factors live in the memory (byte offsets). */
export interface LuSolveLayout {
  readonly n: number;
  readonly rowOrder: ArrayLike<number>;
  readonly colOrder: ArrayLike<number>;
  readonly rowStart: ArrayLike<number>;
  readonly diag: ArrayLike<number>;
  readonly column: ArrayLike<number>;
  readonly valuesPointer: number;
  readonly inversePivotPointer: number;
  readonly workPointer: number;
  /** |x_i| below this is written as 0 (sparseLu.ts: FLUSH_BELOW). */
  readonly flushBelow: number;
}

export type LuSolveProgram = (rhsPointer: number, sign: number) => void;

const F64_LOAD = 0x2b, F64_STORE = 0x39, I32_CONST = 0x41, F64_CONST = 0x44, LOCAL_GET = 0x20, LOCAL_TEE = 0x22;
const F64_ABS = 0x99, F64_LT = 0x63, F64_MUL = 0xa2, F64_SUB = 0xa1, SELECT = 0x1b, END = 0x0b;
/** Parameters rhs (i32) and sign (f64), then the local v (f64). */
const RHS = 0, SIGN = 1, V = 2;

/** Bytes of WebAssembly, appended to. */
class Bytes {
  private data: Uint8Array<ArrayBuffer> = new Uint8Array(1 << 12);
  length = 0;

  byte(b: number): void {
    if (this.length === this.data.length) {
      const grown = new Uint8Array(2 * this.data.length);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = b;
  }

  bytes(bs: ArrayLike<number>): void { for (let i = 0; i < bs.length; i++) this.byte(bs[i]); }

  /** Unsigned LEB128. */
  u32(v: number): void {
    do {
      const low = v & 0x7f;
      v = Math.floor(v / 128);
      this.byte(v === 0 ? low : low | 0x80);
    } while (v !== 0);
  }

  f64(v: number): void { this.bytes(new Uint8Array(Float64Array.of(v).buffer)); }

  /** An f64 load from the constant address `at` (i32.const 0 with the address as the offset). */
  load(at: number): void { this.bytes([I32_CONST, 0, F64_LOAD, 3]); this.u32(at); }

  view(): Uint8Array<ArrayBuffer> { return this.data.subarray(0, this.length); }
}

/** The body of solve: the forward sweep y = L⁻¹ P b into work, the backward sweep x = Q U⁻¹ y into rhs. */
function solveBody(layout: LuSolveLayout): Uint8Array<ArrayBuffer> {
  const { n, rowOrder, colOrder, rowStart, diag, column, valuesPointer, inversePivotPointer, workPointer, flushBelow } = layout;
  const code = new Bytes();
  code.bytes([1, 1, 0x7c]); // one local: v f64
  const product = (e: number) => {
    code.load(valuesPointer + 8 * e);
    code.load(workPointer + 8 * column[e]);
    code.byte(F64_MUL);
    code.byte(F64_SUB);
  };
  for (let i = 0; i < n; i++) {
    code.bytes([I32_CONST, 0, LOCAL_GET, RHS, F64_LOAD, 3]);
    code.u32(8 * rowOrder[i]);
    code.bytes([LOCAL_GET, SIGN, F64_MUL]);
    for (let e = rowStart[i]; e < diag[i]; e++) product(e);
    code.bytes([F64_STORE, 3]);
    code.u32(workPointer + 8 * i);
  }
  for (let i = n - 1; i >= 0; i--) {
    code.bytes([I32_CONST, 0]);
    code.load(workPointer + 8 * i);
    for (let e = diag[i] + 1; e < rowStart[i + 1]; e++) product(e);
    code.load(inversePivotPointer + 8 * i);
    code.bytes([F64_MUL, LOCAL_TEE, V, F64_STORE, 3]);
    code.u32(workPointer + 8 * i);
    // rhs[colOrder[i]] = |v| < flushBelow ? 0 : v
    code.bytes([LOCAL_GET, RHS, F64_CONST]);
    code.f64(0);
    code.bytes([LOCAL_GET, V, LOCAL_GET, V, F64_ABS, F64_CONST]);
    code.f64(flushBelow);
    code.bytes([F64_LT, SELECT, F64_STORE, 3]);
    code.u32(8 * colOrder[i]);
  }
  code.byte(END);
  return code.view();
}

/** A module section: its id, then its contents' length and contents. */
function section(out: Bytes, id: number, contents: ArrayLike<number>): void {
  out.byte(id);
  out.u32(contents.length);
  out.bytes(contents);
}

/** The module: imports env.memory, exports solve(rhs: i32, sign: f64). */
export function luSolveModuleBytes(layout: LuSolveLayout): Uint8Array<ArrayBuffer> {
  const out = new Bytes();
  out.bytes([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
  section(out, 1, [1, 0x60, 2, 0x7f, 0x7c, 0]); // type 0: (i32, f64) → ()
  const name = (s: string) => [s.length, ...Array.from(s, (c) => c.charCodeAt(0))];
  section(out, 2, [1, ...name('env'), ...name('memory'), 0x02, 0x00, 0x00]); // memory, at least 0 pages
  section(out, 3, [1, 0]); // function 0 of type 0
  section(out, 7, [1, ...name('solve'), 0x00, 0]); // export it
  const body = solveBody(layout);
  const code = new Bytes();
  code.byte(1);
  code.u32(body.length);
  code.bytes(body);
  section(out, 10, code.view());
  return out.view();
}

/**
 * The program for `layout` on `memory`, or null where it cannot be compiled here (a browser's main thread compiles
 * only small modules synchronously): the caller then keeps the loop kernel.
 */
export function compileLuSolve(memory: WebAssembly.Memory, layout: LuSolveLayout): LuSolveProgram | null {
  try {
    const module = new WebAssembly.Module(luSolveModuleBytes(layout));
    const instance = new WebAssembly.Instance(module, { env: { memory } });
    return instance.exports.solve as LuSolveProgram;
  } catch {
    return null;
  }
}
