/** A cylinder's or cone's axis in a model file: a body axis by name, or any direction (a V8's bores at 45°). */
import { describe, expect, it } from 'vitest';
import { readModelText } from '../../src/modelfile/read';
import { compileModel } from '../../src/modelfile/compile';
import type { ModelDocument } from '../../src/modelfile/schema';
import { rotationMatrix } from '../../src/solver/rotation/eulerParameters';

/** The image of local y under the rotation e (scalar first): the second column of A(e). */
function yAxis(e: readonly number[]): number[] {
  const a = new Float64Array(9);
  rotationMatrix(Float64Array.from(e), 0, a);
  return [a[1], a[4], a[7]];
}

function pendulum(shape: Record<string, unknown>, inertia = true): string {
  return JSON.stringify({
    format: 'hht-model/1',
    title: 'axis test',
    let: { d: [0, -1, 1] },
    bodies: [{ name: 'rod', mass: 1, ...(inertia ? { inertia: [1, 1, 1] } : {}), shape }],
    ground: { shape: { type: 'cylinder', radius: 0.1, length: 1, axis: '[1, 1, 0]' } },
    joints: [{ name: 'pin', type: 'revolute', bodies: ['ground', 'rod'], at: [0, 0, 0], axis: [0, 0, 1] }],
  });
}

function drawing(text: string) {
  const read = readModelText(text);
  if (!read.ok) throw new Error(JSON.stringify(read.issues));
  return compileModel(read.document as ModelDocument, {}).drawing;
}

describe('shape axes', () => {
  it('turns local y onto a named axis or onto a direction, normalised', () => {
    for (const [axis, expected] of [['-x', [-1, 0, 0]], ['z', [0, 0, 1]], ['d', [0, -Math.SQRT1_2, Math.SQRT1_2]], [[0, 0, -2], [0, 0, -1]]] as const) {
      const d = drawing(pendulum({ type: 'cone', radius: 0.1, length: 1, axis }));
      const y = yAxis(d.bodies[0].shapes[0].orientation);
      y.forEach((c, k) => expect(c).toBeCloseTo(expected[k], 12));
    }
    // A ground shape's direction is global.
    const ground = drawing(pendulum({ type: 'sphere', radius: 0.1 })).ground[0];
    const y = yAxis(ground.orientation);
    [Math.SQRT1_2, Math.SQRT1_2, 0].forEach((c, k) => expect(y[k]).toBeCloseTo(c, 12));
  });

  it('names a zero direction, and a slanted cylinder asked for the inertia, where they are', () => {
    const zero = readModelText(pendulum({ type: 'cylinder', radius: 0.1, length: 1, axis: [0, 0, 0] }));
    expect(zero.ok).toBe(false);
    if (!zero.ok) expect(zero.issues[0].path).toBe('bodies[0].shape.axis');
    const slanted = readModelText(pendulum({ type: 'cylinder', radius: 0.1, length: 1, axis: 'd' }, false));
    expect(slanted.ok).toBe(false);
    if (!slanted.ok) expect(slanted.issues[0]).toMatchObject({ path: 'bodies[0].shape.axis', message: expect.stringMatching(/lies along a body axis/) });
  });
});
