/**
 * What the page says modified HHT keeps: a free body's constant spin, exactly, for every α (Sherif Eq. 42) — not a
 * jointed model's, whose index-3 constraint mode needs enough α for the step. Every place that says "for every α"
 * (Help, the method's tip, the Theory tab, the Numerical damping tab) says "free body" and gives the measured figure
 * for the heavy top; and that figure is what the heavy top's model file measured (`measured.dampingScan`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { METHOD_TIPS } from '../../src/app/methodInfo';
import { METHOD_THEORY } from '../../src/app/theoryRows';
import { SPIN_SENTENCES } from '../../src/app/damping';
import { documentScan } from '../../src/app/dampingMarks';
import { getScenario } from '../../src/scenario/registry';

const texts: Record<string, string> = {
  help: readFileSync('src/app/components/HelpDialog.tsx', 'utf8').replace(/\s+/g, ' '),
  tip: METHOD_TIPS.modified,
  theory: METHOD_THEORY.modified.why,
  damping: SPIN_SENTENCES.modified,
};

describe('"modified HHT keeps the spin for every α" says what is true', () => {
  for (const [where, text] of Object.entries(texts)) {
    it(`${where}: a free body's spin, and the heavy top's α limit with joints`, () => {
      expect(text).toContain('every α');
      expect(text).toMatch(/free body/);
      expect(text).toContain('α ≤ −0.05');
    });
  }

  it('the figure is the heavy top\'s measured one: modified HHT unstable from α = −0.04 at h = 1e-4 s, stable at −0.05', () => {
    const scan = documentScan(getScenario('heavy-top').document)!;
    expect(scan.h).toBe(1e-4);
    expect(scan.unstable.modified?.map((i) => [i.from, i.to])).toEqual([[-0.04, 0]]);
  });
});
