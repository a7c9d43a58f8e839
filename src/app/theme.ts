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
  /** Failure marks (the time a run failed). */
  readonly failure: string;
  readonly text: string;
  readonly muted: string;
  readonly grid: string;
  readonly cursor: string;
  readonly background: string;
  readonly panel: string;
  readonly ground: string;
  readonly groundMinor: string;
  readonly body: string;
  readonly bodyAccent: string;
  /** Width of a plotted curve, px. */
  readonly lineWidth: number;
  /** Axis and legend type size in the plots, px. */
  readonly fontSize: number;
}

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
  lineWidth: 1.6,
  fontSize: 11,
};

/** Projector: black on white, saturated method colours, thick lines, large type. */
const PROJECTOR: Palette = {
  ...LIGHT,
  method: { classical: '#b91c1c', modified: '#1e3a8a', 'generalized-alpha': '#6d28d9', 'lie-group': '#115e59', 'ji-xing': '#854d0e' },
  exact: '#166534',
  failure: '#b91c1c',
  text: '#000000',
  muted: '#1f2328',
  grid: '#8c959f',
  cursor: '#6d28d9',
  background: '#ffffff',
  panel: '#ffffff',
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
  lineWidth: 1.6,
  fontSize: 11,
};

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
  return projector ? PROJECTOR : dark ? DARK : LIGHT;
}

export const METHOD_LABELS: Readonly<Record<RunMethod, string>> = {
  classical: 'classical HHT',
  modified: 'modified HHT',
  'generalized-alpha': 'generalized-α',
  'lie-group': 'Lie-group generalized-α',
  'ji-xing': 'Ji–Xing composite',
};
