/** V8 crank runs shared by test/solver/v8Crank.test.ts and test/long/v8Crank.long.test.ts. */
import type { MultibodyModel } from '../../src/solver/model/types';
import { simulate, type IntegratorMethod } from '../../src/solver/simulate';

/** Rows (t, ω_x, energy_error, constraint_error) every 0.01 s. */
export function runV8(model: MultibodyModel, method: IntegratorMethod, alpha: number, h: number, tEnd: number) {
  const rows: number[][] = [];
  const result = simulate(model, { method, alpha, h, tEnd, sampleEvery: Math.round(0.01 / h) }, (row) => {
    rows.push([row[0], row[1], row[5], row[6]]);
  });
  return { result, rows };
}
