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
import { DenseAccumulator } from '../../src/solver/linalg/accumulator';
import { ExtrapolatingPredictor } from '../../src/solver/integrators/predictor';
import { AssembledSystem } from '../../src/solver/model/assembly';
import { bodyFixedMoment, globalForce, globalMoment } from '../../src/solver/model/loads';
import { KernelNewtonVectors } from '../../src/solver/integrators/kernelNewtonVectors';
import { plainNewtonVectors } from '../../src/solver/integrators/newtonDriver';

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
    // The integrator's vectors live in the model's memory, where the kernels read them in place.
    const stepper = sim.integrator;
    for (const v of [stepper.q, stepper.qd, stepper.qdd, stepper.lambda, stepper.qNew, stepper.qdNew, stepper.qddNew, stepper.lambdaNew]) {
      expect(sim.system.inKernelMemory(v)).toBe(true);
    }
  });

  it('compute the bodies\' force and inertia terms the same to the bit on vectors in the memory and outside it', () => {
    for (const id of ['heavy-top', 'v8-crank'] as const) {
      const sim = new Simulation(paperModel(id), { method: 'modified', alpha: -0.3, h: 1e-4, tEnd: 0.003, sampleEvery: 100 });
      sim.advance(Number.MAX_SAFE_INTEGER, () => {});
      const { system, integrator } = sim;
      const { n, m } = system;
      const plain = (v: Float64Array) => Float64Array.from(v);
      const old = Float64Array.from({ length: n }, (_, i) => Math.sin(i + 0.5));
      const inMemory = system.kernelVector(n + m), outside = new Float64Array(n + m + 3);
      expect(system.inKernelMemory(inMemory)).toBe(true);
      system.updateConstraintJacobian(integrator.q, integrator.t);
      system.forceTerms(integrator.q, integrator.qd, integrator.t, integrator.lambda, integrator.qdd, 0.7, old, 0.3, inMemory);
      system.forceTerms(plain(integrator.q), plain(integrator.qd), integrator.t, plain(integrator.lambda), plain(integrator.qdd), 0.7, old, 0.3, outside);
      expect(Array.from(outside.subarray(0, n)), id).toEqual(Array.from(inMemory.subarray(0, n)));
      expect(outside.subarray(n).every((x) => x === 0), id).toBe(true);
    }
  });

  it('factorise and solve the heavy top\'s Newton matrix in the model\'s memory, the right-hand side in place', () => {
    const sim = new Simulation(paperModel('heavy-top'), { method: 'modified', alpha: -0.2, h: 1e-4, tEnd: 0.01, sampleEvery: 100 });
    expect(sim.advance(Number.MAX_SAFE_INTEGER, () => {})).toBe('finished');
    const linear = sim.integrator.driver.linear as SparseNewtonSolver;
    expect(linear.lu.memories).toBe(1);
    expect(linear.accumulator.values.buffer).toBe(sim.system.kernelMemory.buffer);
  });

  it('run the HHT residual and acceptance in one kernel call each to the same bits as in separate calls with the loads in TypeScript', () => {
    const bits = (v: Float64Array) => Array.from(new Uint32Array(Float64Array.from(v).buffer));
    for (const method of ['classical', 'modified'] as const) {
      const settings = { method, alpha: -0.2, h: 1e-4, tEnd: 0.02, sampleEvery: 50 };
      const model = paperModel('heavy-top');
      // The same gravity, not marked constant: added up in TypeScript at every residual, in three kernel calls.
      const unmarked = { ...model, loads: model.loads.map((load) => ({ ...load, constant: false })) };
      const fused = new Simulation(model, settings), separate = new Simulation(unmarked, settings);
      expect(fused.system.loadsCompiled).toBe(true);
      expect(separate.system.loadsCompiled).toBe(false);
      expect(fused.advance(Number.MAX_SAFE_INTEGER, () => {})).toBe('finished');
      expect(separate.advance(Number.MAX_SAFE_INTEGER, () => {})).toBe('finished');
      const a = fused.integrator, b = separate.integrator;
      for (const key of ['q', 'qd', 'qdd', 'lambda'] as const) expect(bits(a[key]), `${method} ${key}`).toEqual(bits(b[key]));
      expect(a.totalIterations).toBe(b.totalIterations);
    }
  });

  it('run the V8\'s residual and acceptance with its crank torque in the kernel to the same bits as with the torque in TypeScript', () => {
    const bits = (v: Float64Array) => Array.from(new Uint32Array(Float64Array.from(v).buffer));
    for (const method of ['classical', 'modified'] as const) {
      const settings = { method, alpha: -0.3, h: 1e-4, tEnd: 0.02, sampleEvery: 50 };
      const model = paperModel('v8-crank');
      expect(model.loads.some((load) => load.compiled?.kind === 'global-moment')).toBe(true);
      // The same moment T(t) in global axes, not marked compiled: Q_e = 2 Eᵀ T added in TypeScript, in three kernel calls.
      const unmarked = { ...model, loads: model.loads.map((load) => ({ ...load, compiled: undefined })) };
      const fused = new Simulation(model, settings), separate = new Simulation(unmarked, settings);
      expect(fused.system.loadsCompiled).toBe(true);
      expect(separate.system.loadsCompiled).toBe(false);
      const oneCall = { residual: 0, accept: 0 };
      const { system } = fused, residual = system.hhtResidual.bind(system), accept = system.hhtAccept.bind(system);
      system.hhtResidual = (...args: Parameters<AssembledSystem['hhtResidual']>) => residual(...args) && ++oneCall.residual > 0;
      system.hhtAccept = (...args: Parameters<AssembledSystem['hhtAccept']>) => accept(...args) && ++oneCall.accept > 0;
      expect(fused.advance(Number.MAX_SAFE_INTEGER, () => {})).toBe('finished');
      expect(separate.advance(Number.MAX_SAFE_INTEGER, () => {})).toBe('finished');
      const a = fused.integrator, b = separate.integrator;
      for (const key of ['q', 'qd', 'qdd', 'lambda'] as const) expect(bits(a[key]), `${method} ${key}`).toEqual(bits(b[key]));
      expect(a.totalIterations).toBe(b.totalIterations);
      expect(oneCall.residual).toBe(a.totalIterations);
      expect(oneCall.accept).toBe(Math.round(settings.tEnd / settings.h));
    }
  });

  it('add a force and moments in body and global axes in the kernel as the TypeScript loads do, to the bit', () => {
    const sim = new Simulation(paperModel('v8-crank'), { method: 'modified', alpha: -0.3, h: 1e-4, tEnd: 0.003, sampleEvery: 100 });
    sim.advance(Number.MAX_SAFE_INTEGER, () => {});
    const { model } = sim.system;
    const vector = (phase: number) => (t: number, out: Float64Array) => {
      out[0] = Math.sin(3 * t + phase); out[1] = 1 / (1.5 + t + phase); out[2] = Math.cos(7 * t * phase) - 0.3;
    };
    const extra = [globalForce(2, vector(0.1)), bodyFixedMoment(2, vector(0.7)), globalMoment(3, vector(1.3)), bodyFixedMoment(3, vector(2.1))];
    const loads = [...model.loads, ...extra];
    const compiled = new AssembledSystem({ ...model, loads });
    const separate = new AssembledSystem({ ...model, loads: loads.map((load) => ({ ...load, compiled: undefined })) });
    expect(compiled.loadsCompiled).toBe(true);
    expect(separate.loadsCompiled).toBe(false);
    const { q, qd, qdd, lambda, t } = sim.integrator;
    const old = Float64Array.from({ length: compiled.n }, (_, i) => Math.sin(i + 0.5));
    const a = new Float64Array(compiled.n), b = new Float64Array(compiled.n);
    for (const system of [compiled, separate]) system.updateConstraintJacobian(q, t);
    for (const time of [t, t + 0.25, t]) {
      compiled.forceTerms(q, qd, time, lambda, qdd, 0.7, old, 0.3, a);
      separate.forceTerms(q, qd, time, lambda, qdd, 0.7, old, 0.3, b);
      expect(Array.from(a)).toEqual(Array.from(b));
    }
  });

  it('M(q) q̈ of the bodies\' kernel is the assembled mass matrix times q̈ (Sherif Eq. 9, f1 = 4 LᵀJL ë)', () => {
    const sim = new Simulation(paperModel('v8-crank'), { method: 'classical', alpha: -0.3, h: 1e-4, tEnd: 0.002, sampleEvery: 100 });
    sim.advance(Number.MAX_SAFE_INTEGER, () => {});
    const { system, integrator } = sim;
    const n = system.n, q = integrator.q, qdd = integrator.qdd;
    const lambda = new Float64Array(system.m), zeroQd = new Float64Array(n);
    const withMass = new Float64Array(n), without = new Float64Array(n);
    system.updateConstraintJacobian(q, 0);
    system.forceTerms(q, zeroQd, 0, lambda, qdd, 1, null, 0, withMass);
    system.forceTerms(q, zeroQd, 0, lambda, null, 0, null, 0, without);
    const dense = new Float64Array(n * n);
    system.addMassMatrix(q, 1, new DenseAccumulator(dense, n));
    for (let i = 0; i < n; i++) {
      let mq = 0;
      for (let j = 0; j < n; j++) mq += dense[i * n + j] * qdd[j];
      expect(withMass[i] - without[i]).toBeCloseTo(mq, 9);
    }
  });

  it('extrapolate the same to the bit with the history in a model\'s memory and in a memory of their own, odd sizes', () => {
    const sim = new Simulation(paperModel('heavy-top'), { method: 'modified', alpha: -0.2, h: 1e-4, tEnd: 0.001, sampleEvery: 100 });
    for (const size of [1, 3, 11]) {
      const shared = new ExtrapolatingPredictor(size, 'auto', sim.system), own = new ExtrapolatingPredictor(size, 'auto');
      const a = new Float64Array(size), b = new Float64Array(size);
      for (let k = 0; k < 12; k++) {
        const x = Float64Array.from({ length: size }, (_, i) => Math.cos(0.3 * k + i) + 1e-3 * k * k);
        shared.predict(0.1, x, a);
        own.predict(0.1, x, b);
        expect(Array.from(a)).toEqual(Array.from(b));
        shared.push(x);
        own.push(x);
      }
    }
  });

  it('do the Newton driver\'s per-iteration arithmetic in the memory as in JavaScript, to the bit, NaN included', () => {
    const memory = new KernelMemory(4096);
    const kernel = new KernelNewtonVectors(memory, (l) => memory.f64(l));
    const n = 7, m = 5;
    const cases = [[], [2], [n + 3]].map((nanAt) => Float64Array.from({ length: n + m }, (_, i) => (nanAt.includes(i) ? NaN : Math.sin(3 * i + 1) * 10 ** (i % 5 - 2))));
    for (const d of cases) {
      const [dk, xk, pk, ok] = [n + m, n + m, n, 4].map((l) => kernel.vector(l));
      dk.set(d);
      xk.set(Float64Array.from({ length: n + m }, (_, i) => Math.cos(i) - 0.5));
      pk.set(Float64Array.from({ length: n }, (_, i) => -3 * Math.sin(i)));
      const [dp, xp, pp, op] = [dk, xk, pk, ok].map((v) => Float64Array.from(v));
      kernel.scaleRange(xk, n, n + m, 1 / 3e-7);
      plainNewtonVectors.scaleRange(xp, n, n + m, 1 / 3e-7);
      kernel.correct(n, m, dk, xk, pk, ok);
      plainNewtonVectors.correct(n, m, dp, xp, pp, op);
      expect(Array.from(ok)).toEqual(Array.from(op));
      expect(Array.from(xk)).toEqual(Array.from(xp));
    }
  });

  it('move the accepted step into the state and raise the error weights in one call as the JavaScript copies do, to the bit', () => {
    const run = (inKernel: boolean) => {
      const sim = new Simulation(paperModel('v8-crank'), { method: 'modified', alpha: -0.3, h: 1e-4, tEnd: 0.003, sampleEvery: 100 });
      if (!inKernel) (sim.integrator as unknown as { acceptTable: unknown }).acceptTable = null;
      sim.advance(Number.MAX_SAFE_INTEGER, () => {});
      const s = sim.integrator;
      return [s.q, s.qd, s.qdd, s.lambda, s.weights.position, s.weights.velocity].map((v) => Array.from(v));
    };
    expect(run(true)).toEqual(run(false));
    const sim = new Simulation(paperModel('v8-crank'), { method: 'modified', alpha: -0.3, h: 1e-4, tEnd: 0.001, sampleEvery: 100 });
    expect((sim.integrator as unknown as { acceptTable: unknown }).acceptTable).not.toBeNull();
    for (const v of [sim.integrator.weights.position, sim.integrator.weights.velocity]) expect(sim.system.inKernelMemory(v)).toBe(true);
  });

  it('push a history held in the memory by a kernel copy as the JavaScript copy does, to the bit', () => {
    const sim = new Simulation(paperModel('heavy-top'), { method: 'modified', alpha: -0.2, h: 1e-4, tEnd: 0.001, sampleEvery: 100 });
    const size = 5, shared = new ExtrapolatingPredictor(size, 'auto', sim.system), own = new ExtrapolatingPredictor(size, 'auto');
    const x = sim.system.kernelVector(size), a = new Float64Array(size), b = new Float64Array(size);
    for (let k = 0; k < 12; k++) {
      x.set(Float64Array.from({ length: size }, (_, i) => Math.cos(0.3 * k + i) + 1e-3 * k * k));
      shared.predict(0.1, x, a);
      own.predict(0.1, Float64Array.from(x), b);
      expect(Array.from(a)).toEqual(Array.from(b));
      shared.push(x);
      own.push(Float64Array.from(x));
    }
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

  it('evaluate C(q) alone as the program with its Jacobian does, to the bit, and leave the Jacobian blocks as they were', () => {
    const sim = new Simulation(paperModel('v8-crank'), { method: 'modified', alpha: -0.3, h: 1e-4, tEnd: 0.01, sampleEvery: 100 });
    sim.advance(Number.MAX_SAFE_INTEGER, () => {});
    const system = sim.system, q = sim.integrator.q;
    const withJacobian = new Float64Array(system.m), alone = new Float64Array(system.m);
    system.updateConstraintJacobianAndValues(q, 0.01, withJacobian, 0);
    const blocks = Array.from(system.jacobianBlocks);
    // Another state's values: the blocks must still be those of q.
    const moved = Float64Array.from(q, (x, k) => x + 1e-3 * Math.sin(k));
    system.evaluateConstraints(moved, 0.01, alone, 0);
    expect(Array.from(system.jacobianBlocks)).toEqual(blocks);
    system.evaluateConstraints(q, 0.01, alone, 0);
    expect(Array.from(alone)).toEqual(Array.from(withJacobian));
    expect(Math.max(...Array.from(alone, Math.abs))).toBeGreaterThan(0);
  });
  it('write in the one-call residual the C_q a full evaluation writes, to the bit, and add C_qᵀλ in the blocks\' order', () => {
    const sim = new Simulation(paperModel('v8-crank'), { method: 'modified', alpha: -0.3, h: 1e-4, tEnd: 0.003, sampleEvery: 100 });
    const { system } = sim, { n, m } = system, residual = system.hhtResidual.bind(system);
    let checked = 0;
    // After each one-call residual (which zeroes only the entries a primitive adds into), the blocks of a full
    // evaluation at the same q_{n+1}, every joint's block zeroed first.
    system.hhtResidual = (...args: Parameters<AssembledSystem['hhtResidual']>) => {
      if (!residual(...args)) return false;
      const qNew = args[7], t = args[13], blocks = Array.from(system.jacobianBlocks);
      system.updateConstraintJacobian(qNew, t);
      expect(Array.from(system.jacobianBlocks)).toEqual(blocks);
      checked++;
      return true;
    };
    expect(sim.advance(Number.MAX_SAFE_INTEGER, () => {})).toBe('finished');
    expect(checked).toBe(sim.integrator.totalIterations);
    // C_qᵀλ: each row's entries in the blocks' order (the kernel adds an exact zero's ±0, which changes no sum here).
    const lambda = Float64Array.from({ length: m }, (_, r) => Math.cos(3 * r + 0.2) * 10 ** ((r % 7) - 3));
    const expected = new Float64Array(n), out = new Float64Array(n);
    system.constraints.forEach((c, i) => {
      let o = system.blockOffsets[i];
      for (let r = 0; r < c.rows; r++) {
        const l = lambda[system.constraintRows[i] + r];
        for (const body of c.bodies) {
          for (let k = 0; k < 7; k++, o++) if (system.jacobianBlocks[o] !== 0) expected[7 * body + k] += system.jacobianBlocks[o] * l;
        }
      }
    });
    system.addJacobianTransposeTimes(lambda, out);
    expect(Array.from(out)).toEqual(Array.from(expected));
  });
});
