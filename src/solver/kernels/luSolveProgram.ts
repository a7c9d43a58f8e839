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
import { Bytes, compileProgram, END, F64, F64_ABS, F64_LT, F64_MUL, F64_SUB, I32, I32_CONST, LOCAL_GET, LOCAL_TEE, moduleBytes, SELECT } from './wasmWriter';

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

/** Parameters rhs (i32) and sign (f64), then the local v (f64). */
const RHS = 0, SIGN = 1, V = 2;

/** The body of solve: the forward sweep y = L⁻¹ P b into work, the backward sweep x = Q U⁻¹ y into rhs. */
function solveBody(layout: LuSolveLayout): Uint8Array<ArrayBuffer> {
  const { n, rowOrder, colOrder, rowStart, diag, column, valuesPointer, inversePivotPointer, workPointer, flushBelow } = layout;
  const code = new Bytes();
  code.bytes([1, 1, F64]); // one local: v
  const product = (e: number) => {
    code.load(valuesPointer + 8 * e);
    code.load(workPointer + 8 * column[e]);
    code.byte(F64_MUL);
    code.byte(F64_SUB);
  };
  for (let i = 0; i < n; i++) {
    code.bytes([I32_CONST, 0, LOCAL_GET, RHS]);
    code.loadAt(8 * rowOrder[i]);
    code.bytes([LOCAL_GET, SIGN, F64_MUL]);
    for (let e = rowStart[i]; e < diag[i]; e++) product(e);
    code.store(workPointer + 8 * i);
  }
  for (let i = n - 1; i >= 0; i--) {
    code.bytes([I32_CONST, 0]);
    code.load(workPointer + 8 * i);
    for (let e = diag[i] + 1; e < rowStart[i + 1]; e++) product(e);
    code.load(inversePivotPointer + 8 * i);
    code.bytes([F64_MUL, LOCAL_TEE, V]);
    code.store(workPointer + 8 * i);
    // rhs[colOrder[i]] = |v| < flushBelow ? 0 : v
    code.bytes([LOCAL_GET, RHS]);
    code.constant(0);
    code.bytes([LOCAL_GET, V, LOCAL_GET, V, F64_ABS]);
    code.constant(flushBelow);
    code.bytes([F64_LT, SELECT]);
    code.store(8 * colOrder[i]);
  }
  code.byte(END);
  return code.view();
}

/** The module: imports env.memory, exports solve(rhs: i32, sign: f64). */
export function luSolveModuleBytes(layout: LuSolveLayout): Uint8Array<ArrayBuffer> {
  return moduleBytes('solve', [[I32, F64], []], solveBody(layout));
}

/**
 * The program for `layout` on `memory`, or null where it cannot be compiled here (a browser's main thread compiles
 * only small modules synchronously): the caller then keeps the loop kernel.
 */
export function compileLuSolve(memory: WebAssembly.Memory, layout: LuSolveLayout): LuSolveProgram | null {
  return compileProgram(memory, 'solve', luSolveModuleBytes(layout)) as LuSolveProgram | null;
}
