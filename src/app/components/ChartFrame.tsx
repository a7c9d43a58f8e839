import { useId, type MouseEvent, type ReactNode } from 'react';
import { CartesianGrid, Legend, LineChart, ResponsiveContainer, Tooltip } from 'recharts';
import type { Palette } from '../theme';

export interface ChartFrameProps {
  readonly className: string;
  /** The figure's accessible name. */
  readonly label: string;
  /** Key numbers in a sentence: the chart's text alternative. */
  readonly summary: ReactNode;
  readonly testId: string;
  readonly summaryTestId?: string;
  /** data-figure-chart: which chart this is, for export. */
  readonly figure: string;
  readonly data: readonly object[];
  readonly margin: { top: number; right: number; bottom: number; left: number };
  readonly palette: Palette;
  /** Axis id the grid follows (charts with two y axes). */
  readonly gridAxis?: string;
  /** The legend above the plot (default); false for a chart too short to spare its row. */
  readonly legend?: boolean;
  readonly tooltipLabel: (x: number) => string;
  readonly onClick?: (event: MouseEvent<HTMLDivElement>) => void;
  /** Drawn over the chart (e.g. the playhead cursor). */
  readonly overlay?: ReactNode;
  readonly attributes?: Record<string, string | number>;
  /** Callback ref of the figure element (to measure it). */
  readonly measureRef?: (element: HTMLDivElement | null) => void;
  /** Axes, lines and marks of the chart. */
  readonly children: ReactNode;
}

/** A value in the tooltip: 6 significant digits. */
function tooltipValue(value: unknown): string {
  return typeof value === 'number' ? value.toPrecision(6) : String(value);
}

/**
 * The scaffolding every plot shares: a figure with its text alternative, a responsive recharts
 * LineChart with grid, tooltip and legend in the palette's colours and type size.
 */
export function ChartFrame(props: ChartFrameProps) {
  const { palette } = props;
  const summaryId = useId();
  const font = palette.fontSize;
  return (
    <div
      ref={props.measureRef}
      className={props.className}
      role="figure"
      aria-label={props.label}
      aria-describedby={summaryId}
      data-testid={props.testId}
      data-figure-chart={props.figure}
      onClick={props.onClick}
      {...props.attributes}
    >
      <p id={summaryId} className="sr-only" data-testid={props.summaryTestId ?? `${props.testId}-summary`}>
        {props.summary}
      </p>
      {props.overlay}
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={props.data as object[]} margin={props.margin} accessibilityLayer={false}>
          <CartesianGrid yAxisId={props.gridAxis ?? 0} stroke={palette.grid} strokeDasharray="3 3" />
          <Tooltip
            isAnimationActive={false}
            labelFormatter={(x) => props.tooltipLabel(Number(x))}
            formatter={tooltipValue}
            contentStyle={{ background: palette.panel, borderColor: palette.grid, color: palette.text, fontSize: font + 1 }}
          />
          {props.legend !== false && <Legend verticalAlign="top" height={font * 2} iconSize={font - 1} itemSorter={null} wrapperStyle={{ fontSize: font }} />}
          {props.children}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Shared axis styling: stroke and tick type of the palette; every tick given is drawn (the caller chose how many fit). */
export function axisStyle(palette: Palette) {
  return { stroke: palette.muted, tick: { fontSize: palette.fontSize }, interval: 0 } as const;
}

/** An axis title in the palette's muted colour: rotated on y axes. */
export function axisTitle(palette: Palette, value: string, position: 'insideLeft' | 'insideRight' | 'insideBottomRight', offset?: number) {
  const angle = position === 'insideLeft' ? -90 : position === 'insideRight' ? 90 : 0;
  // Rotated titles are centred on their axis; the x title ends at the axis's right end.
  const textAnchor = angle === 0 ? 'end' : 'middle';
  return { value, angle, position, offset, fill: palette.muted, fontSize: palette.fontSize, style: { textAnchor } } as const;
}
