/**
 * The bodies of the 3D view for any model: one InstancedMesh per unit geometry and material across every rig
 * (instances.ts), springs as coils, the primary body's path, and the floors under the rigs. Posed at the playhead
 * time from the streamed poses; per frame only matrices and coil vertices are written into buffers made once.
 */
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useFrame } from '@react-three/fiber';
import {
  BoxGeometry, BufferAttribute, BufferGeometry, Color, ConeGeometry, CylinderGeometry, DoubleSide, DynamicDrawUsage, InstancedMesh,
  Line, LineBasicMaterial, LineSegments, Mesh, MeshLambertMaterial, SphereGeometry, type Material,
} from 'three';
import { SAMPLE_WIDTH } from '../../../solver/simulate';
import type { RunMethod } from '../../../scenario/methods';
import { playheadStore } from '../../playhead';
import { posesAt, rowIndexAt } from '../../poses';
import { results, type MethodResults } from '../../runs';
import type { Palette } from '../../theme';
import { coilIndices, coilVertexCount, writeCoil, type CoilShape } from './coil';
import { FIXED, GHOST_OPACITY, writeBodyMatrices, writeInstanceMatrices, type InstanceBatch, type RigSpec, type UnitGeometry } from './instances';
import { poseMatrix } from './sceneMath';
import { floorGrids } from './floorGrid';
import { noteDrawnFrame } from './drawnFrame';
import type { RigPlacement } from './rigPlacement';
import { rigBase, type SceneLayout } from './sceneLayout';

/** A rig: the method whose run it shows, its colour, and whether it is a ghost (overlaid on the first, translucent). */
export interface Rig extends RigSpec {
  readonly method: RunMethod;
}

/** The rigs of the compared methods: side by side, or overlaid (the first solid, the others ghosts). */
export function rigsOf(methods: readonly RunMethod[], overlaid: boolean, palette: Palette): Rig[] {
  return methods.map((method, i) => ({ method, ghost: overlaid && i > 0, methodColor: palette.method[method] }));
}

/**
 * The unit geometries the batches draw (cones from their base at y = 0 to the tip at y = 1): smooth for shapes,
 * coarse for glyphs, which are small on screen and many (a software renderer pays per vertex).
 */
function unitGeometries(segments: number): Record<UnitGeometry, BufferGeometry> {
  return {
    box: new BoxGeometry(1, 1, 1),
    sphere: new SphereGeometry(1, segments, Math.max(4, (2 * segments) / 3)),
    cylinder: new CylinderGeometry(1, 1, 1, segments),
    cone: new ConeGeometry(1, 1, segments).translate(0, 0.5, 0),
  };
}

const SHAPE_SEGMENTS = 32;
const GLYPH_SEGMENTS = 10;

/** A ghost's material: see-through, not hiding what lies behind it, winning depth ties with the solid body it overlays. */
function ghostly(material: Material, opacity: number): void {
  material.transparent = true;
  material.opacity = opacity;
  material.depthWrite = false;
  material.polygonOffset = true;
  material.polygonOffsetFactor = -1;
}

function batchMaterial(batch: InstanceBatch): MeshLambertMaterial {
  const material = new MeshLambertMaterial();
  if (batch.ghost) ghostly(material, GHOST_OPACITY);
  else if (batch.opacity < 1) {
    material.transparent = true;
    material.opacity = batch.opacity;
    material.depthWrite = false;
    material.side = DoubleSide;
  }
  return material;
}

function batchMesh(batch: InstanceBatch, geometry: BufferGeometry): InstancedMesh {
  const mesh = new InstancedMesh(geometry, batchMaterial(batch), batch.count);
  mesh.instanceMatrix.setUsage(DynamicDrawUsage);
  // Instances move every frame; the mesh's own bounds would be stale.
  mesh.frustumCulled = false;
  mesh.name = `shapes-${batch.key}`;
  const color = new Color();
  batch.colors.forEach((hex, k) => mesh.setColorAt(k, color.set(hex)));
  return mesh;
}

/** The poses shown now for one rig: a cache of its results' views (a view is made only when data arrived). */
interface RigSource {
  res: MethodResults | null;
  rowsLength: number;
  posesLength: number;
  rows: Float64Array | null;
  poses: Float64Array | null;
}

function refreshSource(source: RigSource, res: MethodResults | undefined): void {
  if (!res) {
    source.res = null;
    source.rows = source.poses = null;
    return;
  }
  if (source.res !== res || source.rowsLength !== res.rows.length || source.posesLength !== res.poses.length) {
    source.res = res;
    source.rowsLength = res.rows.length;
    source.posesLength = res.poses.length;
    source.rows = res.rows.view();
    source.poses = res.poses.view();
  }
}

/** How a spring's coil is drawn, from the glyph size: ten turns, a coil a little wider than a joint ball. */
function coilShape(glyph: number): CoilShape {
  return { turns: 10, segmentsPerTurn: 14, sides: 6, radius: 1.3 * glyph, wire: 0.18 * glyph };
}

/** One rig's springs as one mesh of coils, its vertices rewritten each frame. */
function springMesh(count: number, shape: CoilShape, color: string, ghost: boolean): Mesh {
  const vertices = count * coilVertexCount(shape);
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array(3 * vertices), 3).setUsage(DynamicDrawUsage));
  geometry.setAttribute('normal', new BufferAttribute(new Float32Array(3 * vertices), 3).setUsage(DynamicDrawUsage));
  geometry.setIndex(new BufferAttribute(coilIndices(shape, count), 1));
  const material = new MeshLambertMaterial({ color });
  if (ghost) ghostly(material, GHOST_OPACITY);
  const mesh = new Mesh(geometry, material);
  mesh.frustumCulled = false;
  mesh.matrixAutoUpdate = false;
  return mesh;
}

/** A growable line of the primary body's path (global metres), drawn up to the playhead. */
function traceLine(color: string): Line {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array(3 * 4096), 3));
  geometry.setDrawRange(0, 0);
  const line = new Line(geometry, new LineBasicMaterial({ color }));
  line.frustumCulled = false;
  line.matrixAutoUpdate = false;
  return line;
}

/** The floors under the rigs (world units, floorGrid.ts), one line set. */
function floorLines(layout: SceneLayout, placement: RigPlacement, palette: Palette): LineSegments {
  const grids = floorGrids(layout, placement);
  const positions = new Float32Array(grids.reduce((n, g) => n + g.positions.length, 0));
  let at = 0;
  for (const g of grids) {
    positions.set(g.positions, at);
    at += g.positions.length;
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  const lines = new LineSegments(geometry, new LineBasicMaterial({ color: palette.groundMinor }));
  lines.name = 'floor';
  return lines;
}

/** A spring's end point, written per frame (a scratch buffer, so nothing is allocated). */
const END = new Float64Array(3);

/** The global point (m) of body point `point` on a body whose pose is q[o..o+7), into END (m: scratch matrix). */
function bodyPoint(q: Float64Array, o: number, point: readonly number[], m: Float64Array): void {
  poseMatrix(m, 0, q, o);
  END[0] = m[0] * point[0] + m[4] * point[1] + m[8] * point[2] + m[12];
  END[1] = m[1] * point[0] + m[5] * point[1] + m[9] * point[2] + m[13];
  END[2] = m[2] * point[0] + m[6] * point[1] + m[10] * point[2] + m[14];
}

/** Puts an object drawn in global metres (a rig's coils, its path) where the rig stands. */
function placeOnRig(object: Mesh | Line, bases: Float64Array, rig: number): void {
  object.matrix.fromArray(bases, 16 * rig);
  object.matrixWorldNeedsUpdate = true;
}

/**
 * Every rig of the scene, drawn from `batches` (planInstances of these rigs). Rig k stands at
 * placement.offsets[k]; a ghost stands where the first rig does.
 */
export function SceneRigs({ layout, placement, rigs: specs, batches, palette }: {
  layout: SceneLayout; placement: RigPlacement; rigs: readonly Rig[]; batches: readonly InstanceBatch[]; palette: Palette;
}) {
  const { model } = layout;
  const bodies = model.bodies.length;

  const bases = useMemo(() => {
    const out = new Float64Array(16 * specs.length);
    specs.forEach((s, k) => rigBase(layout, placement.offsets[s.ghost ? 0 : Math.min(k, placement.offsets.length - 1)], out, 16 * k));
    return out;
  }, [layout, placement, specs]);

  const geometries = useMemo(() => ({ shape: unitGeometries(SHAPE_SEGMENTS), glyph: unitGeometries(GLYPH_SEGMENTS) }), []);
  useEffect(() => () => [geometries.shape, geometries.glyph].forEach((set) => Object.values(set).forEach((g) => g.dispose())), [geometries]);

  const meshes = useMemo(() => batches.map((b) => batchMesh(b, geometries[b.glyph ? 'glyph' : 'shape'][b.geometry])), [batches, geometries]);
  useEffect(() => () => meshes.forEach((m) => (m.material as Material).dispose()), [meshes]);

  const coil = useMemo(() => coilShape(layout.glyph), [layout]);
  const springs = useMemo(
    () => (model.springs.length === 0 ? [] : specs.map((s) => springMesh(model.springs.length, coil, s.ghost ? s.methodColor : palette.muted, s.ghost))),
    [model, specs, coil, palette],
  );
  useEffect(() => () => springs.forEach((m) => { m.geometry.dispose(); (m.material as Material).dispose(); }), [springs]);

  const traces = useMemo(() => specs.map((s) => traceLine(s.methodColor)), [specs]);
  useEffect(() => () => traces.forEach((l) => { l.geometry.dispose(); (l.material as Material).dispose(); }), [traces]);

  const floor = useMemo(() => floorLines(layout, placement, palette), [layout, placement, palette]);
  useEffect(() => () => { floor.geometry.dispose(); (floor.material as Material).dispose(); }, [floor]);

  useLayoutEffect(() => {
    springs.forEach((m, k) => placeOnRig(m, bases, k));
    traces.forEach((l, k) => placeOnRig(l, bases, k));
  }, [springs, traces, bases]);

  // Buffers of the frame loop, made once per model and rig set.
  const work = useMemo(() => ({
    poses: specs.map(() => new Float64Array(7 * bodies)),
    bodyMatrices: new Float64Array(16 * bodies * specs.length),
    scratch: new Float64Array(16),
    sources: specs.map((): RigSource => ({ res: null, rowsLength: -1, posesLength: -1, rows: null, poses: null })),
    traced: specs.map(() => ({ res: null as MethodResults | null, count: 0 })),
  }), [specs, bodies]);

  useFrame(() => {
    const t = playheadStore.getState().time;
    for (let k = 0; k < specs.length; k++) {
      const source = work.sources[k];
      refreshSource(source, results.current[specs[k].method]);
      const q = work.poses[k];
      const { res, rows, poses } = source;
      const live = res !== null && rows !== null && poses !== null && res.coordinates === 7 * bodies;
      // Before any sample, the initial poses: the bodies (and their shaders) are there from the first frame.
      if (!live || !posesAt(rows!, poses!, res!.coordinates, bodies, t, q)) q.set(model.initialPoses);
      drawTrace(traces[k], work.traced[k], live ? source : null, model.primaryBody, t);
    }
    writeBodyMatrices(work.poses, bases, bodies, work.bodyMatrices, work.scratch);
    for (let i = 0; i < batches.length; i++) {
      writeInstanceMatrices(batches[i], work.bodyMatrices, bases, bodies, meshes[i].instanceMatrix.array as Float32Array);
      meshes[i].instanceMatrix.needsUpdate = true;
    }
    for (let k = 0; k < springs.length; k++) writeSprings(springs[k], model.springs, work.poses[k], coil, work.scratch);
    if (work.poses.length > 0) noteDrawnFrame(t, work.poses[0]);
  });

  return (
    <>
      {meshes.map((m) => <primitive key={m.uuid} object={m} />)}
      {springs.map((m) => <primitive key={m.uuid} object={m} />)}
      {traces.map((l) => <primitive key={l.uuid} object={l} />)}
      <primitive object={floor} />
    </>
  );
}

/** Bodies the first rig draws at least one shape of (every body, unless a file makes one fully transparent). */
export function drawnBodies(batches: readonly InstanceBatch[]): number {
  const seen = new Set<number>();
  for (const b of batches) for (let k = 0; k < b.count; k++) if (b.rig[k] === 0 && b.body[k] !== FIXED) seen.add(b.body[k]);
  return seen.size;
}

/** Rewrites one rig's coils between their end points at the current poses (global metres). */
function writeSprings(mesh: Mesh, springs: SceneLayout['model']['springs'], q: Float64Array, shape: CoilShape, m: Float64Array): void {
  const position = mesh.geometry.getAttribute('position') as BufferAttribute;
  const normal = mesh.geometry.getAttribute('normal') as BufferAttribute;
  const per = coilVertexCount(shape);
  for (let s = 0; s < springs.length; s++) {
    const { a, b } = springs[s];
    let ax = a.point[0], ay = a.point[1], az = a.point[2], bx = b.point[0], by = b.point[1], bz = b.point[2];
    if (a.body !== FIXED) {
      bodyPoint(q, 7 * a.body, a.point, m);
      ax = END[0]; ay = END[1]; az = END[2];
    }
    if (b.body !== FIXED) {
      bodyPoint(q, 7 * b.body, b.point, m);
      bx = END[0]; by = END[1]; bz = END[2];
    }
    writeCoil(shape, ax, ay, az, bx, by, bz, position.array as Float32Array, normal.array as Float32Array, s * per);
  }
  position.needsUpdate = true;
  normal.needsUpdate = true;
}

/** Extends the path with samples that arrived (growing its buffer by doubling) and draws it up to time t. */
function drawTrace(line: Line, traced: { res: MethodResults | null; count: number }, source: RigSource | null, body: number, t: number): void {
  const geometry = line.geometry;
  if (!source || !source.rows || !source.poses || !source.res) {
    geometry.setDrawRange(0, 0);
    return;
  }
  const { rows, poses, res } = source;
  const count = Math.min(rows.length / SAMPLE_WIDTH, poses.length / res.coordinates) | 0;
  if (traced.res !== res) {
    traced.res = res;
    traced.count = 0;
  }
  if (traced.count !== count) {
    let attribute = geometry.getAttribute('position') as BufferAttribute;
    if (attribute.count < count) {
      const bigger = new BufferAttribute(new Float32Array(3 * Math.max(2 * attribute.count, count)), 3);
      bigger.array.set(attribute.array.subarray(0, 3 * traced.count));
      geometry.setAttribute('position', bigger);
      attribute = bigger;
    }
    for (let i = traced.count; i < count; i++) {
      const p = i * res.coordinates + 7 * body;
      attribute.setXYZ(i, poses[p], poses[p + 1], poses[p + 2]);
    }
    attribute.needsUpdate = true;
    traced.count = count;
  }
  geometry.setDrawRange(0, Math.min(count, rowIndexAt(rows, t) + 1));
}
