/**
 * How any model is drawn, whatever the rigs and the view's shape: its envelope (sceneGeometry) scaled to about
 * one world unit, the direction it is looked at from, the floor's height, the sizes of glyphs and axes; and the
 * matrix that puts a rig's global metres into world units. Where the rigs stand and the camera looks from is
 * rigPlacement.ts; the floors' lines are floorGrid.ts. Pure; no React.
 */
import type { ScenarioDef, ScenarioState } from '../../../scenario/types';
import type { Vec3 } from '../../../solver/model/types';
import { boxRadius, envelopeBox, envelopePoints, fromStage, glyphRadius, stageAxes, typicalBodySize, viewDirection, type StageAxes, type StageBox, type ViewDirection } from './sceneGeometry';
import { add, scale, type Floats } from './sceneMath';
import { sceneModelOf, type SceneModel } from '../../../scenario/sceneModel';

/** How a model is drawn, independent of how many rigs and of the view's shape. */
export interface SceneLayout {
  readonly model: SceneModel;
  readonly axes: StageAxes;
  /** Points of the space the model sweeps (sceneGeometry.envelopePoints), global metres. */
  readonly envelope: readonly Vec3[];
  /** The envelope's box in stage coordinates (along h1, h2, up), m. */
  readonly box: StageBox;
  /** The global point (m) put at each rig's origin: the envelope's centre. */
  readonly centre: Vec3;
  /** World units per metre: the envelope's half diagonal is one world unit. */
  readonly scale: number;
  readonly view: ViewDirection;
  /** Radius of joint glyphs, m. */
  readonly glyph: number;
  /** Height of the floor along up, m (stage coordinate): just under the envelope. */
  readonly floor: number;
  /** Length of the axes helper's arrows, world units: beside the envelope, and no bigger than about a body. */
  readonly axesSize: number;
}

/** Layout of a model's scene. Example: layoutOf(heavy top).model.up → [0, 0, 1]. */
export function layoutOf(model: SceneModel): SceneLayout {
  const axes = stageAxes(model.up);
  const envelope = envelopePoints(model);
  const box = envelopeBox(envelope, axes);
  const radius = boxRadius(box);
  const centre = fromStage(axes, scale(add(box.min, box.max), 0.5));
  return {
    model,
    axes,
    envelope,
    box,
    centre,
    scale: radius > 0 ? 1 / radius : 1,
    view: viewDirection(box, axes),
    glyph: glyphRadius(model, box),
    floor: box.min[2] - 0.02 * radius,
    axesSize: Math.min(0.3, (3 * (typicalBodySize(model) || radius)) / (radius > 0 ? radius : 1)),
  };
}

/** The layout of the model `def` (a shipped one or the user's) at the parameter values `values`. */
export function layoutFor(def: ScenarioDef | undefined, values: ScenarioState['values']): SceneLayout {
  if (!def) throw new Error('no model to draw');
  return layoutOf(sceneModelOf(def, values));
}

/** out[o..o+16) = the matrix taking global metres to a rig's world units: T(offset) · S(scale) · T(−centre). */
export function rigBase(layout: SceneLayout, offset: Vec3, out: Floats, o: number): void {
  const s = layout.scale;
  const [cx, cy, cz] = layout.centre;
  for (let k = 0; k < 16; k++) out[o + k] = 0;
  out[o] = s; out[o + 5] = s; out[o + 10] = s; out[o + 15] = 1;
  out[o + 12] = offset[0] - s * cx;
  out[o + 13] = offset[1] - s * cy;
  out[o + 14] = offset[2] - s * cz;
}

/** The name of the up axis for the legend: 'z' for +z, '−y' for −y, null when up is not along an axis. */
export function upAxisName(up: Vec3): string | null {
  for (let k = 0; k < 3; k++) {
    if (Math.abs(Math.abs(up[k]) - 1) < 1e-9) return `${up[k] < 0 ? '−' : ''}${'xyz'[k]}`;
  }
  return null;
}
