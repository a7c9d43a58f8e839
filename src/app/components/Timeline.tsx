import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { playheadStore, seek } from '../playhead';
import { restartPlayback, togglePlay } from '../playback';
import { appStore, PLAYBACK_SPEEDS, setBodyArrangement, setSpeed } from '../store';

/** Play/pause of the playback. */
export function PlayButton({ testId = 'play-button' }: { readonly testId?: string }) {
  const playing = useStore(appStore, (s) => s.playing);
  return (
    <button type="button" onClick={togglePlay} data-testid={testId} aria-label={playing ? 'Pause' : 'Play'} className="play">
      {playing ? '❚❚ Pause' : '▶ Play'}
    </button>
  );
}

/** Plays the run again from t = 0. */
export function RestartButton({ testId = 'restart-button' }: { readonly testId?: string }) {
  return (
    <button type="button" onClick={restartPlayback} data-testid={testId} aria-label="Restart from t = 0" title="Restart from t = 0">
      ↺
    </button>
  );
}

/**
 * The 3D view's bodies side by side or overlaid (share-link `bodies=overlaid`), under the view with
 * the playback: overlaid, the bodies of all methods stand at one place, the first solid and the
 * others as ghosts, so a lecturer sees them drift apart. Shown when two or more methods are compared.
 */
export function ArrangementToggle() {
  const overlaid = useStore(appStore, (s) => s.view.bodies === 'overlaid');
  const compared = useStore(appStore, (s) => s.state.methods.length);
  if (compared < 2) return null;
  return (
    <button
      type="button"
      className="scene-arrangement"
      aria-pressed={overlaid}
      onClick={() => setBodyArrangement(overlaid ? 'side' : 'overlaid')}
      data-testid="bodies-toggle"
      title={overlaid ? 'Show the methods side by side' : 'Draw all methods at one place: the first solid, the others as translucent ghosts in their colours'}
    >
      overlay bodies
    </button>
  );
}

/**
 * Play/pause, speed, the 3D view's arrangement and the time scrubber. The scrubber position and
 * the time label follow the playhead through refs (it changes every frame); React renders only
 * on play/speed/t_end.
 */
export function Timeline() {
  const speed = useStore(appStore, (s) => s.speed);
  const tEnd = useStore(appStore, (s) => s.state.tEnd);
  const slider = useRef<HTMLInputElement>(null);
  const label = useRef<HTMLOutputElement>(null);

  useEffect(() => {
    const show = (t: number) => {
      if (slider.current && document.activeElement !== slider.current) slider.current.value = String(t);
      if (slider.current) slider.current.setAttribute('aria-valuetext', `${t.toFixed(3)} s`);
      if (label.current) label.current.textContent = `t = ${t.toFixed(3)} s`;
    };
    show(playheadStore.getState().time);
    return playheadStore.subscribe((s) => show(s.time));
  }, [tEnd]);

  return (
    <div className="timeline" aria-label="Playback">
      <PlayButton />
      <label className="speed">
        <span>Speed</span>
        <select value={speed} onChange={(e) => setSpeed(Number(e.target.value))} data-testid="speed-select">
          {PLAYBACK_SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </label>
      <ArrangementToggle />
      <input
        ref={slider}
        type="range"
        className="scrubber"
        min={0}
        max={tEnd}
        step={tEnd / 2000}
        defaultValue={0}
        aria-label="Time"
        data-testid="time-scrubber"
        onInput={(e) => seek(Number((e.target as HTMLInputElement).value))}
      />
      <output ref={label} className="time-label" data-testid="time-label" />
    </div>
  );
}
