import { describe, expect, it } from 'vitest';
import { changedParameters, figureHeader, parameterLine, shortenedLink, wrapLines } from '../../src/app/export/figureHeader';
import { defaultState } from '../../src/scenario/registry';
import { METHOD_LABELS } from '../../src/app/theme';

const input = {
  // Every method needs a name and a colour; the figures here compare classical and modified only.
  methodNames: { ...METHOD_LABELS, classical: 'classical HHT', modified: 'modified HHT' },
  methodColors: { ...METHOD_LABELS, classical: '#c00000', modified: '#0000c0' },
  exactColor: '#008000',
  referenceColor: '#808080',
  upperLabel: 'ωy',
  lowerLabel: 'energy drift',
  presetTitle: null,
  link: 'https://example.org/?v=1&scenario=spin',
  drawnLines: ['classical', 'modified', 'exact'],
};

describe('exported figure header', () => {
  it('states α, h and t_end, with a typographic minus', () => {
    expect(parameterLine(defaultState('heavy-top'))).toBe('α = −0.2 · h = 0.0001 s · t_end = 10 s');
    expect(parameterLine({ ...defaultState('heavy-top'), tolerance: 1e-4 })).toBe('α = −0.2 · h₀ = 0.0001 s (adaptive, tol = 0.0001) · t_end = 10 s');
  });

  it('names the methods in their colours, and the exact line where a chart draws it', () => {
    const spin = figureHeader({ ...input, state: defaultState('spin') });
    expect(spin.legend).toEqual([
      { name: 'classical HHT', color: '#c00000', dashed: false },
      { name: 'modified HHT', color: '#0000c0', dashed: false },
      { name: 'exact solution', color: '#008000', dashed: true },
    ]);
    expect(spin.link).toBe(input.link);
    const top = figureHeader({ ...input, state: { ...defaultState('heavy-top'), methods: ['modified'] }, presetTitle: 'Paper Fig. 4/5: heavy top', drawnLines: ['modified'] });
    expect(top.legend.map((e) => e.name)).toEqual(['modified HHT']);
    expect(top.title).toBe('Paper Fig. 4/5: heavy top — ωy and energy drift');
  });

  it('titles a model output by its name, and names its reference curve only where one is drawn', () => {
    const andrews = figureHeader({ ...input, state: defaultState('andrews'), upperLabel: 'beta', drawnLines: ['classical', 'modified', 'reference'] });
    expect(andrews.title).toMatch(/ — beta and energy drift$/);
    expect(andrews.legend.map((e) => e.name)).toEqual(['classical HHT', 'modified HHT', 'reference curve (model file)']);
    // The spin has an exact ω, but a chart that does not draw it puts it in no legend.
    expect(figureHeader({ ...input, state: defaultState('spin'), drawnLines: ['classical', 'modified'] }).legend).toHaveLength(2);
  });

  it('lists the parameters changed from their defaults after the run settings', () => {
    const state = defaultState('heavy-top');
    expect(changedParameters(state)).toBe('');
    const changed = { ...state, values: { ...state.values, m: [20], omega0: [0, 100, -4.5] } };
    expect(changedParameters(changed)).toBe('m = 20 kg · omega0 = (0, 100, −4.5) rad/s');
    expect(figureHeader({ ...input, state: changed }).parameters).toBe('α = −0.2 · h = 0.0001 s · t_end = 10 s · m = 20 kg · omega0 = (0, 100, −4.5) rad/s');
  });
});

describe('the link under an exported figure', () => {
  const model = 'x'.repeat(6000);
  const long = `https://example.org/hht/?v=1&scenario=custom&model-data=${model}&output=theta2&t=2`;

  it('is shortened by cutting long values, keeping every setting readable', () => {
    const short = shortenedLink(long);
    expect(short).toBe(`https://example.org/hht/?v=1&scenario=custom&model-data=${'x'.repeat(24)}…&output=theta2&t=2`);
    expect(shortenedLink('https://example.org/?v=1&scenario=spin')).toBe('https://example.org/?v=1&scenario=spin');
  });

  it('wraps after ? and & (words at spaces) into lines that fit, breaking inside a part only where it must', () => {
    const fits = (line: string) => line.length <= 30;
    const lines = wrapLines('https://example.org/hht/?v=1&scenario=heavy-top&alpha=-0.2&t=1', fits);
    expect(lines).toEqual(['https://example.org/hht/?v=1&', 'scenario=heavy-top&alpha=-0.2&', 't=1']);
    expect(lines.join('')).toBe('https://example.org/hht/?v=1&scenario=heavy-top&alpha=-0.2&t=1');
    expect(wrapLines('Double pendulum — theta2 and energy drift', fits)).toEqual(['Double pendulum — theta2 and', 'energy drift']);
    const hard = wrapLines(long, (line) => line.length <= 100);
    expect(hard.every((line) => line.length <= 100)).toBe(true);
    expect(hard.join('')).toBe(long);
    expect(wrapLines('', fits)).toEqual([]);
  });
});
