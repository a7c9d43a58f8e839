import { describe, expect, it } from 'vitest';
import { labelsOverlap, labelsThatFit, labelWidth, stackLabels } from '../../src/app/markerLabels';

describe('marker labels on a log axis', () => {
  it('puts overlapping labels into separate rows and far-apart ones into the same row', () => {
    expect(stackLabels([{ x: 1, width: 50 }, { x: 1.1, width: 50 }], 100)).toEqual([0, 1]);
    expect(stackLabels([{ x: 1, width: 50 }, { x: 10, width: 50 }], 100)).toEqual([0, 0]);
    // Three close labels, given right to left: rows follow the axis order.
    expect(stackLabels([{ x: 1.2, width: 40 }, { x: 1.1, width: 40 }, { x: 1, width: 40 }], 200)).toEqual([2, 1, 0]);
  });

  it('never lets two labels of one row overlap (random placements)', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let trial = 0; trial < 200; trial++) {
      const labels = Array.from({ length: 1 + Math.floor(random() * 8) }, () => ({ x: 10 ** (random() * 6 - 3), width: 20 + random() * 80 }));
      const pxPerDecade = 40 + random() * 200;
      const rows = stackLabels(labels, pxPerDecade);
      for (let i = 0; i < labels.length; i++) {
        for (let j = i + 1; j < labels.length; j++) {
          if (rows[i] !== rows[j]) continue;
          const a = Math.log10(labels[i].x) * pxPerDecade;
          const b = Math.log10(labels[j].x) * pxPerDecade;
          const [left, right] = a <= b ? [i, j] : [j, i];
          expect(Math.min(a, b) + labels[left].width + 6).toBeLessThanOrEqual(Math.max(a, b) + 1e-9);
          expect(right).toBeDefined();
        }
      }
    }
  });

  it('estimates label widths from the type size', () => {
    expect(labelWidth('75 rad/s', 10)).toBe(48);
    expect(labelWidth('75 rad/s', 20)).toBe(96);
  });
});

describe('labels that fit without overprinting', () => {
  const box = (text: string, y: number, height = 14, x = 0, width = 100) => ({ text, x, y, width, height });

  it('keeps a later label only where it clears every earlier one', () => {
    // A 45 px chart: "fails at t = …" at the top, "blow-up off scale" at the bottom would overlap.
    expect(labelsThatFit([box('fails', 5), box('off scale', 45 - 5 - 14)]).map((l) => l.text)).toEqual(['fails', 'off scale']);
    expect(labelsThatFit([box('fails', 5), box('off scale', 30 - 5 - 14)]).map((l) => l.text)).toEqual(['fails']);
    // Side by side they both fit; the gap counts.
    expect(labelsThatFit([box('a', 0), box('b', 0, 14, 101)]).map((l) => l.text)).toEqual(['a']);
    expect(labelsThatFit([box('a', 0), box('b', 0, 14, 102)]).map((l) => l.text)).toEqual(['a', 'b']);
  });

  it('tells overlapping boxes', () => {
    expect(labelsOverlap(box('a', 0), box('b', 13))).toBe(true);
    expect(labelsOverlap(box('a', 0), box('b', 14))).toBe(false);
    expect(labelsOverlap(box('a', 0), box('b', 15), 2)).toBe(true);
  });
});
