import { Component, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { OrbitControls } from '@react-three/drei';
import { BufferAttribute, BufferGeometry, Line, LineBasicMaterial, Quaternion, Vector3, type Group } from 'three';
import { SAMPLE_WIDTH } from '../../solver/simulate';
import type { RunMethod as IntegratorMethod } from '../../scenario/methods';
import { getScenario } from '../../scenario/registry';
import type { ScenarioState } from '../../scenario/types';
import { playheadStore } from '../playhead';
import { poseAt, rowIndexAt } from '../poses';
import { results } from '../runs';
import { boxWithInertia } from '../shapes';
import { appStore } from '../store';
import { markPageReady } from '../ready';
import { METHOD_LABELS, usePalette, type Palette } from '../theme';
import { v8Drawing, type V8Drawing } from '../v8Drawing';
import { ConnectingRod, Crankshaft, CylinderBores, Piston } from './V8Engine';

/** How bodies are drawn: the scenarios with shapes of their own, or boxes for any model. */
type SceneKind = 'heavy-top' | 'spin' | 'v8-crank' | 'generic';

interface ViewSetup {
  /** Camera start, the point it orbits (world units) and its vertical field of view (°). */
  readonly camera: [number, number, number];
  readonly target: [number, number, number];
  readonly fov: number;
  /** Horizontal unit vector along which the compared methods stand: across the line of sight. */
  readonly across: [number, number];
}

const FRONT_VIEW: ViewSetup = { camera: [0, -4.6, 1.9], target: [0, 0, -0.25], fov: 42, across: [1, 0] };
const V8_YAW = (35 * Math.PI) / 180;

const VIEWS: Readonly<Record<SceneKind, ViewSetup>> = {
  'heavy-top': FRONT_VIEW,
  spin: FRONT_VIEW,
  generic: FRONT_VIEW,
  // Three-quarter view, 35° off the crank axis, from afar so both engines get the same perspective.
  'v8-crank': { camera: [6.1, -4.3, 2.9], target: [0, 0, 0.3], fov: 24, across: [Math.sin(V8_YAW), Math.cos(V8_YAW)] },
};

interface BodyLayout {
  /** Box dimensions (m) with the body's inertia for its mass (generic scenes). */
  readonly dims: readonly [number, number, number];
  /** Pose at t = 0 (r, e), shown until the run's first sample arrives. */
  readonly initialPose: Float64Array;
  /** The inverse of the initial pose: parts drawn where they are at t = 0 then move with the body. */
  readonly fromInitial: { readonly position: Vector3; readonly quaternion: Quaternion };
}

/** How a scenario is drawn: which bodies, where the ground is, how far apart the two methods stand. */
interface SceneLayout {
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

function layoutFor(state: ScenarioState): SceneLayout {
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

const Y_AXIS = new Vector3(0, 1, 0);

/**
 * Whether WebGL runs in software (SwiftShader, e.g. no GPU or headless). There multisampling
 * doubles the cost of a frame, and the main thread waits for the frame at the next commit, so
 * the V8 scene alone made 100–200 ms tasks while streaming; without it they stay near 50 ms.
 */
const SOFTWARE_WEBGL = ((): boolean => {
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    const info = gl?.getExtension('WEBGL_debug_renderer_info');
    const renderer = gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
    return /swiftshader|llvmpipe|software/i.test(renderer);
  } catch {
    return false;
  }
})();

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

/** One method's bodies, animated from the streamed poses at the playhead time (and the top's path). */
function MethodRig({ method, layout, offset, palette }: { method: IntegratorMethod; layout: SceneLayout; offset: number; palette: Palette }) {
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
    layout.bodies.forEach(({ index, layout: body }, k) => {
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
    <group position={[VIEWS[layout.kind].across[0] * offset, VIEWS[layout.kind].across[1] * offset, 0]}>
      {layout.v8 && <CylinderBores drawing={layout.v8} palette={palette} />}
      {layout.bodies.map(({ index, layout: body }, k) => (
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
      {layout.kind === 'heavy-top' && (
        <>
          <primitive object={traceLine} />
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

/** The axes helper: beyond the first method's rig, a little towards the camera, on the ground. */
function axesPosition(layout: SceneLayout, n: number): [number, number, number] {
  const [sx, sy] = VIEWS[layout.kind].across;
  const along = -(n * layout.spacing) / 2 - 0.8;
  return [sx * along + sy * 1.2, sy * along - sx * 1.2, layout.groundZ + 0.001];
}

/** Moves the camera to the scene kind's view when the kind changes (an orbit is kept across reruns). */
function CameraPlacement({ kind }: { kind: SceneKind }) {
  const camera = useThree((s) => s.camera);
  const controls = useThree((s) => s.controls) as unknown as { update(): void } | null;
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    camera.position.set(...VIEWS[kind].camera);
    if ('fov' in camera) {
      camera.fov = VIEWS[kind].fov;
      camera.updateProjectionMatrix();
    }
    controls?.update();
    invalidate();
  }, [kind, camera, controls, invalidate]);
  return null;
}

/** Renders on demand: when the playhead moves or data arrives (no idle frames). */
function Invalidator() {
  const invalidate = useThree((s) => s.invalidate);
  const first = useRef(true);
  useFrame(() => {
    if (!first.current) return;
    first.current = false;
    // Let this frame reach the screen before the page counts as up.
    requestAnimationFrame(() => markPageReady());
  });
  useEffect(() => {
    const a = playheadStore.subscribe(() => invalidate());
    const b = appStore.subscribe((s, prev) => {
      if (s.plotVersion !== prev.plotVersion) invalidate();
    });
    return () => {
      a();
      b();
    };
  }, [invalidate]);
  return null;
}

/** Shows why the 3D view is missing (e.g. no WebGL) instead of taking the page down. */
class SceneErrorBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) };
  }

  override componentDidCatch() {
    markPageReady();
  }

  override render() {
    if (this.state.error !== null) {
      return (
        <div className="scene scene-error" role="status">
          3D view unavailable ({this.state.error}). The plots and the run are not affected.
        </div>
      );
    }
    return this.props.children;
  }
}

export function Scene3D() {
  return (
    <SceneErrorBoundary>
      <SceneView />
    </SceneErrorBoundary>
  );
}

/** The 3D view: classical and modified side by side, ground grid, axes, orbit controls. */
function SceneView() {
  const palette = usePalette();
  const methods = useStore(appStore, (s) => s.state.methods);
  // Lay out for the state the shown results were computed with (the committed one until
  // then). The selector returns a stable object, so streamed chunks cause no re-render.
  const shownState = useStore(appStore, (s) => {
    for (const m of s.state.methods) if (results.current[m]) return results.current[m]!.state;
    return s.state;
  });
  const layout = useMemo(() => layoutFor(shownState), [shownState]);

  const n = methods.length;

  return (
    <div className="scene" data-testid="scene">
      <Canvas
        frameloop="demand"
        dpr={[1, 2]}
        camera={{ position: FRONT_VIEW.camera, up: [0, 0, 1], fov: FRONT_VIEW.fov, near: 0.05, far: 200 }}
        gl={{ antialias: !SOFTWARE_WEBGL }}
        role="img"
        aria-label="3D view of the bodies: the compared methods side by side at the playhead time"
      >
        <color attach="background" args={[palette.background]} />
        <ambientLight intensity={1.1} />
        <directionalLight position={[3, -4, 6]} intensity={2.2} />
        <directionalLight position={[-4, 3, 2]} intensity={0.6} />
        <gridHelper args={[10, 20, palette.ground, palette.groundMinor]} rotation={[Math.PI / 2, 0, 0]} position={[0, 0, layout.groundZ]} />
        <axesHelper args={[0.7]} position={axesPosition(layout, n)} />
        <group scale={layout.scale}>
          {methods.map((m, i) => (
            <MethodRig key={m} method={m} layout={layout} offset={((i - (n - 1) / 2) * layout.spacing) / layout.scale} palette={palette} />
          ))}
        </group>
        <OrbitControls makeDefault target={VIEWS[layout.kind].target} enableDamping={false} />
        <CameraPlacement kind={layout.kind} />
        <Invalidator />
      </Canvas>
      <div className="scene-labels" aria-hidden="true">
        {methods.map((m) => (
          <span key={m} style={{ color: palette.method[m] }}>
            {METHOD_LABELS[m]}
          </span>
        ))}
      </div>
      <div className="scene-legend" aria-hidden="true">
        axes: <span style={{ color: '#e5484d' }}>x</span> <span style={{ color: '#30a46c' }}>y</span>{' '}
        <span style={{ color: '#3e63dd' }}>z</span> (z up) · drag to orbit, scroll to zoom
      </div>
    </div>
  );
}
