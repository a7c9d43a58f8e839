/** Shared by the method-family tests (fast and long): a stepper for a method, and its ω series. */
import { expect } from 'vitest';
import { AssembledSystem } from '../../src/solver/model/assembly';
import type { MultibodyModel } from '../../src/solver/model/types';
import { ImplicitStepper } from '../../src/solver/integrators/implicitStepper';
import type { Method } from '../../src/solver/integrators/method';
import { angularVelocity } from '../../src/solver/rotation/eulerParameters';
import { statedInitialState } from '../../src/solver/model/prepare';

/** An initialised stepper running `make`'s method on the model. */
export function stepper(model: MultibodyModel, make: (s: AssembledSystem) => Method): ImplicitStepper {
  const system = new AssembledSystem(model);
  const st = new ImplicitStepper(system, make(system));
  const { q, qd } = statedInitialState(system);
  expect(st.initialize(q, qd, 0)).toBe(true);
  return st;
}

/** (t, ω) of body 0 every sampleEvery steps, stepping the method directly (no registry, no Simulation). */
export function stepperOmegaSeries(model: MultibodyModel, make: (s: AssembledSystem) => Method, h: number, tEnd: number, sampleEvery: number) {
  const st = stepper(model, make);
  const t: number[] = [0], omega: number[] = [];
  const w = new Float64Array(3);
  const record = () => { angularVelocity(st.q, 3, st.qd, 3, w, 0); omega.push(w[0], w[1], w[2]); };
  record();
  const steps = Math.round(tEnd / h);
  for (let k = 1; k <= steps; k++) {
    const r = st.step(h);
    if (!r.ok) throw new Error(`step ${k} failed: ${r.reason}`);
    if (k % sampleEvery === 0) { t.push(k * h); record(); }
  }
  return { t: Float64Array.from(t), omega: Float64Array.from(omega) };
}
