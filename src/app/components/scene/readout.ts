/** The numbers written over the 3D view (pure, so they are unit-tested). */
import { SAMPLE_COLUMNS, SAMPLE_WIDTH } from '../../../solver/simulate';
import { rowIndexAt } from '../../poses';
import type { OmegaComponent } from '../../store';

/**
 * The ω component at time t (the last sample at or before t), as the readout writes it;
 * '–' before the first sample; `compact`: the number alone (the list's heading names ω and its unit).
 * Example: rows of one sample with ω_y = 150 → 'ωy = 150.00 rad/s' ('150.00' compact).
 */
export function omegaReadout(rows: Float64Array | undefined, component: OmegaComponent, t: number, compact = false): string {
  if (!rows || rows.length < SAMPLE_WIDTH) return compact ? '–' : `ω${component} = –`;
  const column = SAMPLE_COLUMNS.indexOf(`omega_${component}`);
  const value = rows[rowIndexAt(rows, t) * SAMPLE_WIDTH + column];
  return compact ? value.toFixed(2) : `ω${component} = ${value.toFixed(2)} rad/s`;
}

