/**
 * The WebAssembly kernels of the Newton step, one module compiled from AssemblyScript by scripts/buildKernels.mjs
 * (`npm run kernels`). ../wasm.ts loads it and lays out the memory; each kernel's file says which equation it
 * implements.
 */
export { luRefactor, luSolve } from './lu';
export { constraintValues, constraintRecordLength, recordHeaders, runConstraints } from './constraints';
export { addJacobianTransposeTimes, jacobianTimes } from './products';
export { bodyForces, hhtKinematics, modifiedHistory } from './bodies';
export { predict } from './predictor';
export { bodyBlocks } from './bodies';
export { forceTerm, hhtAccept, hhtResidual } from './residual';
export { hhtNewtonMatrix, multiplierStiffness } from './newton';
export { newtonCorrection, scaleRange } from './newtonVectors';
export { acceptState, copyF64 } from './stepState';
