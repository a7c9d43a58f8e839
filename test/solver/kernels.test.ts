/**
 * The WebAssembly kernels' contract with the TypeScript around them (src/solver/kernels/): the record layout both
 * sides agree on, memory that never grows during a run, and a constraint evaluated alone equal to the same
 * constraint in the model's one-call program, to the bit. The kernels' mathematics is checked where it is used:
 * joints.test.ts (values and Jacobians against finite differences), sparseLu.test.ts, and every run.
 */
import { describe, expect, it } from 'vitest';
import { KernelMemory } from '../../src/solver/kernels/wasm';
import { RECORD_LENGTH } from '../../src/solver/kernels/constraintProgram';
import { Simulation } from '../../src/solver/simulate';
import { paperModel } from '../support/paperModel';
import { SparseNewtonSolver } from '../../src/solver/linalg/newtonSolver';

describe('WebAssembly kernels', () => {
  it('agree with the TypeScript side on the constraint record layout', () => {
    expect(new KernelMemory(0).kernels.constraintRecordLength()).toBe(RECORD_LENGTH);
  });

  it('refuse an allocation beyond the memory instead of growing it', () => {
    const memory = new KernelMemory(1000);
    memory.f64(memory.capacity / 8 - 1);
    expect(() => memory.f64(2)).toThrow(/do not fit/);
  });

  it('keep their memories for a whole V8 run: no growth, no detached buffer, one LU memory', () => {
    const sim = new Simulation(paperModel('v8-crank'), { method: 'modified', alpha: -0.3, h: 1e-4, tEnd: 0.05, sampleEvery: 100 });
    const blocks = sim.system.jacobianBlocks, bytes = blocks.buffer.byteLength;
    expect(sim.advance(Number.MAX_SAFE_INTEGER, () => {})).toBe('finished');
    expect(sim.system.jacobianBlocks).toBe(blocks);
    expect(blocks.buffer.byteLength).toBe(bytes);
    const linear = sim.integrator.driver.linear as SparseNewtonSolver;
    expect(linear.lu.memories).toBe(1);
    expect(linear.accumulator.values.buffer.byteLength).toBeGreaterThan(0);
  });

  it('evaluate a joint alone as the model program does, to the bit', () => {
    const sim = new Simulation(paperModel('v8-crank'), { method: 'modified', alpha: -0.3, h: 1e-4, tEnd: 0.01, sampleEvery: 100 });
    sim.advance(Number.MAX_SAFE_INTEGER, () => {});
    const system = sim.system, q = sim.integrator.q;
    const all = new Float64Array(system.m);
    system.updateConstraintJacobianAndValues(q, 0.01, all, 0);
    system.constraints.forEach((c, i) => {
      const ld = 7 * c.bodies.length, values = new Float64Array(c.rows), block = new Float64Array(c.rows * ld);
      c.evaluateWithJacobian!(q, 0.01, values, 0, block, 0);
      const row = system.constraintRows[i], off = system.blockOffsets[i];
      expect(Array.from(values), c.name).toEqual(Array.from(all.subarray(row, row + c.rows)));
      expect(Array.from(block), c.name).toEqual(Array.from(system.jacobianBlocks.subarray(off, off + c.rows * ld)));
    });
  });
});
