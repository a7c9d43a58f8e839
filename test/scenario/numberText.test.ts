/**
 * Numbers as people write them: the one parser (parseNumberText, and through it
 * the parameter fields, share links and `sim`'s flags) reads '−0.1' (U+2212), '-1/3', spaces and
 * '1e-4'; misspelt keys are named with a suggestion. Seeded fuzz cases replay from their seed.
 */
import { describe, expect, it } from 'vitest';
import { parseSimArgs } from '../../src/cli/args';
import { SCENARIOS } from '../../src/scenario/registry';
import { decodeShareQuery } from '../../src/scenario/url';
import { ALPHA_MIN, formatNumber, parseNumberText, parseParamText } from '../../src/scenario/validate';
import { closestName } from '../../src/modelfile/names';
import { mulberry32, pick } from '../support/prng';

const J = SCENARIOS.spin.params.find((p) => p.name === 'J')!;

function value(text: string): number | null {
  const parsed = parseNumberText('x', text);
  return parsed.ok ? parsed.value : null;
}

describe('parseNumberText reads numbers as written on slides', () => {
  it.each([
    ['−0.1', -0.1], [' −0.1 ', -0.1], ['-1/3', -1 / 3], ['−1/3', -1 / 3], [' -1 / 3 ', -1 / 3], ['1/4', 0.25],
    ['1e-4', 1e-4], ['−1e−4', -1e-4], ['3/-4', -0.75], ['1e-3/2', 5e-4], ['0/5', 0], ['-0/5', -0],
  ])('%j → %d', (text, expected) => {
    expect(value(text)).toBe(expected);
  });

  it('-1/3 is exactly the lower end of the α range, so it is accepted', () => {
    expect(value('-1/3')).toBe(ALPHA_MIN);
    expect(decodeShareQuery('scenario=spin&alpha=−1/3').state.alpha).toBe(ALPHA_MIN);
    expect(decodeShareQuery('scenario=spin&alpha=%E2%88%921%2F3').issues).toEqual([]);
    const command = parseSimArgs(['--scenario', 'spin', '--alpha', '−1/3', '--set', 'omega0=−1/2, 0, 1e1']);
    expect(command).toMatchObject({ kind: 'run', options: { alpha: ALPHA_MIN, values: { omega0: [-0.5, 0, 10] } } });
  });

  it.each(['1/0', '0/0', '-1/0', '1/', '/3', '1/2/3', '1//2', '−−1', '− 1', '1/0x2', 'NaN/1', '1/Infinity', '1e400/1e400', '½', '—1', '1 2'])(
    'rejects %j with a message naming it',
    (text) => {
      const parsed = parseNumberText('alpha', text);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.issue.message).toContain(`alpha=${text}`);
    },
  );

  it('fuzz: a number written in any accepted spelling reads back as the same double (seeded)', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const rand = mulberry32(seed);
      const x = (rand() - 0.5) * 10 ** Math.floor(rand() * 12 - 6);
      const minus = pick(rand, ['-', '−']);
      const decimal = formatNumber(Math.abs(x));
      const signed = x < 0 ? `${minus}${decimal}` : decimal;
      const padded = `${' '.repeat(Math.floor(rand() * 3))}${signed}${' '.repeat(Math.floor(rand() * 3))}`;
      expect(value(padded), `seed ${seed}: ${padded}`).toBe(x);
      const n = Math.floor(rand() * 200) - 100;
      const d = Math.floor(rand() * 99) + 1;
      const fraction = `${n < 0 ? minus : ''}${Math.abs(n)}${rand() < 0.5 ? ' / ' : '/'}${d}`;
      expect(value(fraction), `seed ${seed}: ${fraction}`).toBe(n / d);
    }
  });

  it('fuzz: arbitrary text never throws and yields a finite number or an issue (seeded)', () => {
    const alphabet = ['0', '1', '9', '.', 'e', 'E', '-', '−', '+', '/', ' ', 'x', ',', '٣', '\u0000'];
    for (let seed = 1; seed <= 2000; seed++) {
      const rand = mulberry32(seed);
      const text = Array.from({ length: Math.floor(rand() * 9) }, () => pick(rand, alphabet)).join('');
      const parsed = parseNumberText('x', text);
      if (parsed.ok) expect(Number.isFinite(parsed.value), `seed ${seed}: ${JSON.stringify(text)}`).toBe(true);
      else expect(parsed.issue.key).toBe('x');
    }
  });

  it('vector parameters read each component the same way', () => {
    expect(parseParamText(J, '1, 2 ,5/2')).toEqual({ ok: true, value: [1, 2, 2.5] });
  });
});

describe('misspelt keys are named with a suggestion', () => {
  it('suggests the nearest key within one edit (up to 5 characters) or two (longer)', () => {
    expect(closestName('alhpa', ['alpha', 'h', 't'])).toBe('alpha');
    expect(closestName('omgea0', ['J', 'M', 'omega0'])).toBe('omega0');
    expect(closestName('tool', ['tol', 't'])).toBe('tol');
    expect(closestName('bogus', ['alpha', 'omega0'])).toBeNull();
    expect(closestName('m', ['M', 'J'])).toBeNull(); // too short to guess: m and M are different quantities
  });

  it('in share links and in `sim --set` / `--url`', () => {
    expect(decodeShareQuery('scenario=spin&alhpa=-0.1').issues[0].message).toBe(
      "unknown key 'alhpa' (scenario spin has parameters J, M, omega0); did you mean 'alpha'?",
    );
    expect(decodeShareQuery('scenario=heavy-top&omega=1,2,3').issues[0].message).toMatch(/did you mean 'omega0'\?$/);
    expect(decodeShareQuery('scenario=spin&projecter=on').issues[0].message).toMatch(/did you mean 'projector'\?$/);
    const set = parseSimArgs(['--scenario', 'spin', '--set', 'alhpa=-0.1']);
    expect(set).toMatchObject({ kind: 'error', issue: { message: "--set alhpa=-0.1: 'alhpa' is not a parameter of scenario spin (parameters: J, M, omega0); did you mean 'alpha'?" } });
    const url = parseSimArgs(['--url', '?scenario=spin&tl=1e-3&omgea0=1,2,3']);
    expect(url).toMatchObject({ kind: 'error', issue: { message: "--url: unknown key 'tl' (scenario spin has parameters J, M, omega0)" } });
  });
});
