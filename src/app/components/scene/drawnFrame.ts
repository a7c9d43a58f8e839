/**
 * What the 3D view drew last: the playhead time of its latest frame and the first rig's poses, kept by reference
 * (the frame loop's own buffer, nothing copied per frame) so the end-to-end tests can tell that the bodies follow
 * the playhead (window.__hht.sceneFrame()). Read-only for everything but the frame loop.
 */
export interface DrawnFrame {
  /** Frames drawn since the page loaded. */
  readonly frames: number;
  /** The playhead time the latest frame was posed at, s (NaN before the first frame). */
  readonly time: number;
  /** The first rig's body poses of that frame (7 per body: position, Euler parameters). */
  readonly poses: Float64Array;
}

let latest: DrawnFrame = { frames: 0, time: Number.NaN, poses: new Float64Array(0) };

/** Called by the frame loop after posing the bodies. */
export function noteDrawnFrame(time: number, poses: Float64Array): void {
  latest = { frames: latest.frames + 1, time, poses };
}

export function drawnFrame(): DrawnFrame {
  return latest;
}
