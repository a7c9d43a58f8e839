import type { RunMethod } from '../../scenario/methods';
import { methodDash } from '../methodInfo';
import type { Palette } from '../theme';

/** Width of a swatch's line sample, px: long enough to show a dash pattern once. */
const SAMPLE_WIDTH = 30;

/**
 * A method's colour and line style as a short line sample, the same stroke as its curves in the
 * plots (METHOD_DASH), so the picker, the run panel and the chart titles read like a legend.
 */
export function MethodSwatch({ method, palette }: { readonly method: RunMethod; readonly palette: Palette }) {
  const width = Math.min(3, palette.lineWidth * 1.4);
  return (
    <svg className="method-swatch" width={SAMPLE_WIDTH} height={8} viewBox={`0 0 ${SAMPLE_WIDTH} 8`} aria-hidden="true" data-method={method}>
      <line x1={0} y1={4} x2={SAMPLE_WIDTH} y2={4} stroke={palette.method[method]} strokeWidth={width} strokeDasharray={methodDash(method, width)} />
    </svg>
  );
}
