/**
 * The 3D view of any model, composed of its concerns: src/scenario/sceneModel (what the model file draws; a user's model comes compiled by its run's worker),
 * scene/sceneLayout (the model's size and view), scene/rigPlacement (where the rigs stand, the camera's fit),
 * scene/floorGrid (the floors), scene/instances and scene/Bodies (what is
 * drawn, posed at the playhead), scene/CameraControls (camera, orbit, frames on demand) and
 * scene/Overlays (names, ω and t readout, legend).
 */
import { Component, useMemo, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { Canvas } from '@react-three/fiber';
import { getScenario } from '../../scenario/registry';
import { CUSTOM_SCENARIO_ID } from '../../scenario/types';
import { results } from '../runs';
import { appStore } from '../store';
import { usePalette } from '../theme';
import { drawnBodies, rigsOf, SceneRigs } from './scene/Bodies';
import { CameraPlacement, Invalidator, LiveResolution, OrbitCameraControls } from './scene/CameraControls';
import { planInstances } from './scene/instances';
import { AxesLegend, SceneReadout } from './scene/Overlays';
import { useViewFrame } from './scene/overlayMargins';
import { placeRigs } from './scene/rigPlacement';
import { layoutFor, layoutOf, upAxisName, type SceneLayout } from './scene/sceneLayout';

/**
 * What WebGL this browser gives a page, probed once: none (switched off, blocked, or no driver — three.js needs
 * WebGL 2), in software (SwiftShader, e.g. no GPU or headless) or in hardware. Without WebGL the 3D view says so
 * instead of letting the renderer fail. In software, multisampling doubles the cost of a frame, and the main thread
 * waits for the frame at the next commit, so the V8 scene alone made 100–200 ms tasks while streaming; without it
 * they stay near 50 ms.
 */
const WEBGL: 'none' | 'software' | 'hardware' = ((): 'none' | 'software' | 'hardware' => {
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return 'none';
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return /swiftshader|llvmpipe|software/i.test(renderer) ? 'software' : 'hardware';
  } catch {
    return 'none';
  }
})();
const SOFTWARE_WEBGL = WEBGL === 'software';

/**
 * On a software renderer, the shortest time between two frames that follow a run in flight, ms. There a V8 frame
 * costs ≈ 80 ms of CPU (1920×1080, SwiftShader), taken from the solver's workers on a machine with few cores: at the
 * charts' pace (4 a second) the 3D view alone took ≈ 2 s of CPU during the V8 run of Paper Fig. 8.
 */
const SOFTWARE_LIVE_FRAME_MS = 1000;
/**
 * On a software renderer, the resolution of those frames relative to the canvas's: a quarter of the pixels, ≈ 0.4 s
 * less CPU in the browser process over the V8 run of Paper Fig. 8 (1920×1080); the run's last frame is full-size.
 */
const SOFTWARE_LIVE_SCALE = 0.5;

/** Shows why the 3D view is missing (e.g. no WebGL) instead of taking the page down. */
class SceneErrorBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) };
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
  if (WEBGL === 'none') {
    return (
      <div className="scene scene-error" role="status" data-testid="scene">
        3D view unavailable: this browser gives the page no WebGL 2 (switched off, blocked or no graphics driver). The
        plots and the run are not affected.
      </div>
    );
  }
  return (
    <SceneErrorBoundary>
      <SceneView />
    </SceneErrorBoundary>
  );
}

/**
 * The 3D view of the model the shown results were computed with, at their parameters (the committed state's until
 * then). A user's model is drawn as its run's worker compiled it (`scene` of the results): the page never evaluates
 * a user's text, so until that run has started the view says it is waiting. The selectors return stable objects,
 * so streamed chunks cause no re-render.
 */
function SceneView() {
  const shown = useStore(appStore, (s) => s.state.methods.map((m) => results.current[m]).find(Boolean) ?? null);
  const committed = useStore(appStore, (s) => (shown ? null : s.state));
  const shownState = shown?.state ?? committed ?? appStore.getState().state;
  const def = shown ? shown.def : getScenario(shownState.scenario);
  const valuesKey = JSON.stringify(shownState.values);
  const layout = useMemo(
    () => {
      if (shown?.scene) return layoutOf(shown.scene);
      return def && def.id !== CUSTOM_SCENARIO_ID ? layoutFor(def, shownState.values) : null;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the model is what its definition and values say
    [shown?.scene, def, valuesKey],
  );
  if (!layout) {
    return (
      <div className="scene scene-error" role="status" data-testid="scene" data-model-bodies="0">
        The 3D view draws your model once its run has started.
      </div>
    );
  }
  return <SceneDrawing layout={layout} />;
}

/** The 3D view: the compared methods side by side (or stacked) or overlaid as ghosts, floors, axes, orbit controls. */
function SceneDrawing({ layout }: { readonly layout: SceneLayout }) {
  const palette = usePalette();
  const methods = useStore(appStore, (s) => s.state.methods);
  const overlaid = useStore(appStore, (s) => s.view.bodies === 'overlaid' && s.state.methods.length > 1);
  // The view's shape and the room its text takes: the camera is fitted to what is left.
  const [sizeRef, { aspect, margins }] = useViewFrame();
  const placement = useMemo(() => placeRigs(layout, overlaid ? 1 : methods.length, aspect, margins), [layout, overlaid, methods.length, aspect, margins]);
  const rigs = useMemo(() => rigsOf(methods, overlaid, palette), [methods, overlaid, palette]);
  const batches = useMemo(() => planInstances(layout, rigs, palette), [layout, rigs, palette]);
  const up = upAxisName(layout.model.up);

  return (
    <div
      className="scene"
      ref={sizeRef}
      data-testid="scene"
      data-bodies={overlaid ? 'overlaid' : 'side'}
      data-arrangement={placement.stacked ? 'stacked' : 'side'}
      data-framing={placement.cropped ? 'start' : 'whole'}
      data-model-bodies={layout.model.bodies.length}
      data-drawn-bodies={drawnBodies(batches)}
      data-up={up ?? ''}
    >
      <Canvas
        frameloop="demand"
        dpr={[1, 2]}
        camera={{ position: placement.camera.position, up: placement.camera.up, fov: placement.camera.fov, near: placement.camera.near, far: placement.camera.far }}
        gl={{ antialias: !SOFTWARE_WEBGL }}
        role="img"
        aria-label={`3D view of the bodies: the compared methods ${overlaid ? 'overlaid, the first solid and the others as ghosts,' : placement.stacked ? 'one above the other' : 'side by side'} at the playhead time`}
      >
        <color attach="background" args={[palette.background]} />
        <ambientLight intensity={1.1} />
        <directionalLight position={lightPosition(layout, 1)} intensity={2.2} />
        <directionalLight position={lightPosition(layout, -1)} intensity={0.6} />
        <axesHelper args={[layout.axesSize]} position={placement.axes} />
        <SceneRigs layout={layout} placement={placement} rigs={rigs} batches={batches} palette={palette} />
        <OrbitCameraControls up={layout.model.up} />
        <CameraPlacement camera={placement.camera} />
        <Invalidator liveFrameMs={SOFTWARE_WEBGL ? SOFTWARE_LIVE_FRAME_MS : 0} />
        <LiveResolution scale={SOFTWARE_WEBGL ? SOFTWARE_LIVE_SCALE : 1} />
      </Canvas>
      <SceneReadout methods={methods} palette={palette} overlaid={overlaid} stacked={placement.stacked} />
      <AxesLegend up={up} />
    </div>
  );
}

/** A light from above, to the camera's right (side 1) or the far left (side −1), in world units. */
function lightPosition(layout: SceneLayout, side: 1 | -1): [number, number, number] {
  const { forward, right } = layout.view;
  const up = layout.model.up;
  const k = side === 1 ? [2, -3, 5] : [-3, 2, 1.5];
  return [0, 1, 2].map((i) => k[0] * right[i] + k[1] * forward[i] + k[2] * up[i]) as [number, number, number];
}
