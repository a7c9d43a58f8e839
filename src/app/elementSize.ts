/**
 * The size of an element in px, kept current with a ResizeObserver: the charts choose how many
 * ticks fit their height and where labels fit on their width. Browser only.
 */
import { useCallback, useRef, useState } from 'react';

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** A callback ref to put on the element, and its current size (0 × 0 until measured). */
export function useElementSize(): [(element: HTMLElement | null) => void, Size] {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    if (!element) return;
    observer.current = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
    });
    observer.current.observe(element);
  }, []);
  return [ref, size];
}
