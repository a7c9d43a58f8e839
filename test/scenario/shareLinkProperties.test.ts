/**
 * Property test of the share-link contract (SPEC §4): every valid scenario state survives
 * encode → decode exactly (bit for bit), with no notice. fast-check shrinks a failure to the
 * smallest state that breaks it; the seeded fuzz suite in test/fuzz keeps the hostile inputs.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeShareQuery, encodeShareQuery } from '../../src/scenario/url';
import { defaultState, getScenario } from '../../src/scenario/registry';
import { validateState } from '../../src/scenario/state';
import type { ScenarioId, ScenarioState } from '../../src/scenario/types';
import { DEFAULT_RHO, MAX_COMPARED_METHODS, RUN_METHODS, takesParameter } from '../../src/scenario/methods';

const SCENARIOS: ScenarioId[] = ['spin', 'heavy-top', 'v8-crank'];

/** A state with random run settings and one randomly changed parameter vector. */
const validState = fc.record({
  scenario: fc.constantFrom(...SCENARIOS),
  alpha: fc.double({ min: -1 / 3, max: 0, noNaN: true, noDefaultInfinity: true }),
  h: fc.double({ min: 1e-5, max: 1e-2, noNaN: true }),
  tEnd: fc.double({ min: 0.01, max: 2, noNaN: true }),
  tolerance: fc.option(fc.double({ min: 1e-10, max: 1e-2, noNaN: true }), { nil: undefined }),
  rho: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
  methods: fc.shuffledSubarray([...RUN_METHODS], { minLength: 1, maxLength: MAX_COMPARED_METHODS }),
  paramIndex: fc.nat(),
  scale: fc.double({ min: 0.5, max: 2, noNaN: true }),
}).map(({ scenario, alpha, rho, h, tEnd, tolerance, methods, paramIndex, scale }): ScenarioState => {
  const base = defaultState(scenario);
  const def = getScenario(scenario);
  const param = def.params[paramIndex % def.params.length];
  const values = { ...base.values, [param.name]: param.default.map((x) => x * scale) };
  return { ...base, alpha, ...(rho !== undefined ? { rho } : {}), h, tEnd, tolerance, methods, values };
});

describe('share links (properties)', () => {
  it('decode(encode(state)) is the same state, bit for bit, for every valid state', () => {
    fc.assert(fc.property(validState, (state) => {
      fc.pre(validateState(state).length === 0);
      const decoded = decodeShareQuery(encodeShareQuery(state));
      expect(decoded.issues).toEqual([]);
      expect(decoded.state.scenario).toBe(state.scenario);
      expect(decoded.state.methods).toEqual(state.methods);
      // A link carries each parameter only for the methods that take it (α for HHT, ρ∞ for the others),
      // so α survives when an HHT method is listed and ρ∞ (absent = DEFAULT_RHO) when a ρ∞ method is.
      if (takesParameter(state.methods, 'alpha')) expect(Object.is(decoded.state.alpha, state.alpha)).toBe(true);
      if (takesParameter(state.methods, 'rho')) expect(Object.is(decoded.state.rho ?? DEFAULT_RHO, state.rho ?? DEFAULT_RHO)).toBe(true);
      expect(Object.is(decoded.state.h, state.h)).toBe(true);
      expect(Object.is(decoded.state.tEnd, state.tEnd)).toBe(true);
      expect(decoded.state.tolerance).toBe(state.tolerance);
      expect(decoded.state.values).toEqual(state.values);
    }), { numRuns: 300 });
  });
});
