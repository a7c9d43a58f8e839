import { describe, expect, it } from 'vitest';
import { labelWidth, stackLabels } from '../../src/app/markerLabels';

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
