/**
 * The unit and meaning of every column `sim` and the app's exports write (SPEC §3: units are documented per column
 * and carried by `--format json`, never added to the CSV header): the fixed columns, and a model output's unit from
 * its type (SI inside: angles in rad). `sim --help`, docs/sim.md and the JSON `units` all come from here; a test
 * checks the output types' units against the compiled outputs and the docs' table against this one.
 */
import { SAMPLE_COLUMNS } from '../solver/sampleColumns';

export type SampleColumn = (typeof SAMPLE_COLUMNS)[number];

export interface ColumnUnit {
  /** As people write it ('' for a count). */
  readonly unit: string;
  readonly meaning: string;
}

/** SPEC §3's columns. */
export const SAMPLE_COLUMN_UNITS: Readonly<Record<SampleColumn, ColumnUnit>> = {
  t: { unit: 's', meaning: 'sample time' },
  omega_x: { unit: 'rad/s', meaning: 'angular velocity of the primary body, body axes, x' },
  omega_y: { unit: 'rad/s', meaning: 'angular velocity of the primary body, body axes, y' },
  omega_z: { unit: 'rad/s', meaning: 'angular velocity of the primary body, body axes, z' },
  energy: { unit: 'J', meaning: 'total energy (kinetic + potential)' },
  energy_error: { unit: 'J', meaning: 'E(t) - E(0) - W(t), W the work of applied non-potential loads' },
  constraint_error: { unit: 'm or 1', meaning: 'max-norm of the position constraints (m; orientation and Euler-parameter ones: 1)' },
  iterations: { unit: '', meaning: 'Newton iterations of the last step (a count)' },
  h: { unit: 's', meaning: 'step size (adaptive: the largest step since the previous row)' },
};

/** The output types of a model file (docs/model-format.md) and the unit of their column. */
export const OUTPUT_TYPE_UNITS = {
  position: 'm',
  velocity: 'm/s',
  angle: 'rad',
  rate: 'rad/s',
  omega: 'rad/s',
  'spring-length': 'm',
} as const;

/** The unit of each column, in column order: SPEC §3's, then each model output's. */
export function columnUnits(outputs: readonly { readonly unit: string }[]): string[] {
  return [...SAMPLE_COLUMNS.map((c) => SAMPLE_COLUMN_UNITS[c].unit), ...outputs.map((o) => o.unit)];
}

/** The columns and units as lines for `sim --help`: "  omega_x           rad/s   angular velocity …". */
export function columnUnitLines(indent: string): string[] {
  const width = Math.max(...SAMPLE_COLUMNS.map((c) => c.length)) + 2;
  const unitWidth = Math.max(...SAMPLE_COLUMNS.map((c) => SAMPLE_COLUMN_UNITS[c].unit.length || 1)) + 2;
  const lines = SAMPLE_COLUMNS.map((c) => `${indent}${c.padEnd(width)}${(SAMPLE_COLUMN_UNITS[c].unit || '-').padEnd(unitWidth)}${SAMPLE_COLUMN_UNITS[c].meaning}`);
  const outputs = Object.entries(OUTPUT_TYPE_UNITS).map(([type, unit]) => `${type} ${unit}`).join(', ');
  return [...lines, `${indent}${'(outputs)'.padEnd(width)}by type: ${outputs}`];
}
