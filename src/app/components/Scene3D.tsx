/**
 * The 3D view, composed of its concerns: scene/sceneLayout (where things stand), scene/Bodies
 * (what is drawn, posed at the playhead), scene/CameraControls (camera, orbit, frames on
 * demand) and scene/Overlays (names, ω and t readout, legend).
 */
import { Component, useMemo, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { Canvas } from '@react-three/fiber';
import { markPageReady } from '../ready';
import { results } from '../runs';
import { appStore } from '../store';
import { usePalette } from '../theme';
import { MethodRig } from './scene/Bodies';
import { CameraPlacement, Invalidator, OrbitCameraControls } from './scene/CameraControls';
import { AxesLegend, SceneReadout } from './scene/Overlays';
import { axesPosition, FRONT_VIEW, layoutFor, rigOffsets } from './scene/sceneLayout';

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

/** The 3D view: the compared methods side by side or overlaid as ghosts, ground grid, axes, orbit controls. */
function SceneView() {
  const palette = usePalette();
  const methods = useStore(appStore, (s) => s.state.methods);
  const overlaid = useStore(appStore, (s) => s.view.bodies === 'overlaid' && s.state.methods.length > 1);
  // Lay out for the state the shown results were computed with (the committed one until
  // then). The selector returns a stable object, so streamed chunks cause no re-render.
  const shownState = useStore(appStore, (s) => {
    for (const m of s.state.methods) if (results.current[m]) return results.current[m]!.state;
    return s.state;
  });
  const layout = useMemo(() => layoutFor(shownState), [shownState]);

  const n = methods.length;
  const offsets = rigOffsets(layout, n, overlaid);

  return (
    <div className="scene" data-testid="scene" data-bodies={overlaid ? 'overlaid' : 'side'}>
      <Canvas
        frameloop="demand"
        dpr={[1, 2]}
        camera={{ position: FRONT_VIEW.camera, up: [0, 0, 1], fov: FRONT_VIEW.fov, near: 0.05, far: 200 }}
        gl={{ antialias: !SOFTWARE_WEBGL }}
        role="img"
        aria-label={`3D view of the bodies: the compared methods ${overlaid ? 'overlaid, the first solid and the others as ghosts,' : 'side by side'} at the playhead time`}
      >
        <color attach="background" args={[palette.background]} />
        <ambientLight intensity={1.1} />
        <directionalLight position={[3, -4, 6]} intensity={2.2} />
        <directionalLight position={[-4, 3, 2]} intensity={0.6} />
        <gridHelper args={[10, 20, palette.ground, palette.groundMinor]} rotation={[Math.PI / 2, 0, 0]} position={[0, 0, layout.groundZ]} />
        <axesHelper args={[0.7]} position={axesPosition(layout, overlaid ? 1 : n)} />
        <group scale={layout.scale}>
          {methods.map((m, i) => (
            // The key carries the role: a rig that becomes a ghost is made anew, with fresh materials.
            <MethodRig key={`${m}-${overlaid && i > 0 ? 'ghost' : 'solid'}`} method={m} layout={layout} offset={offsets[i]} palette={palette} ghost={overlaid && i > 0} />
          ))}
        </group>
        <OrbitCameraControls kind={layout.kind} />
        <CameraPlacement kind={layout.kind} rigs={overlaid ? 1 : n} />
        <Invalidator />
      </Canvas>
      <SceneReadout methods={methods} palette={palette} overlaid={overlaid} />
      <AxesLegend />
    </div>
  );
}
