/**
 * Property tests of links with a user's model (SPEC §4, §8): any model text round-trips through `model-data=`
 * bit for bit, and every valid state of a user's model — its text, run settings and parameter values — survives
 * encode → decode exactly, with no notice. (test/scenario/shareLinkProperties.test.ts does the same for the
 * shipped scenarios.)
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import '../../src/scenario/custom';
import { decodeModelData, encodeModelData } from '../../src/scenario/modelData';
import { defaultStateOf, readCustomModel } from '../../src/scenario/registry';
import { validateState } from '../../src/scenario/state';
import type { ScenarioState } from '../../src/scenario/types';
import { decodeShareQuery, encodeShareQuery } from '../../src/scenario/url';
import { DEFAULT_RHO, MAX_COMPARED_METHODS, RUN_METHODS, takesParameter } from '../../src/scenario/methods';
import { DOUBLE_PENDULUM, FOUR_BAR } from '../support/customModels';

/** Well-formed text of any code points (a link carries UTF-8; a lone surrogate has no UTF-8 form). */
const anyText = fc.string({ unit: 'binary', maxLength: 3000 }).filter((t) => t.isWellFormed());

/** A model's text as a person may write it: its title and description in any script, any indentation. */
const modelText = fc.record({
  base: fc.constantFrom(DOUBLE_PENDULUM, FOUR_BAR),
  title: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }).filter((t) => t.trim() !== ''),
  description: fc.string({ unit: 'binary', maxLength: 300 }).filter((t) => t.isWellFormed()),
  indent: fc.constantFrom('', ' ', '  ', '\t', '    '),
  newline: fc.constantFrom('\n', '\r\n'),
}).map(({ base, title, description, indent, newline }) => {
  const doc = JSON.parse(base) as Record<string, unknown>;
  return JSON.stringify({ ...doc, title, description }, null, indent).replace(/\n/g, newline);
});

describe('links with a user model (properties)', () => {
  it('model-data carries any text bit for bit', () => {
    fc.assert(fc.property(anyText, (text) => {
      expect(decodeModelData(encodeModelData(text))).toEqual({ ok: true, text });
    }), { numRuns: 300 });
  });

  it('decode(encode(state)) is the same state for every valid state of a user model', () => {
    const state = fc.record({
      text: modelText,
      alpha: fc.double({ min: -1 / 3, max: 0, noNaN: true }),
      rho: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
      h: fc.double({ min: 1e-5, max: 1e-2, noNaN: true }),
      tEnd: fc.double({ min: 0.01, max: 2, noNaN: true }),
      tolerance: fc.option(fc.double({ min: 1e-10, max: 1e-2, noNaN: true }), { nil: undefined }),
      methods: fc.shuffledSubarray([...RUN_METHODS], { minLength: 1, maxLength: MAX_COMPARED_METHODS }),
      scale: fc.double({ min: 0.5, max: 2, noNaN: true }),
    }).map(({ text, alpha, rho, h, tEnd, tolerance, methods, scale }): ScenarioState => {
      const read = readCustomModel(text);
      if (!read?.ok) throw new Error(`the generated model does not read: ${JSON.stringify(read)}`);
      const base = defaultStateOf(read.def, { text });
      const values = Object.fromEntries(Object.entries(base.values).map(([k, v]) => [k, v.map((x) => x * scale)]));
      return { ...base, alpha, ...(rho !== undefined ? { rho } : {}), h, tEnd, tolerance, methods, values };
    });
    fc.assert(fc.property(state, (s) => {
      fc.pre(validateState(s).length === 0);
      const decoded = decodeShareQuery(encodeShareQuery(s));
      expect(decoded.issues).toEqual([]);
      expect(decoded.state.scenario).toBe('custom');
      expect(decoded.state.model).toEqual({ text: s.model!.text });
      expect(decoded.state.methods).toEqual(s.methods);
      if (takesParameter(s.methods, 'alpha')) expect(Object.is(decoded.state.alpha, s.alpha)).toBe(true);
      if (takesParameter(s.methods, 'rho')) expect(Object.is(decoded.state.rho ?? DEFAULT_RHO, s.rho ?? DEFAULT_RHO)).toBe(true);
      expect(Object.is(decoded.state.h, s.h)).toBe(true);
      expect(Object.is(decoded.state.tEnd, s.tEnd)).toBe(true);
      expect(decoded.state.tolerance).toBe(s.tolerance);
      expect(decoded.state.values).toEqual(s.values);
    }), { numRuns: 150 });
  });
});
