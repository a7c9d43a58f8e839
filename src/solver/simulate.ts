/**
 * The one entry point used by the CLI, the worker, the tests and the benchmarks:
 * run a model with an integrator setting and receive samples.
 */
import type { MultibodyModel } from './model/types';

export type IntegratorMethod = 'classical' | 'modified';
export const INTEGRATOR_METHODS: readonly IntegratorMethod[] = ['classical', 'modified'];

export interface RunSettings {
  readonly method: IntegratorMethod;
  /** HHT α ∈ [−1/3, 0]. */
  readonly alpha: number;
  /** Step size, s. */
  readonly h: number;
  /** End time, s. */
  readonly tEnd: number;
  /** Steps between two samples (≥ 1); a sample is also taken at t = 0. */
  readonly sampleEvery: number;
}

/** Columns of a sample row, in the order of the CLI's CSV (SPEC §3). */
export const SAMPLE_COLUMNS = [
  't', 'omega_x', 'omega_y', 'omega_z', 'energy', 'energy_error', 'constraint_error', 'iterations', 'h',
] as const;
export const SAMPLE_WIDTH = SAMPLE_COLUMNS.length;

export interface RunFailure {
  /** Time of the last good state, s. */
  readonly time: number;
  /** One human-readable sentence naming the cause. */
  readonly reason: string;
}

export type RunStatus = 'running' | 'finished' | 'failed';

/** Receives one sample row (length SAMPLE_WIDTH) and the coordinates q (7 per body). Both are reused: copy to keep. */
export type SampleSink = (row: Float64Array, q: Float64Array) => void;
