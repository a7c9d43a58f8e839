/**
 * The floor of the 3D view: grid lines under the rigs, on the floor's height (sceneLayout), on whole
 * multiples of a 1-2-5 step in metres, framed by the floor's edges. Pure; no React.
 */
import type { Vec3 } from '../../../solver/model/types';
import { niceStep } from '../../plotData';
import type { RigPlacement } from './rigPlacement';
import { fromStage } from './sceneGeometry';
import type { SceneLayout } from './sceneLayout';
import { dot, scale, sub } from './sceneMath';

/**
 * The floors' grid lines in world units (pairs of end points, 6 floats per line): one floor under the rigs
 * that stand side by side, one under each rig stacked. A floor covers its rigs' footprints and a little more,
 * and no more: its edges are not rounded out to the step, so a long narrow linkage gets a narrow floor (not one
 * a step deep, reaching into the rig stacked below). Inside the edges the lines lie on whole multiples of a
 * 1-2-5 step in metres from the model's global origin, so a cell says how big the model is.
 * Example: a footprint of 2 × 2 m gets a 0.2 m step.
 */
export function floorGrids(layout: SceneLayout, placement: RigPlacement): { positions: Float32Array; step: number }[] {
  const { min, max } = layout.box;
  const { h1, h2, up } = layout.axes;
  const s = layout.scale;
  const width = Math.max(max[0] - min[0], max[1] - min[1]);
  const pad = 0.05 * width;
  const step = width > 0 ? niceStep(width / 10) : 1;
  // Rigs on one floor share its height; their footprints (in metres of the first rig's frame) make the floor's.
  const floors = new Map<string, Vec3[]>();
  for (const o of placement.offsets) {
    const key = (dot(o, up) / s).toFixed(9);
    floors.set(key, [...(floors.get(key) ?? []), o]);
  }
  return [...floors.values()].map((offsets) => {
    const along = (o: Vec3, axis: Vec3) => dot(o, axis) / s;
    const lo = [Math.min(...offsets.map((o) => along(o, h1))) + min[0] - pad, Math.min(...offsets.map((o) => along(o, h2))) + min[1] - pad];
    const hi = [Math.max(...offsets.map((o) => along(o, h1))) + max[0] + pad, Math.max(...offsets.map((o) => along(o, h2))) + max[1] + pad];
    const height = along(offsets[0], up) + layout.floor;
    // A rig standing at offset o is the model moved by o / scale metres: floor points in metres → world units.
    const world = (a: number, b: number): Vec3 => scale(sub(fromStage(layout.axes, [a, b, height]), layout.centre), s);
    const lines: number[] = [];
    const push = (p: Vec3, q: Vec3) => lines.push(...p, ...q);
    for (const a of gridLines(lo[0], hi[0], step)) push(world(a, lo[1]), world(a, hi[1]));
    for (const b of gridLines(lo[1], hi[1], step)) push(world(lo[0], b), world(hi[0], b));
    return { positions: Float32Array.from(lines), step };
  });
}


/** Most lines a floor draws across one direction (a step far smaller than the floor is not drawn in full). */
const MOST_LINES = 400;

/**
 * Where lines cross [lo, hi]: both edges, and the whole multiples of `step` between them that are not within a
 * fifth of a step of an edge (a line beside an edge would look like a doubled edge).
 * Example: gridLines(-0.3, 1.05, 0.5) → [-0.3, 0, 0.5, 1.05].
 */
export function gridLines(lo: number, hi: number, step: number): number[] {
  const out = [lo];
  for (let k = Math.ceil(lo / step), i = 0; k * step < hi && i < MOST_LINES; k++, i++) {
    const x = k * step + 0; // + 0: no −0
    if (x - lo > step / 5 && hi - x > step / 5) out.push(x);
  }
  out.push(hi);
  return out;
}
