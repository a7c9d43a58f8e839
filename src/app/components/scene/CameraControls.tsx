/**
 * Camera and controls of the 3D view: three's own OrbitControls (drag or one finger to orbit,
 * wheel or pinch to zoom, right drag or two fingers to pan), the camera placed per scene kind,
 * and rendering on demand (a frame when the playhead moves, data arrives or the view is orbited).
 */
import { useEffect, useMemo, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { playheadStore } from '../../playhead';
import { markPageReady } from '../../ready';
import { appStore } from '../../store';
import { cameraDistanceFactor, DESIGN_ASPECT, VIEWS, type SceneKind } from './sceneLayout';

/**
 * Orbit controls on the canvas, registered as the scene's default controls (`useThree().controls`),
 * orbiting the scene kind's target. Each change of the view asks for one frame.
 */
export function OrbitCameraControls({ kind }: { kind: SceneKind }) {
  const camera = useThree((s) => s.camera);
  const domElement = useThree((s) => s.gl.domElement);
  const set = useThree((s) => s.set);
  const invalidate = useThree((s) => s.invalidate);
  const controls = useMemo(() => new OrbitControls(camera, domElement), [camera, domElement]);
  useEffect(() => {
    const onChange = () => invalidate();
    controls.addEventListener('change', onChange);
    set({ controls });
    return () => {
      controls.removeEventListener('change', onChange);
      controls.dispose();
      set({ controls: null });
    };
  }, [controls, set, invalidate]);
  useEffect(() => {
    controls.target.set(...VIEWS[kind].target);
    controls.update();
    invalidate();
  }, [controls, kind, invalidate]);
  return null;
}

/**
 * Moves the camera to the scene kind's view when the kind or the view's shape changes (an
 * orbit is kept across reruns), backed off along its line of sight for narrow views and for
 * more than two rigs side by side.
 */
export function CameraPlacement({ kind, rigs }: { kind: SceneKind; rigs: number }) {
  const camera = useThree((s) => s.camera);
  const controls = useThree((s) => s.controls) as unknown as { update(): void } | null;
  const invalidate = useThree((s) => s.invalidate);
  const aspect = useThree((s) => (s.size.height > 0 ? s.size.width / s.size.height : DESIGN_ASPECT));
  const factor = cameraDistanceFactor(aspect, rigs);
  useEffect(() => {
    const { camera: position, target, fov } = VIEWS[kind];
    camera.position.set(
      target[0] + (position[0] - target[0]) * factor,
      target[1] + (position[1] - target[1]) * factor,
      target[2] + (position[2] - target[2]) * factor,
    );
    if ('fov' in camera) {
      camera.fov = fov;
      camera.updateProjectionMatrix();
    }
    controls?.update();
    invalidate();
  }, [kind, factor, camera, controls, invalidate]);
  return null;
}

/** Renders on demand: when the playhead moves or data arrives (no idle frames). */
export function Invalidator() {
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
