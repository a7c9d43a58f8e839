/**
 * A small writer of WebAssembly modules, for the programs written at run time from a model's fixed structure
 * (luSolveProgram.ts): one function that imports the kernels' memory (env.memory) and reads and
 * writes it at constant addresses. Only the opcodes those programs use (WebAssembly Core Specification 2.0, §5).
 */

export const I32 = 0x7f, F64 = 0x7c;
export const END = 0x0b, SELECT = 0x1b, LOCAL_GET = 0x20, LOCAL_TEE = 0x22;
export const F64_LOAD = 0x2b, F64_STORE = 0x39, I32_CONST = 0x41, F64_CONST = 0x44;
export const F64_LT = 0x63, F64_ABS = 0x99, F64_SUB = 0xa1, F64_MUL = 0xa2;
/** log2 of an f64's alignment, the first half of every f64 load's and store's memarg. */
const ALIGN_8 = 3;

/** Bytes of WebAssembly, appended to. */
export class Bytes {
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

  /** f64.const v. */
  constant(v: number): void {
    this.byte(F64_CONST);
    this.bytes(new Uint8Array(Float64Array.of(v).buffer));
  }

  /** f64.load from the constant address `at` (i32.const 0, the address as the offset). */
  load(at: number): void { this.bytes([I32_CONST, 0, F64_LOAD, ALIGN_8]); this.u32(at); }

  /** f64.load from the address on the stack plus `offset`. */
  loadAt(offset: number): void { this.bytes([F64_LOAD, ALIGN_8]); this.u32(offset); }

  /** f64.store of the stack's value at its address plus `offset` (the address pushed before the value). */
  store(offset: number): void { this.bytes([F64_STORE, ALIGN_8]); this.u32(offset); }

  view(): Uint8Array<ArrayBuffer> { return this.data.subarray(0, this.length); }
}

/** A module section: its id, its contents' length, its contents. */
function section(out: Bytes, id: number, contents: ArrayLike<number>): void {
  out.byte(id);
  out.u32(contents.length);
  out.bytes(contents);
}

const name = (s: string) => [s.length, ...Array.from(s, (c) => c.charCodeAt(0))];

/**
 * A module of one function `exported`, of type (params) → (results), whose body (locals and code, END included) is
 * `body`, importing env.memory.
 */
export function moduleBytes(exported: string, [params, results]: [number[], number[]], body: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Bytes();
  out.bytes([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
  section(out, 1, [1, 0x60, params.length, ...params, results.length, ...results]);
  section(out, 2, [1, ...name('env'), ...name('memory'), 0x02, 0x00, 0x00]); // a memory of at least 0 pages
  section(out, 3, [1, 0]);
  section(out, 7, [1, ...name(exported), 0x00, 0]);
  const code = new Bytes();
  code.byte(1);
  code.u32(body.length);
  code.bytes(body);
  section(out, 10, code.view());
  return out.view();
}

/**
 * The exported function of `bytes`, instantiated on `memory`; null where it cannot be compiled here (a browser's main
 * thread compiles only small modules synchronously): the caller then keeps its loop kernel.
 */
export function compileProgram(memory: WebAssembly.Memory, exported: string, bytes: Uint8Array<ArrayBuffer>): unknown {
  try {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { memory } });
    return instance.exports[exported];
  } catch {
    return null;
  }
}
