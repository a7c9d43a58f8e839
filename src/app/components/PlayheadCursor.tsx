import { useEffect, useRef } from 'react';
import { playheadStore } from '../playhead';

/** Where the plot area is and how time maps to x (px in the cursor's positioned parent), shared from the plot to its overlay. */
export interface CursorGeometry {
  /** Time → x pixel. */
  scale: ((t: number) => number) | null;
  /** x pixel → time. */
  invert: ((x: number) => number) | null;
  top: number;
  height: number;
  /** Called when the geometry changed. */
  onChange: (() => void) | null;
}

export function emptyGeometry(): CursorGeometry {
  return { scale: null, invert: null, top: 0, height: 0, onChange: null };
}

/**
 * A vertical line at the playhead time: an HTML element over the chart moved with a CSS
 * transform through its ref, on its own compositor layer, so it never re-renders React or
 * repaints the chart (which matters while the playhead moves every frame).
 */
export function PlayheadCursor({ geometry, color }: { geometry: CursorGeometry; color: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const place = () => {
      const line = ref.current;
      const x = geometry.scale?.(playheadStore.getState().time);
      if (!line) return;
      if (typeof x !== 'number' || !Number.isFinite(x) || geometry.height <= 0) {
        line.style.visibility = 'hidden';
        return;
      }
      line.style.visibility = 'visible';
      line.style.top = `${geometry.top}px`;
      line.style.height = `${geometry.height}px`;
      line.style.transform = `translateX(${x}px)`;
    };
    geometry.onChange = place;
    place();
    const unsubscribe = playheadStore.subscribe(place);
    return () => {
      unsubscribe();
      geometry.onChange = null;
    };
  }, [geometry]);
  return <div ref={ref} className="cursor-line" style={{ background: color }} aria-hidden="true" />;
}
