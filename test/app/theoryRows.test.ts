import { describe, expect, it } from 'vitest';
import { defaultState } from '../../src/scenario/registry';
import { classicalOneStepOmega, modifiedOneStepE0, modifiedOneStepOmega } from '../../src/solver/studies/theory';
import { measuredFirstStep, measuredValue, STEP_LIMITS, theoryInputs, theoryRows } from '../../src/app/theoryRows';
import { paperModel } from '../support/paperModel';
import { classifyStabilityRun, DEFAULT_STABILITY_BOUNDS, stabilityRunSettings } from '../../src/solver/studies/stabilityStudy';
import { RUN_METHODS } from '../../src/scenario/methods';
import { createRunHandler, type HandlerEnv } from '../../src/worker/handler';
import { prepareRun } from '../../src/worker/prepare';
import type { WorkerToMain } from '../../src/worker/protocol';
import { startMessageOf } from '../../src/worker/startMessage';

/** The `head` of a real worker run (handler + prepareRun, as in the browser). */
function runHead(method: 'classical' | 'modified', alpha: number, h: number, values: Record<string, number[]>): { head: Float64Array; coordinates: number } {
  const messages: WorkerToMain[] = [];
  const tasks: Array<() => void> = [];
  const env: HandlerEnv = { post: (m) => messages.push(m), now: () => 0, schedule: (t) => tasks.push(t), prepare: prepareRun };
  const handle = createRunHandler(env);
  handle(startMessageOf({ ...defaultState('spin'), values, alpha, h, tEnd: 5 * h }, 1, method));
  while (tasks.length > 0) tasks.shift()!();
  const head = messages.flatMap((m) => (m.kind === 'chunk' && m.head.length > 0 ? [m.head] : []));
  expect(head).toHaveLength(1);
  return { head: head[0], coordinates: 7 };
}

describe('theory overlay rows', () => {
  const values = { J: [1, 2, 2], M: [5, 0, 0], omega0: [10, 0, 0] };
  const state = { ...defaultState('spin'), alpha: -0.2, h: 1e-3, values };

  it('evaluates the closed forms of theory.ts for α, h, ω′ = ω0_x and μ = M_x/J_x', () => {
    const inputs = theoryInputs(state);
    expect(inputs).toEqual({ alpha: -0.2, h: 1e-3, omega: 10, mu: 5, singleAxis: true });
    const rows = theoryRows(inputs);
    expect(rows.find((r) => r.key === 'eq28')!.prediction.value).toBe(classicalOneStepOmega(-0.2, 1e-3, 10, 5).value);
    expect(rows.find((r) => r.key === 'eq41')!.prediction.value).toBe(modifiedOneStepE0(1e-3, 10, 5).value);
    expect(rows.find((r) => r.key === 'eq42')!.prediction.value).toBe(modifiedOneStepOmega(-0.2, 1e-3, 10, 5).value);
    // Short-paper special cases say why they do not describe this run.
    expect(rows.find((r) => r.key === 'eq6-classical')!.notApplicable).toMatch(/M = 0/);
    expect(rows.find((r) => r.key === 'eq13')!.notApplicable).toMatch(/ω0 = 0/);
    expect(theoryInputs({ ...state, values: { ...values, M: [5, 1, 0] } }).singleAxis).toBe(false);
  });

  it('reads the first step from a worker run; it agrees with the closed forms as the solver tests say', () => {
    const rows = theoryRows(theoryInputs(state));
    for (const method of ['classical', 'modified'] as const) {
      const { head, coordinates } = runHead(method, -0.2, 1e-3, values);
      const step = measuredFirstStep(head, coordinates)!;
      expect(step.omegaBefore).toBe(10);
      for (const row of rows.filter((r) => r.method === method && !r.notApplicable)) {
        const measured = measuredValue(row, step) - row.before;
        const predicted = row.prediction.value - row.before;
        expect(Math.abs(measured - predicted)).toBeLessThan(1e-3 * Math.abs(measured));
      }
    }
    expect(measuredFirstStep(new Float64Array(10), 7)).toBeNull();
  });
});

describe('what limits each method\'s step (Theory tab), against runs of the heavy top', () => {
  const top = paperModel('heavy-top');
  const run = (method: 'modified' | 'ji-xing', h: number) =>
    classifyStabilityRun(top, stabilityRunSettings(method, { alpha: -0.2, rho: 2 / 3 }, h, 1), DEFAULT_STABILITY_BOUNDS);

  it('has a paragraph per method, with the measured numbers', () => {
    for (const method of RUN_METHODS) expect(STEP_LIMITS[method]).toMatch(/h = [\d.e-]+ s/);
  });

  it('the quoted limits hold: modified h ≤ 1.81e-3 s, Ji–Xing h ≤ 1.89e-3 s, the multiplier oscillation just above', () => {
    expect(STEP_LIMITS.modified).toContain('h = 1.81e-3 s');
    expect(STEP_LIMITS['ji-xing']).toContain('h = 1.89e-3 s');
    expect(run('modified', 1.81e-3).stable).toBe(true);
    expect(run('modified', 1.84e-3)).toMatchObject({ stable: false, mode: 'multiplier-oscillation' });
    expect(run('ji-xing', 1.89e-3).stable).toBe(true);
    expect(run('ji-xing', 1.92e-3)).toMatchObject({ stable: false, mode: 'multiplier-oscillation' });
  });
});
