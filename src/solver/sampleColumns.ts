/**
 * The columns of a sample row (SPEC §3) and of the invariant monitors, apart from the code that computes them
 * (simulate.ts and studies/invariants.ts re-export them): the page reads the worker's rows and series with these
 * without loading the solver.
 */

/** Columns of a sample row, in the order of the CLI's CSV (SPEC §3). */
export const SAMPLE_COLUMNS = [
  't', 'omega_x', 'omega_y', 'omega_z', 'energy', 'energy_error', 'constraint_error', 'iterations', 'h',
] as const;
export const SAMPLE_WIDTH = SAMPLE_COLUMNS.length;

/** Names of the invariant monitors' values, in the order InvariantMonitor.evaluate writes them (invariants.ts). */
export const INVARIANT_COLUMNS = ['euler_norm_drift', 'velocity_constraint_error', 'angular_momentum_z', 'euler_velocity'] as const;
