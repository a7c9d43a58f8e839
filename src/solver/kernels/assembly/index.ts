/** The WebAssembly kernels of the Newton step, one module (see ../README.md of the folder: ../wasm.ts). */
export { luRefactor, luSolve } from './lu';
