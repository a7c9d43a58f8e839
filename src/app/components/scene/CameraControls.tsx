/**
 * Camera and controls of the 3D view: three's own OrbitControls (drag or one finger to orbit,
 * wheel or pinch to zoom, right drag or two fingers to pan), the camera fitted to the model,
 * and rendering on demand (a frame when the playhead moves, data arrives or the view is orbited).
 */
import { useEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { playheadStore } from '../../playhead';
import { isBusy } from '../../runs';
import { appStore } from '../../store';
import type { CameraView } from './rigPlacement';

/**
 * Orbit controls on the canvas, registered as the scene's default controls (`useThree().controls`). They orbit
 * about the camera's up (the model's, against gravity), which three's OrbitControls reads when made: a model
 * with another up gets new controls. Each change of the view asks for one frame.
 */
export function OrbitCameraControls({ up }: { up: readonly [number, number, number] }) {
  const camera = useThree((s) => s.camera);
  const domElement = useThree((s) => s.gl.domElement);
  const set = useThree((s) => s.set);
  const invalidate = useThree((s) => s.invalidate);
  const [ux, uy, uz] = up;
  const controls = useMemo(() => {
    camera.up.set(ux, uy, uz);
    return new OrbitControls(camera, domElement);
  }, [camera, domElement, ux, uy, uz]);
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
  return null;
}

/**
 * Puts the camera where the layout fitted it (rigPlacement.placeRigs) when the model, the rigs or the view's
 * shape change; an orbit is kept across reruns of the same model.
 */
export function CameraPlacement({ camera: view }: { camera: CameraView }) {
  const camera = useThree((s) => s.camera);
  const controls = useThree((s) => s.controls) as unknown as { target: { set(x: number, y: number, z: number): void }; update(): void } | null;
  const invalidate = useThree((s) => s.invalidate);
  // The same placement again (a rerun, a re-render) keeps the user's orbit.
  const key = [...view.position, ...view.target, ...view.up, view.fov].map((x) => x.toFixed(6)).join(',');
  useEffect(() => {
    camera.up.set(...view.up);
    camera.position.set(...view.position);
    if ('fov' in camera) {
      camera.fov = view.fov;
      camera.near = view.near;
      camera.far = view.far;
      camera.updateProjectionMatrix();
    }
    camera.lookAt(...view.target);
    controls?.target.set(...view.target);
    controls?.update();
    invalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for view
  }, [key, camera, controls, invalidate]);
  return null;
}

/**
 * Renders on demand: when the playhead moves or data arrives (no idle frames). With liveFrameMs > 0 the frames that
 * follow a run in flight (the playhead on live follow while a run computes) come at most that often, the last one
 * drawn when its time comes; any other reason to draw (a seek, playback, the end of the run) draws at once.
 */
export function Invalidator({ liveFrameMs = 0 }: { liveFrameMs?: number }) {
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    let lastAt = -Infinity;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const draw = () => {
      timer = null;
      lastAt = performance.now();
      invalidate();
    };
    const request = () => {
      const following = liveFrameMs > 0 && playheadStore.getState().follow && isBusy();
      if (!following) {
        if (timer !== null) clearTimeout(timer);
        draw();
      } else if (timer === null) {
        timer = setTimeout(draw, Math.max(0, lastAt + liveFrameMs - performance.now()));
      }
    };
    const a = playheadStore.subscribe(request);
    const b = appStore.subscribe((s, prev) => {
      if (s.plotVersion !== prev.plotVersion || isBusy(s) !== isBusy(prev)) request();
    });
    return () => {
      a();
      b();
      if (timer !== null) clearTimeout(timer);
    };
  }, [invalidate, liveFrameMs]);
  return null;
}

/**
 * On a software renderer, the frames that follow a run in flight are drawn at `scale` × the canvas's resolution (a
 * frame's cost in SwiftShader grows with its pixels, and on a machine with few cores it is taken from the solver's
 * workers), and at the full resolution again once the run has ended or the view no longer follows it.
 */
export function LiveResolution({ scale }: { scale: number }) {
  const setDpr = useThree((s) => s.setDpr);
  const initial = useThree((s) => s.viewport.initialDpr);
  useEffect(() => {
    if (!(scale < 1)) return undefined;
    let live = false;
    const update = () => {
      const following = playheadStore.getState().follow && isBusy();
      if (following === live) return;
      live = following;
      setDpr(following ? initial * scale : initial);
    };
    update();
    const a = playheadStore.subscribe(update);
    const b = appStore.subscribe((s, prev) => { if (isBusy(s) !== isBusy(prev)) update(); });
    return () => {
      a();
      b();
      if (live) setDpr(initial);
    };
  }, [setDpr, initial, scale]);
  return null;
}
