/** The WebAssembly kernels of the Newton step, one module (see ../README.md of the folder: ../wasm.ts). */
export { luRefactor, luSolve } from './lu';
export { constraintsWithJacobian } from './constraints';
export { addJacobianTransposeTimes, jacobianTimes } from './products';
