/**
 * The bodies of the 3D view: the scenario's own shapes (top, spinning body, V8 parts) or boxes
 * with the bodies' inertia, one rig per compared method, posed at the playhead time.
 */
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useFrame } from '@react-three/fiber';
import { BufferAttribute, BufferGeometry, Line, LineBasicMaterial, Quaternion, Vector3, type Group, type Material, type Object3D } from 'three';
import { SAMPLE_WIDTH } from '../../../solver/simulate';
import type { RunMethod as IntegratorMethod } from '../../../scenario/methods';
import { playheadStore } from '../../playhead';
import { poseAt, rowIndexAt } from '../../poses';
import { results } from '../../runs';
import type { Palette } from '../../theme';
import type { V8Drawing } from '../../v8Drawing';
import { ConnectingRod, Crankshaft, CylinderBores, Piston } from '../V8Engine';
import { ghostBodies, VIEWS, type SceneLayout } from './sceneLayout';

/** Opacity of a ghost body: the solid first method shows through it, and it through the solid one. */
const GHOST_OPACITY = 0.35;

/**
 * Makes every material under `root` a ghost's: translucent, not hiding what lies behind it, and
 * winning depth ties so a ghost that coincides with the solid body still shows its colour.
 */
function ghostMaterials(root: Object3D): void {
  root.traverse((object) => {
    const material = (object as Object3D & { material?: Material | Material[] }).material;
    for (const m of Array.isArray(material) ? material : material ? [material] : []) {
      m.transparent = true;
      m.opacity = GHOST_OPACITY;
      m.depthWrite = false;
      m.polygonOffset = true;
      m.polygonOffsetFactor = -1;
    }
  });
}

/** A palette whose body colours are all the method's: a ghost is one colour, so it reads as that method. */
function ghostPalette(palette: Palette, color: string): Palette {
  return { ...palette, body: color, bodyAccent: color, text: color };
}

const Y_AXIS = new Vector3(0, 1, 0);

/** A spinning top: cone from the fixed point to a disc at the centre of mass, on its symmetry axis. */
function TopShape({ xcm, palette, accent }: { xcm: Vector3; palette: Palette; accent: string }) {
  const length = xcm.length() > 1e-9 ? xcm.length() : 1;
  const align = useMemo(() => {
    const axis = xcm.length() > 1e-9 ? xcm.clone().normalize() : Y_AXIS;
    return new Quaternion().setFromUnitVectors(Y_AXIS, axis);
  }, [xcm]);
  const L = length;
  return (
    <group quaternion={align}>
      <mesh position={[0, -L / 2, 0]} rotation={[Math.PI, 0, 0]}>
        <coneGeometry args={[0.3 * L, L, 40]} />
        <meshStandardMaterial color={palette.body} metalness={0.2} roughness={0.5} />
      </mesh>
      <mesh position={[0, 0.04 * L, 0]}>
        <cylinderGeometry args={[0.42 * L, 0.42 * L, 0.08 * L, 48]} />
        <meshStandardMaterial color={palette.bodyAccent} metalness={0.1} roughness={0.6} />
      </mesh>
      <mesh position={[0, 0.22 * L, 0]}>
        <cylinderGeometry args={[0.05 * L, 0.05 * L, 0.3 * L, 16]} />
        <meshStandardMaterial color={palette.body} />
      </mesh>
      {/* Off-axis marks make the spin about the symmetry axis visible. */}
      <mesh position={[0.34 * L, 0.1 * L, 0]}>
        <boxGeometry args={[0.14 * L, 0.05 * L, 0.08 * L]} />
        <meshStandardMaterial color={accent} />
      </mesh>
      <mesh position={[-0.34 * L, 0.1 * L, 0]}>
        <boxGeometry args={[0.14 * L, 0.05 * L, 0.08 * L]} />
        <meshStandardMaterial color={palette.text} />
      </mesh>
    </group>
  );
}

/** A free body elongated along its x axis, with fins so the rotation about x shows. */
function SpinShape({ palette, accent }: { palette: Palette; accent: string }) {
  return (
    <group>
      <mesh rotation={[0, 0, Math.PI / 2]}>
        <cylinderGeometry args={[0.2, 0.2, 1.3, 40]} />
        <meshStandardMaterial color={palette.body} metalness={0.2} roughness={0.5} />
      </mesh>
      <mesh position={[0, 0.28, 0]}>
        <boxGeometry args={[1.0, 0.16, 0.06]} />
        <meshStandardMaterial color={accent} />
      </mesh>
      <mesh position={[0, -0.28, 0]}>
        <boxGeometry args={[1.0, 0.16, 0.06]} />
        <meshStandardMaterial color={palette.bodyAccent} />
      </mesh>
      <axesHelper args={[0.9]} />
    </group>
  );
}

/** Any body: the box with its inertia, the primary one in the method's colour. */
function BoxShape({ dims, color }: { dims: readonly [number, number, number]; color: string }) {
  return (
    <mesh>
      <boxGeometry args={[dims[0], dims[1], dims[2]]} />
      <meshStandardMaterial color={color} metalness={0.1} roughness={0.6} />
    </mesh>
  );
}

/** Body `index` of the V8: 0 the crankshaft, then rod 1 + 2k and piston 2 + 2k of cylinder k. */
function V8Part({ drawing, index, palette, accent }: { drawing: V8Drawing; index: number; palette: Palette; accent: string }) {
  if (index === 0) return <Crankshaft drawing={drawing} color={accent} markColor={palette.text} />;
  const cylinder = drawing.cylinders[(index - 1) >> 1];
  if (index % 2 === 1) return <ConnectingRod drawing={drawing} cylinder={cylinder} color={palette.body} />;
  return <Piston drawing={drawing} cylinder={cylinder} color={palette.bodyAccent} />;
}

/**
 * One method's bodies, animated from the streamed poses at the playhead time (and the top's path).
 * A ghost (the overlaid arrangement's second to fourth method) is drawn translucent in the method's
 * colour, without the fixed parts the solid rig already shows (ground post, cylinder bores), and on
 * the V8 only the crankshaft and pistons (sceneLayout.ghostBodies).
 */
export function MethodRig({ method, layout, offset, palette: pagePalette, ghost = false }: { method: IntegratorMethod; layout: SceneLayout; offset: number; palette: Palette; ghost?: boolean }) {
  const palette = ghost ? ghostPalette(pagePalette, pagePalette.method[method]) : pagePalette;
  const bodies = ghost ? ghostBodies(layout) : layout.bodies;
  const root = useRef<Group>(null);
  // After every render: R3F may have created or updated materials (e.g. a palette change).
  useLayoutEffect(() => {
    if (ghost && root.current) ghostMaterials(root.current);
  });
  const groups = useRef<(Group | null)[]>([]);
  const pose = useMemo(() => new Float64Array(7), []);
  const trace = useMemo(() => {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(new Float32Array(3 * 4096), 3));
    geometry.setDrawRange(0, 0);
    return geometry;
  }, []);
  const traceLine = useMemo(() => new Line(trace, new LineBasicMaterial()), [trace]);
  useEffect(() => () => trace.dispose(), [trace]);
  (traceLine.material as LineBasicMaterial).color.set(palette.method[method]);
  const traced = useRef<{ rows: number; res: unknown }>({ rows: -1, res: null });

  useFrame(() => {
    const res = results.current[method];
    const rows = res?.rows.view();
    const poses = res?.poses.view();
    const t = playheadStore.getState().time;
    bodies.forEach(({ index, layout: body }, k) => {
      const group = groups.current[k];
      if (!group) return;
      // Before any sample, the initial pose: the bodies (and their shaders) are there from the first frame.
      if (!res || !rows || !poses || !poseAt(rows, poses, res.coordinates, index, t, pose)) pose.set(body.initialPose);
      group.position.set(pose[0], pose[1], pose[2]);
      group.quaternion.set(pose[4], pose[5], pose[6], pose[3]);
    });

    if (layout.kind !== 'heavy-top') return;
    if (!res || !rows || !poses) {
      trace.setDrawRange(0, 0);
      return;
    }
    const count = Math.min(rows.length / SAMPLE_WIDTH, poses.length / res.coordinates);
    if (traced.current.res !== res || traced.current.rows !== count) {
      let attribute = trace.getAttribute('position') as BufferAttribute;
      if (attribute.count < count) {
        attribute = new BufferAttribute(new Float32Array(3 * count * 2), 3);
        trace.setAttribute('position', attribute);
      }
      const base = layout.primaryBody * 7;
      for (let i = 0; i < count; i++) {
        const p = i * res.coordinates + base;
        attribute.setXYZ(i, poses[p], poses[p + 1], poses[p + 2]);
      }
      attribute.needsUpdate = true;
      trace.computeBoundingSphere();
      traced.current = { rows: count, res };
    }
    trace.setDrawRange(0, Math.min(count, rowIndexAt(rows, t) + 1));
  });

  const accent = palette.method[method];
  return (
    <group ref={root} position={[VIEWS[layout.kind].across[0] * offset, VIEWS[layout.kind].across[1] * offset, 0]} name={ghost ? `ghost-${method}` : `rig-${method}`}>
      {layout.v8 && !ghost && <CylinderBores drawing={layout.v8} palette={palette} />}
      {bodies.map(({ index, layout: body }, k) => (
        <group key={index} ref={(g) => void (groups.current[k] = g)}>
          {layout.v8 ? (
            <group position={body.fromInitial.position} quaternion={body.fromInitial.quaternion}>
              <V8Part drawing={layout.v8} index={index} palette={palette} accent={accent} />
            </group>
          ) : layout.kind === 'heavy-top' ? (
            <TopShape xcm={layout.xcm} palette={palette} accent={accent} />
          ) : layout.kind === 'spin' ? (
            <SpinShape palette={palette} accent={accent} />
          ) : (
            <BoxShape dims={body.dims} color={index === layout.primaryBody ? accent : palette.body} />
          )}
        </group>
      ))}
      {layout.kind === 'heavy-top' && <primitive object={traceLine} />}
      {layout.kind === 'heavy-top' && !ghost && (
        <>
          <mesh position={[0, 0, layout.groundZ / (2 * layout.scale)]} rotation={[Math.PI / 2, 0, 0]}>
            <cylinderGeometry args={[0.025 / layout.scale, 0.06 / layout.scale, -layout.groundZ / layout.scale, 16]} />
            <meshStandardMaterial color={palette.ground} />
          </mesh>
          <mesh>
            <sphereGeometry args={[0.05 / layout.scale, 16, 12]} />
            <meshStandardMaterial color={palette.text} />
          </mesh>
        </>
      )}
    </group>
  );
}

