import { describe, expect, it } from 'vitest';
import { changedFromPreset, presetState } from '../../src/app/presetStatus';
import { PRESET_IDS } from '../../src/app/presets';

describe('preset banner: changed from the preset', () => {
  it('is unchanged on the preset’s own scenario, for every preset', () => {
    for (const id of PRESET_IDS) expect(changedFromPreset(id, { ...presetState(id) }), id).toBe(false);
  });

  it('is changed as soon as a run setting, a parameter or the compared methods differ', () => {
    const base = presetState('fig4-5');
    expect(changedFromPreset('fig4-5', { ...base, alpha: -0.1 })).toBe(true);
    expect(changedFromPreset('fig4-5', { ...base, tEnd: base.tEnd / 2 })).toBe(true);
    expect(changedFromPreset('fig4-5', { ...base, methods: ['modified'] })).toBe(true);
    expect(changedFromPreset('fig4-5', { ...base, tolerance: 1e-4 })).toBe(true);
    const omega0 = [...base.values.omega0];
    omega0[1] += 1;
    expect(changedFromPreset('fig4-5', { ...base, values: { ...base.values, omega0 } })).toBe(true);
    expect(changedFromPreset('fig8', base)).toBe(true);
  });
});
