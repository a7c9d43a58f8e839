/**
 * Colours, line widths and type size for the plots and the 3D view, which take concrete values
 * rather than CSS variables; they follow the OS light/dark preference (prefers-color-scheme),
 * and projector mode replaces both with high contrast, thick lines and large type.
 */
import { useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import type { RunMethod } from '../scenario/methods';
import { appStore } from './store';

export interface Palette {
  readonly dark: boolean;
  readonly method: Readonly<Record<RunMethod, string>>;
  readonly exact: string;
  /** Failure marks in the plots and error text on the page. */
  readonly failure: string;
  readonly text: string;
  readonly muted: string;
  readonly grid: string;
  readonly cursor: string;
  /** Page background. */
  readonly background: string;
  readonly panel: string;
  readonly ground: string;
  readonly groundMinor: string;
  readonly body: string;
  readonly bodyAccent: string;
  /** Page chrome only (CSS): borders, links and focus rings, the error and notice boxes. */
  readonly border: string;
  readonly accent: string;
  readonly focus: string;
  readonly errorBackground: string;
  readonly noticeBackground: string;
  readonly noticeBorder: string;
  /** The lesson's "look at" outline and its narration bar. */
  readonly highlight: string;
  /** Width of a plotted curve, px. */
  readonly lineWidth: number;
  /** Axis and legend type size in the plots, px. */
  readonly fontSize: number;
}

/**
 * Line style of each method in every plot (SVG stroke-dasharray; undefined = solid), so the
 * methods stay apart in grey-scale print, for colour-blind readers and where curves overlap.
 * Dash lengths are in units of the line width's pixels at the default width.
 */
export const METHOD_DASH: Readonly<Record<RunMethod, string | undefined>> = {
  classical: undefined,
  modified: '9 3',
  'generalized-alpha': '3 3',
  'lie-group': '1 3',
  'ji-xing': '9 3 2 3',
};

const LIGHT: Palette = {
  dark: false,
  method: { classical: '#c2410c', modified: '#1d4ed8', 'generalized-alpha': '#7c3aed', 'lie-group': '#0f766e', 'ji-xing': '#a16207' },
  exact: '#15803d',
  failure: '#cf222e',
  text: '#1f2328',
  muted: '#57606a',
  grid: '#d0d7de',
  cursor: '#6e40c9',
  background: '#f6f8fa',
  panel: '#ffffff',
  ground: '#8c959f',
  groundMinor: '#d0d7de',
  body: '#b8bfc7',
  bodyAccent: '#f2c744',
  border: '#d0d7de',
  accent: '#0969da',
  focus: '#0969da',
  errorBackground: '#ffebe9',
  noticeBackground: '#fff8c5',
  noticeBorder: '#d4a72c',
  highlight: '#d97706',
  lineWidth: 1.6,
  fontSize: 11,
};

/** Projector: black on white, saturated method colours, thick lines, large type. */
const PROJECTOR: Palette = {
  ...LIGHT,
  method: { classical: '#b91c1c', modified: '#1e3a8a', 'generalized-alpha': '#6d28d9', 'lie-group': '#115e59', 'ji-xing': '#854d0e' },
  exact: '#166534',
  failure: '#a40e26',
  text: '#000000',
  muted: '#1f2328',
  grid: '#8c959f',
  cursor: '#6d28d9',
  background: '#ffffff',
  panel: '#ffffff',
  border: '#57606a',
  accent: '#0550ae',
  focus: '#0550ae',
  noticeBorder: '#9a6700',
  lineWidth: 3.5,
  fontSize: 16,
};

const DARK: Palette = {
  dark: true,
  method: { classical: '#fb923c', modified: '#60a5fa', 'generalized-alpha': '#c4b5fd', 'lie-group': '#5eead4', 'ji-xing': '#fcd34d' },
  exact: '#4ade80',
  failure: '#ff7b72',
  text: '#e6edf3',
  muted: '#9da7b3',
  grid: '#30363d',
  cursor: '#c4a5ff',
  background: '#0d1117',
  panel: '#161b22',
  ground: '#6e7681',
  groundMinor: '#30363d',
  body: '#8b949e',
  bodyAccent: '#f2c744',
  border: '#30363d',
  accent: '#4493f8',
  focus: '#4493f8',
  errorBackground: '#3d1518',
  noticeBackground: '#2e2a12',
  noticeBorder: '#9e6a03',
  highlight: '#d97706',
  lineWidth: 1.6,
  fontSize: 11,
};

/** The palette of a colour scheme and projector mode (projector wins: it is always light). */
export function paletteFor(dark: boolean, projector: boolean): Palette {
  return projector ? PROJECTOR : dark ? DARK : LIGHT;
}

/**
 * The palette of exported figures: light (slides are light), at least 13 px type and 2.2 px
 * lines so a figure scaled onto a slide stays legible; projector mode's when it is on.
 */
export function exportPalette(projector: boolean): Palette {
  const base = paletteFor(false, projector);
  return { ...base, fontSize: Math.max(13, base.fontSize), lineWidth: Math.max(2.2, base.lineWidth) };
}

/**
 * The CSS custom properties the stylesheet colours the page with, from a palette: the one
 * source of every colour (three.js and SVG export need concrete values, so the CSS follows
 * the TypeScript, not the other way round). Example: cssVariables(LIGHT)['--classical'] === '#c2410c'.
 */
export function cssVariables(palette: Palette): Record<string, string> {
  return {
    '--bg': palette.background,
    '--panel': palette.panel,
    '--text': palette.text,
    '--muted': palette.muted,
    '--border': palette.border,
    '--accent': palette.accent,
    '--error': palette.failure,
    '--error-bg': palette.errorBackground,
    '--notice-bg': palette.noticeBackground,
    '--notice-border': palette.noticeBorder,
    '--focus': palette.focus,
    '--classical': palette.method.classical,
    '--modified': palette.method.modified,
    '--exact': palette.exact,
    '--highlight': palette.highlight,
  };
}

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function prefersDark(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(QUERY).matches;
}

/** The palette for the current OS colour scheme and projector mode; re-renders when either changes. */
export function usePalette(): Palette {
  const dark = useSyncExternalStore(subscribe, prefersDark, () => false);
  const projector = useStore(appStore, (s) => s.view.projector);
  return paletteFor(dark, projector);
}

/**
 * Writes the palette of the current colour scheme and projector mode into the CSS variables
 * on <html>, now and whenever either changes. Browser only; returns the unsubscribe function.
 */
export function startPaletteSync(root: HTMLElement = document.documentElement): () => void {
  const apply = () => {
    const palette = paletteFor(prefersDark(), appStore.getState().view.projector);
    for (const [name, value] of Object.entries(cssVariables(palette))) root.style.setProperty(name, value);
    root.style.colorScheme = palette.dark ? 'dark' : 'light';
  };
  apply();
  const stopMedia = subscribe(apply);
  const stopStore = appStore.subscribe((s, prev) => {
    if (s.view.projector !== prev.view.projector) apply();
  });
  return () => {
    stopMedia();
    stopStore();
  };
}

export const METHOD_LABELS: Readonly<Record<RunMethod, string>> = {
  classical: 'classical HHT',
  modified: 'modified HHT',
  'generalized-alpha': 'generalized-α',
  'lie-group': 'Lie-group generalized-α',
  'ji-xing': 'Ji–Xing composite',
};
