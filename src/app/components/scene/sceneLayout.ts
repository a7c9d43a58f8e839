/**
 * Where things stand in the 3D view: the camera per scene kind, and how a scenario's bodies are
 * laid out (scale, spacing of the compared methods, ground height). Pure; no React.
 */
import { Quaternion, Vector3 } from 'three';
import { getScenario } from '../../../scenario/registry';
import type { ScenarioState } from '../../../scenario/types';
import { boxWithInertia } from '../../shapes';
import { v8Drawing, type V8Drawing } from '../../v8Drawing';

/** How bodies are drawn: the scenarios with shapes of their own, or boxes for any model. */
export type SceneKind = 'heavy-top' | 'spin' | 'v8-crank' | 'generic';

export interface ViewSetup {
  /** Camera start, the point it orbits (world units) and its vertical field of view (°). */
  readonly camera: [number, number, number];
  readonly target: [number, number, number];
  readonly fov: number;
  /** Horizontal unit vector along which the compared methods stand: across the line of sight. */
  readonly across: [number, number];
}

export const FRONT_VIEW: ViewSetup = { camera: [0, -4.6, 1.9], target: [0, 0, -0.25], fov: 42, across: [1, 0] };
const V8_YAW = (35 * Math.PI) / 180;

export const VIEWS: Readonly<Record<SceneKind, ViewSetup>> = {
  'heavy-top': FRONT_VIEW,
  spin: FRONT_VIEW,
  generic: FRONT_VIEW,
  // Three-quarter view, 35° off the crank axis, from afar so both engines get the same perspective.
  'v8-crank': { camera: [6.1, -4.3, 2.9], target: [0, 0, 0.3], fov: 24, across: [Math.sin(V8_YAW), Math.cos(V8_YAW)] },
};

export interface BodyLayout {
  /** Box dimensions (m) with the body's inertia for its mass (generic scenes). */
  readonly dims: readonly [number, number, number];
  /** Pose at t = 0 (r, e), shown until the run's first sample arrives. */
  readonly initialPose: Float64Array;
  /** The inverse of the initial pose: parts drawn where they are at t = 0 then move with the body. */
  readonly fromInitial: { readonly position: Vector3; readonly quaternion: Quaternion };
}

/** How a scenario is drawn: which bodies, where the ground is, how far apart the two methods stand. */
export interface SceneLayout {
  readonly kind: SceneKind;
  /** World units per metre, so any parameter set fits the same camera. */
  readonly scale: number;
  readonly spacing: number;
  readonly groundZ: number;
  readonly primaryBody: number;
  /** Bodies drawn: the primary one only for heavy-top and spin, all of them otherwise. */
  readonly bodies: readonly { readonly index: number; readonly layout: BodyLayout }[];
  /** Heavy top: centre of mass in body axes. */
  readonly xcm: Vector3;
  /** V8 crank: the parts' geometry. */
  readonly v8: V8Drawing | null;
}

/** The transform taking a body's initial pose (r, e scalar first) back to the origin. */
function inverseOfPose(pose: Float64Array): BodyLayout['fromInitial'] {
  const quaternion = new Quaternion(pose[4], pose[5], pose[6], pose[3]).invert();
  return { position: new Vector3(pose[0], pose[1], pose[2]).negate().applyQuaternion(quaternion), quaternion };
}

export function layoutFor(state: ScenarioState): SceneLayout {
  const model = getScenario(state.scenario).buildModel(state.values);
  const bodyLayout = (index: number): BodyLayout => {
    const body = model.bodies[index];
    const initialPose = Float64Array.from([...body.position, ...body.orientation]);
    return { dims: boxWithInertia(body.mass, body.inertia), initialPose, fromInitial: inverseOfPose(initialPose) };
  };
  const primary = [{ index: model.primaryBody, layout: bodyLayout(model.primaryBody) }];
  const base = { primaryBody: model.primaryBody, xcm: new Vector3(0, 1, 0), v8: null };
  if (state.scenario === 'heavy-top') {
    const x = state.values.xcm;
    const xcm = new Vector3(x[0], x[1], x[2]);
    const length = xcm.length();
    return { ...base, kind: 'heavy-top', scale: length > 1e-9 ? 1 / length : 1, spacing: 2.9, groundZ: -1.35, bodies: primary, xcm };
  }
  if (state.scenario === 'spin') return { ...base, kind: 'spin', scale: 1, spacing: 2.3, groundZ: -1.1, bodies: primary };
  const bodies = model.bodies.map((_, index) => ({ index, layout: bodyLayout(index) }));
  if (state.scenario === 'v8-crank') {
    const v8 = v8Drawing(state.values);
    const scale = 1.5 / v8.size;
    return { ...base, kind: 'v8-crank', scale, spacing: 3.1, groundZ: -2.2 * v8.crankRadius * scale, bodies, v8 };
  }
  let extent = 0;
  for (const { layout } of bodies) {
    const r = layout.initialPose;
    extent = Math.max(extent, Math.hypot(r[0], r[1], r[2]) + Math.max(...layout.dims) / 2);
  }
  const scale = extent > 1e-9 ? 1.1 / extent : 1;
  // Boxes of bodies with (nearly) no rotational inertia in one axis get a visible minimum.
  const minSide = 0.02 / scale;
  const visible = bodies.map(({ index, layout }) => ({
    index,
    layout: { ...layout, dims: layout.dims.map((d) => Math.max(d, minSide)) as unknown as [number, number, number] },
  }));
  return { ...base, kind: 'generic', scale, spacing: 2.7, groundZ: -1.2, bodies: visible };
}


/**
 * The bodies a ghost draws (overlaid arrangement): all of them, except on the V8, where the
 * crankshaft and the pistons (bodies 0 and 2 + 2k) carry the crank angle and the rods would only
 * blur it. Example: on the V8's 17 bodies, 9.
 */
export function ghostBodies(layout: SceneLayout): SceneLayout['bodies'] {
  if (layout.kind !== 'v8-crank') return layout.bodies;
  return layout.bodies.filter(({ index }) => index === 0 || index % 2 === 0);
}

/**
 * Where each compared method's rig stands along the view's across axis (world units, before the layout's
 * scale): side by side, centred; overlaid, all at the centre. Example: three methods side by side on the
 * heavy top (spacing 2.9, scale 1) → [−2.9, 0, 2.9].
 */
export function rigOffsets(layout: SceneLayout, n: number, overlaid: boolean): number[] {
  return Array.from({ length: n }, (_, i) => (overlaid ? 0 : ((i - (n - 1) / 2) * layout.spacing) / layout.scale));
}

/** The axes helper: beyond the first method's rig, a little towards the camera, on the ground. */
export function axesPosition(layout: SceneLayout, n: number): [number, number, number] {
  const [sx, sy] = VIEWS[layout.kind].across;
  const along = -(n * layout.spacing) / 2 - 0.8;
  return [sx * along + sy * 1.2, sy * along - sx * 1.2, layout.groundZ + 0.001];
}

/** Width/height of the view the camera placements were chosen for; narrower views move the camera back. */
export const DESIGN_ASPECT = 1.6;

/** Rigs side by side the camera placements were chosen for (classical and modified). */
export const DESIGN_RIGS = 2;

/**
 * How far the camera stands back, relative to its placement, so that a view of `aspect`
 * shows the same width of the scene as one of DESIGN_ASPECT (a phone's near-square view
 * would otherwise cut off the outer rigs), and so that `rigs` methods side by side fit as two
 * do (a rig's own width is about 0.8 of the spacing). Example: cameraDistanceFactor(0.8) === 2;
 * cameraDistanceFactor(1.6, 4) ≈ 2.1.
 */
export function cameraDistanceFactor(aspect: number, rigs = DESIGN_RIGS): number {
  const narrow = aspect > 0 && aspect < DESIGN_ASPECT ? DESIGN_ASPECT / aspect : 1;
  const wide = Math.max(1, (rigs - 1 + 0.8) / (DESIGN_RIGS - 1 + 0.8));
  return narrow * wide;
}
