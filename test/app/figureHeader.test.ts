import { describe, expect, it } from 'vitest';
import { figureHeader, parameterLine } from '../../src/app/export/figureHeader';
import { defaultState } from '../../src/scenario/registry';
import { METHOD_LABELS } from '../../src/app/theme';

const input = {
  // Every method needs a name and a colour; the figures here compare classical and modified only.
  methodNames: { ...METHOD_LABELS, classical: 'classical HHT', modified: 'modified HHT' },
  methodColors: { ...METHOD_LABELS, classical: '#c00000', modified: '#0000c0' },
  exactColor: '#008000',
  lowerLabel: 'energy drift',
  presetTitle: null,
  link: 'https://example.org/?v=1&scenario=spin',
};

describe('exported figure header', () => {
  it('states α, h and t_end, with a typographic minus', () => {
    expect(parameterLine(defaultState('heavy-top'))).toBe('α = −0.2 · h = 0.0001 s · t_end = 10 s');
    expect(parameterLine({ ...defaultState('heavy-top'), tolerance: 1e-4 })).toBe('α = −0.2 · h₀ = 0.0001 s (adaptive, tol = 0.0001) · t_end = 10 s');
  });

  it('names the methods in their colours, and the exact line where the scenario has one', () => {
    const spin = figureHeader({ ...input, state: defaultState('spin') });
    expect(spin.legend).toEqual([
      { name: 'classical HHT', color: '#c00000', dashed: false },
      { name: 'modified HHT', color: '#0000c0', dashed: false },
      { name: 'exact solution', color: '#008000', dashed: true },
    ]);
    expect(spin.link).toBe(input.link);
    const top = figureHeader({ ...input, state: { ...defaultState('heavy-top'), methods: ['modified'] }, presetTitle: 'Paper Fig. 4/5: heavy top' });
    expect(top.legend.map((e) => e.name)).toEqual(['modified HHT']);
    expect(top.title).toBe('Paper Fig. 4/5: heavy top — ω and energy drift');
  });
});
