import { useEffect, useRef } from 'react';
import { usePlotArea, useXAxisInverseScale, useXAxisScale } from 'recharts';
import { playheadStore } from '../playhead';

/** Where the plot area is and how time maps to x, shared from inside the chart to its overlay. */
export interface CursorGeometry {
  scale: ((t: number) => unknown) | null;
  /** x pixel → time. */
  invert: ((x: number) => unknown) | null;
  top: number;
  height: number;
  /** Called when the geometry changed. */
  onChange: (() => void) | null;
}

export function emptyGeometry(): CursorGeometry {
  return { scale: null, invert: null, top: 0, height: 0, onChange: null };
}

/** Reads the x scale and plot area inside the chart (recharts hooks); draws nothing. */
export function CursorGeometryProbe({ geometry }: { geometry: CursorGeometry }) {
  const scale = useXAxisScale();
  const invert = useXAxisInverseScale();
  const area = usePlotArea();
  useEffect(() => {
    geometry.scale = scale ?? null;
    geometry.invert = invert ?? null;
    geometry.top = area?.y ?? 0;
    geometry.height = area?.height ?? 0;
    geometry.onChange?.();
  }, [geometry, scale, invert, area?.y, area?.height]);
  return null;
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
