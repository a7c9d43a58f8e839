/**
 * The colour a model file gives a body or shape (its "color" entry, SPEC §8), as the 3D view draws it. Pure.
 *
 * A colour is a CSS colour — `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(…)`/`rgba(…)`, `hsl(…)`/`hsla(…)` (comma or
 * space separated, alpha after `/` or as the fourth value) or a CSS colour name such as `steelblue` — or one of the
 * theme names below, which follow the page's palette (light, dark, projector) so a model looks right in every mode:
 *
 * | name     | what it is                                                                    |
 * | -------- | ----------------------------------------------------------------------------- |
 * | `body`   | the default body grey (a shape without a colour, of a body without one)       |
 * | `accent` | the highlight yellow, for the part the eye should follow (a disc, a piston)   |
 * | `method` | the colour of the method the rig shows (classical, modified, …): tells rigs apart |
 * | `ground` | the grey of the floor, for fixed parts (bores, stands)                        |
 * | `mark`   | the text colour: high-contrast marks that make a rotation visible             |
 *
 * A theme name takes an opacity like CSS's slash syntax: `"ground / 0.3"` or `"ground / 30%"` (a see-through bore).
 */
import { Color } from 'three';
import type { Palette } from '../../theme';

/** The theme colour names a model file may use (documented in docs/model-format.md). */
export const THEME_COLORS = ['body', 'accent', 'method', 'ground', 'mark'] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];

/** A colour ready for a material: sRGB hex and opacity in [0, 1]. */
export interface ResolvedColor {
  readonly hex: string;
  readonly opacity: number;
}

/** sRGB components in [0, 1] and alpha. */
interface Rgba {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

const THEME_SET: ReadonlySet<string> = new Set(THEME_COLORS);

function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x));
}

/** A CSS number or percentage ("0.3", "30%"); `scale` is what 100 % means. NaN if neither. */
function cssNumber(text: string, scale: number): number {
  const t = text.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?%?$/i.test(t)) return NaN;
  return t.endsWith('%') ? (parseFloat(t) / 100) * scale : parseFloat(t);
}

function fromHex(hex: string): Rgba | null {
  if (!/^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(hex)) return null;
  const digits = hex.slice(1);
  const short = digits.length <= 4;
  const channel = (k: number) => (short ? parseInt(digits[k] + digits[k], 16) : parseInt(digits.slice(2 * k, 2 * k + 2), 16)) / 255;
  const count = short ? digits.length : digits.length / 2;
  return { r: channel(0), g: channel(1), b: channel(2), a: count === 4 ? channel(3) : 1 };
}

/** rgb(…), rgba(…), hsl(…), hsla(…): commas or spaces, alpha as the fourth value or after "/". */
function fromFunction(text: string): Rgba | null {
  const m = /^(rgba?|hsla?)\(([^()]*)\)$/i.exec(text);
  if (!m) return null;
  const [main, slashAlpha, extra] = m[2].split('/');
  if (extra !== undefined) return null;
  const parts = main.includes(',') ? main.split(',') : main.trim().split(/\s+/);
  if (slashAlpha !== undefined && parts.length !== 3) return null;
  if (parts.length !== 3 && parts.length !== 4) return null;
  const alphaText = slashAlpha ?? parts[3];
  const a = alphaText === undefined ? 1 : cssNumber(alphaText, 1);
  if (m[1].toLowerCase().startsWith('rgb')) {
    const [r, g, b] = parts.slice(0, 3).map((p) => cssNumber(p, 255) / 255);
    return [r, g, b, a].every(Number.isFinite) ? { r: clamp01(r), g: clamp01(g), b: clamp01(b), a: clamp01(a) } : null;
  }
  const h = cssNumber(parts[0].replace(/deg$/i, ''), 360);
  const [s, l] = parts.slice(1, 3).map((p) => (p.trim().endsWith('%') ? cssNumber(p, 1) : NaN));
  if (![h, s, l, a].every(Number.isFinite)) return null;
  const c = new Color().setHSL((((h % 360) + 360) % 360) / 360, clamp01(s), clamp01(l), 'srgb');
  const out = { r: 0, g: 0, b: 0 };
  c.getRGB(out, 'srgb');
  return { ...out, a: clamp01(a) };
}

function fromName(name: string): Rgba | null {
  const key = name.toLowerCase();
  const hex = Object.hasOwn(Color.NAMES, key) ? (Color.NAMES as Record<string, number>)[key] : undefined;
  if (hex === undefined) return null;
  return { r: ((hex >> 16) & 255) / 255, g: ((hex >> 8) & 255) / 255, b: (hex & 255) / 255, a: 1 };
}

/** A CSS colour's sRGB components, or null if the text is not one of the forms above. */
function parseCssColor(text: string): Rgba | null {
  const t = text.trim();
  if (t.startsWith('#')) return fromHex(t);
  if (t.includes('(')) return fromFunction(t);
  return /^[a-z]+$/i.test(t) ? fromName(t) : null;
}

/** A theme name with its opacity ("ground / 0.3"), or null. */
function parseThemeColor(text: string): { name: ThemeColor; opacity: number } | null {
  const [name, alpha, extra] = text.split('/').map((s) => s.trim());
  if (extra !== undefined || !THEME_SET.has(name)) return null;
  const opacity = alpha === undefined ? 1 : cssNumber(alpha, 1);
  return Number.isFinite(opacity) ? { name: name as ThemeColor, opacity: clamp01(opacity) } : null;
}

/** Whether a model file's colour text is one this view understands. Example: isColorText('ground / 30%') === true. */
export function isColorText(text: string): boolean {
  return parseThemeColor(text) !== null || parseCssColor(text) !== null;
}

function hexOf({ r, g, b }: Rgba): string {
  const byte = (x: number) => Math.round(clamp01(x) * 255).toString(16).padStart(2, '0');
  return `#${byte(r)}${byte(g)}${byte(b)}`;
}

/** The palette colour of a theme name; `method` is the colour of the rig's method. */
export function themeColor(name: ThemeColor, palette: Palette, method: string): string {
  switch (name) {
    case 'body': return palette.body;
    case 'accent': return palette.bodyAccent;
    case 'method': return method;
    case 'ground': return palette.ground;
    case 'mark': return palette.text;
  }
}

/**
 * The colour a shape is drawn in: its own text, else `fallback` (the body's colour, else a theme name). Text
 * that is not a colour is drawn as the fallback (the model reader reports it). Example: resolveColor('ground / 0.3',
 * LIGHT, '#c2410c') → { hex: '#8c959f', opacity: 0.3 }.
 */
export function resolveColor(text: string | null, palette: Palette, method: string, fallback: ThemeColor = 'body'): ResolvedColor {
  if (text !== null) {
    const theme = parseThemeColor(text);
    if (theme) return { hex: themeColor(theme.name, palette, method).toLowerCase(), opacity: theme.opacity };
    const css = parseCssColor(text);
    if (css) return { hex: hexOf(css), opacity: css.a };
  }
  return { hex: themeColor(fallback, palette, method).toLowerCase(), opacity: 1 };
}
