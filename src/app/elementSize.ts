/**
 * The size of an element in px, kept current with a ResizeObserver: the charts choose how many
 * ticks fit their height and where labels fit on their width. Browser only.
 */
import { useCallback, useRef, useState } from 'react';

export interface Size {
  readonly width: number;
  readonly height: number;
}

const NONE: Size = { width: 0, height: 0 };

/**
 * A callback ref to put on the element, and what `derive` makes of its size (from 0 × 0 until
 * measured). The component re-renders only when the derived value changes (compared with
 * Object.is), e.g. a tick count, not on every pixel of a resize.
 */
export function useDerivedSize<T>(derive: (size: Size) => T): [(element: HTMLElement | null) => void, T] {
  const deriveRef = useRef(derive);
  deriveRef.current = derive;
  const [value, setValue] = useState<T>(() => derive(NONE));
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    if (!element) return;
    observer.current = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      const next = deriveRef.current({ width, height });
      setValue((old) => (Object.is(old, next) ? old : next));
    });
    observer.current.observe(element);
  }, []);
  return [ref, value];
}

/** A callback ref to put on the element, and its current size (0 × 0 until measured). */
export function useElementSize(): [(element: HTMLElement | null) => void, Size] {
  return useDerivedSize<Size>((size) => size);
}
