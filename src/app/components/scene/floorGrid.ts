/**
 * The floor of the 3D view: grid lines under the rigs, on the floor's height (sceneLayout), on whole
 * multiples of a 1-2-5 step in metres. Pure; no React.
 */
import type { Vec3 } from '../../../solver/model/types';
import { niceStep } from '../../plotData';
import type { RigPlacement } from './rigPlacement';
import { fromStage } from './sceneGeometry';
import type { SceneLayout } from './sceneLayout';
import { dot, scale, sub } from './sceneMath';

/**
 * The floors' grid lines in world units (pairs of end points, 6 floats per line): one floor under the rigs
 * that stand side by side, one under each rig stacked. A floor covers its rigs' footprints and a little more;
 * its lines lie on whole multiples of a 1-2-5 step in metres from the model's global origin, so a cell says how
 * big the model is. Example: a footprint of 2 × 2 m gets a 0.2 m step.
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
    const [a0, b0] = [Math.floor(lo[0] / step) * step, Math.floor(lo[1] / step) * step];
    const [a1, b1] = [Math.ceil(hi[0] / step) * step, Math.ceil(hi[1] / step) * step];
    const height = along(offsets[0], up) + layout.floor;
    // A rig standing at offset o is the model moved by o / scale metres: floor points in metres → world units.
    const world = (a: number, b: number): Vec3 => scale(sub(fromStage(layout.axes, [a, b, height]), layout.centre), s);
    const lines: number[] = [];
    const push = (p: Vec3, q: Vec3) => lines.push(...p, ...q);
    for (let a = a0, i = 0; a <= a1 + step / 2 && i < 400; a += step, i++) push(world(a, b0), world(a, b1));
    for (let b = b0, i = 0; b <= b1 + step / 2 && i < 400; b += step, i++) push(world(a0, b), world(a1, b));
    return { positions: Float32Array.from(lines), step };
  });
}

