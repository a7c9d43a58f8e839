/**
 * How much of the 3D view the text over it covers (the method names and ω at the top, the axes legend and the
 * time at the bottom), as the margins the camera fit keeps free (cameraFit.ts). The text has a size in pixels,
 * so on a short view it takes a larger share: fixed shares let a tall mechanism run under the names.
 */
import { useCallback, useRef, useState } from 'react';
import type { FitMargins } from './cameraFit';
import { VIEW_MARGINS } from './rigPlacement';

/** Pixels left between the text and the model. */
const GAP_PX = 6;

/** No margin takes more than this share of the half-height: the model keeps at least a fifth of the view. */
const MOST = 0.8;

/** The view's shape and the margins its text needs, as the camera fit takes them. */
export interface ViewFrame {
  /** Width / height, to a hundredth (resizing by a pixel does not move the camera). */
  readonly aspect: number;
  readonly margins: FitMargins;
}

/** Width / height of the view before it is measured. */
const DEFAULT_ASPECT = 1.6;

const UNMEASURED: ViewFrame = { aspect: DEFAULT_ASPECT, margins: VIEW_MARGINS };

/**
 * The frame of a view `width` × `height` px whose text covers `topPx` from the top and `bottomPx` from the bottom:
 * each margin a share of the half-height, to a hundredth, never under VIEW_MARGINS'. Example: a 268 px tall view
 * with names down to 42 px keeps the top (42 + 6) / 134 = 0.36 free.
 */
export function viewFrame(width: number, height: number, topPx: number, bottomPx: number): ViewFrame {
  if (!(width > 0 && height > 0)) return UNMEASURED;
  const share = (px: number, least: number) => Math.min(MOST, Math.max(least, Math.ceil((100 * (px + GAP_PX)) / (height / 2)) / 100));
  return {
    aspect: Math.round((100 * width) / height) / 100,
    margins: {
      ...VIEW_MARGINS,
      top: topPx > 0 ? share(topPx, VIEW_MARGINS.top) : VIEW_MARGINS.top,
      bottom: bottomPx > 0 ? share(bottomPx, VIEW_MARGINS.bottom) : VIEW_MARGINS.bottom,
    },
  };
}

/** The text over the view: what reaches down from the top, and what stands up from the bottom. */
const TOP_TEXT = '.scene-labels';
const BOTTOM_TEXT = '.scene-legend, .scene-time';

function measure(view: HTMLElement): ViewFrame {
  const box = view.getBoundingClientRect();
  let top = 0, bottom = 0;
  view.querySelectorAll(TOP_TEXT).forEach((el) => {
    const r = el.getBoundingClientRect();
    if (r.height > 0) top = Math.max(top, r.bottom - box.top);
  });
  view.querySelectorAll(BOTTOM_TEXT).forEach((el) => {
    const r = el.getBoundingClientRect();
    if (r.height > 0) bottom = Math.max(bottom, box.bottom - r.top);
  });
  return viewFrame(box.width, box.height, top, bottom);
}

const sameFrame = (a: ViewFrame, b: ViewFrame) =>
  a.aspect === b.aspect && a.margins.top === b.margins.top && a.margins.bottom === b.margins.bottom;

/**
 * A callback ref for the view's element and its frame, kept current with a ResizeObserver on the view and on
 * its text (a label that wraps grows). The component re-renders only when the frame changes.
 */
export function useViewFrame(): [(element: HTMLElement | null) => void, ViewFrame] {
  const [frame, setFrame] = useState<ViewFrame>(UNMEASURED);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((view: HTMLElement | null) => {
    observer.current?.disconnect();
    if (!view) return;
    const update = () => {
      const next = measure(view);
      setFrame((old) => (sameFrame(old, next) ? old : next));
    };
    observer.current = new ResizeObserver(update);
    observer.current.observe(view);
    view.querySelectorAll(`${TOP_TEXT}, ${BOTTOM_TEXT}`).forEach((el) => observer.current!.observe(el));
  }, []);
  return [ref, frame];
}
