/**
 * The playhead: the time shown by the 3D view, the scrubber and the plot cursors. It changes
 * every animation frame, so it lives in its own vanilla store that only refs and useFrame
 * read (zustand "transient updates"); no React component re-renders because of it.
 */
import { createStore } from 'zustand/vanilla';

export interface Playhead {
  /** Shown simulated time, s. */
  readonly time: number;
  /**
   * Follow the run in flight (show its latest state) and play from the start when it ends;
   * a user seek or pause turns it off until the next run.
   */
  readonly follow: boolean;
}

export const playheadStore = createStore<Playhead>()(() => ({ time: 0, follow: true }));

/** User seek: shows time t and stops following the live run. */
export function seek(t: number): void {
  if (Number.isFinite(t)) playheadStore.setState({ time: Math.max(0, t), follow: false });
}

/** Moves the playhead without changing follow mode (playback loop, live follow). */
export function movePlayhead(t: number): void {
  if (Number.isFinite(t) && t !== playheadStore.getState().time) playheadStore.setState({ time: Math.max(0, t) });
}

export function setFollow(follow: boolean): void {
  playheadStore.setState({ follow });
}
