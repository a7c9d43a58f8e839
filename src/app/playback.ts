/**
 * The playback loop (requestAnimationFrame) and the live-follow rule: while a run computes,
 * the playhead shows its latest state; when every method has stopped, playback starts from
 * t = 0 unless the user took over (seek, play/pause, cancel). Browser only.
 */
import type { IntegratorMethod } from '../solver/simulate';
import { SAMPLE_WIDTH } from '../solver/sampleColumns';
import { isBusy, results } from './runs';
import { appStore, setPlaying } from './store';
import { movePlayhead, playheadStore, seek, setFollow } from './playhead';

/**
 * The end of what can be played: the latest time at which a shown method has a pose (the time of its last whole
 * sample row that has its pose; a method that failed early keeps its last pose while the others play on).
 */
export function playableEnd(): number {
  let end = 0;
  for (const m of Object.keys(results.current) as IntegratorMethod[]) {
    const { rows, poses, coordinates } = results.current[m]!;
    const count = Math.min(Math.floor(rows.length / SAMPLE_WIDTH), coordinates > 0 ? Math.floor(poses.length / coordinates) : 0);
    if (count > 0) end = Math.max(end, rows.view()[(count - 1) * SAMPLE_WIDTH]);
  }
  return end;
}

/** User's play/pause: takes over from live follow; playing from the end restarts at 0. */
export function togglePlay(): void {
  const playing = !appStore.getState().playing;
  setFollow(false);
  if (playing && playheadStore.getState().time >= playableEnd()) seek(0);
  setPlaying(playing);
}

/** Plays from t = 0 (the embedded page's restart). */
export function restartPlayback(): void {
  setFollow(false);
  seek(0);
  setPlaying(true);
}

export function startPlayback(): () => void {
  let raf = 0;
  let last = 0;
  const frame = (now: number) => {
    const s = appStore.getState();
    if (!s.playing) {
      raf = 0;
      return;
    }
    const dt = last === 0 ? 0 : Math.min(0.1, (now - last) / 1000);
    last = now;
    const end = playableEnd();
    let t = playheadStore.getState().time + dt * s.speed;
    if (t > end) t = end > 0 && !isBusy(s) ? 0 : end;
    movePlayhead(t);
    raf = requestAnimationFrame(frame);
  };

  const unsubscribe = appStore.subscribe((s, prev) => {
    if (s.playing && !prev.playing && raf === 0) {
      last = 0;
      raf = requestAnimationFrame(frame);
    }
    if (s.runId !== prev.runId) {
      setFollow(true);
      if (s.playing) setPlaying(false);
    }
    if (s.runs === prev.runs || !playheadStore.getState().follow) return;
    if (isBusy(s)) {
      let latest = 0;
      for (const run of Object.values(s.runs)) if (run.progress) latest = Math.max(latest, run.progress.time);
      movePlayhead(latest);
    } else if (isBusy(prev)) {
      const cancelled = Object.values(s.runs).some((r) => r.phase === 'cancelled');
      if (cancelled) {
        setFollow(false);
        return;
      }
      movePlayhead(0);
      setPlaying(true);
    }
  });
  return () => {
    unsubscribe();
    if (raf !== 0) cancelAnimationFrame(raf);
  };
}
