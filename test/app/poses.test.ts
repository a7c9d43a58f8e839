import { describe, expect, it } from 'vitest';
import { SAMPLE_WIDTH } from '../../src/solver/simulate';
import { poseAt, rowIndexAt } from '../../src/app/poses';

/** Rows at times ts, poses rotating about x by angle = rate · t. */
function trajectory(ts: number[], rate: number) {
  const rows = new Float64Array(ts.length * SAMPLE_WIDTH);
  const poses = new Float64Array(ts.length * 7);
  ts.forEach((t, i) => {
    rows[i * SAMPLE_WIDTH] = t;
    poses.set([t, 2 * t, 0, Math.cos((rate * t) / 2), Math.sin((rate * t) / 2), 0, 0], i * 7);
  });
  return { rows, poses };
}

describe('poses at arbitrary times', () => {
  const ts = [0, 0.1, 0.2, 0.3, 0.35];
  const { rows, poses } = trajectory(ts, 4);

  it('finds the row at or before t', () => {
    expect(rowIndexAt(rows, -1)).toBe(0);
    expect(rowIndexAt(rows, 0)).toBe(0);
    expect(rowIndexAt(rows, 0.15)).toBe(1);
    expect(rowIndexAt(rows, 0.2)).toBe(2);
    expect(rowIndexAt(rows, 0.34)).toBe(3);
    expect(rowIndexAt(rows, 99)).toBe(4);
    expect(rowIndexAt(new Float64Array(0), 1)).toBe(0);
  });

  it('interpolates r linearly and e along the rotation (slerp), unit length', () => {
    const out = new Float64Array(7);
    expect(poseAt(rows, poses, 7, 0, 0.15, out)).toBe(true);
    expect(out[0]).toBeCloseTo(0.15, 14);
    expect(out[1]).toBeCloseTo(0.3, 14);
    expect(out[3]).toBeCloseTo(Math.cos(0.3), 14);
    expect(out[4]).toBeCloseTo(Math.sin(0.3), 14);
    expect(Math.hypot(out[3], out[4], out[5], out[6])).toBeCloseTo(1, 15);
  });

  it('clamps past the last sample and reports no data', () => {
    const out = new Float64Array(7);
    poseAt(rows, poses, 7, 0, 5, out);
    expect(out[0]).toBe(0.35);
    expect(poseAt(new Float64Array(0), new Float64Array(0), 7, 0, 0, out)).toBe(false);
  });

  it('takes the shorter arc when the quaternions have opposite signs', () => {
    const full = new Float64Array(7);
    const p = [1, 0, 0, 0];
    const q = [-Math.cos(0.1), -Math.sin(0.1), 0, 0]; // same rotation family as +q
    // Two samples at t = 0 and 1 with these Euler parameters, read halfway.
    const twoRows = new Float64Array(2 * SAMPLE_WIDTH);
    twoRows[SAMPLE_WIDTH] = 1;
    poseAt(twoRows, new Float64Array([0, 0, 0, ...p, 0, 0, 0, ...q]), 7, 0, 0.5, full);
    const out = full.subarray(3);
    // Halfway between identity and a 0.2 rad rotation about x: 0.1 rad, i.e. e = (cos 0.05, sin 0.05, 0, 0) up to sign.
    const sign = Math.sign(out[0]);
    expect(sign * out[0]).toBeCloseTo(Math.cos(0.05), 12);
    expect(sign * out[1]).toBeCloseTo(Math.sin(0.05), 12);
  });
});
