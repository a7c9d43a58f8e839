/** The numbers written over the 3D view (pure, so they are unit-tested). */
import { SAMPLE_COLUMNS, SAMPLE_WIDTH } from '../../../solver/simulate';
import { rowIndexAt } from '../../poses';
import type { OmegaComponent } from '../../store';

/**
 * The ω component at time t (the last sample at or before t), as the readout writes it;
 * '–' before the first sample. Example: rows of one sample with ω_y = 150 → 'ωy = 150.00 rad/s'.
 */
export function omegaReadout(rows: Float64Array | undefined, component: OmegaComponent, t: number): string {
  if (!rows || rows.length < SAMPLE_WIDTH) return `ω${component} = –`;
  const column = SAMPLE_COLUMNS.indexOf(`omega_${component}`);
  const value = rows[rowIndexAt(rows, t) * SAMPLE_WIDTH + column];
  return `ω${component} = ${value.toFixed(2)} rad/s`;
}

