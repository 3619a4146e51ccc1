import type { PointerEvent, ReactNode, Ref } from 'react';
import type { Frame } from '#lib/shared/charts/frame.ts';
import { colors } from '../../../../tailwind.config.mjs';

/** The axis text's font: named in the SVG itself, so an exported image draws it the same way. */
const CHART_FONT = 'Inter, ui-sans-serif, system-ui, sans-serif';

interface Props {
  frame: Frame;
  /** The dates drawn, oldest first: the pointer picks the nearest. */
  dates: readonly string[];
  /** What the chart shows, for screen readers (the legend and tooltip give the figures). */
  label: string;
  testid: string;
  /** The hovered date's index, for the crosshair. */
  hover: number | null;
  onHover: (index: number | null) => void;
  /** Set once the island runs: the chart then follows the pointer (tests wait for it). */
  live: boolean;
  svgRef?: Ref<SVGSVGElement>;
  /** The series, drawn between the grid and the crosshair. */
  children: ReactNode;
  attributes?: Record<string, string | number>;
}

/** Index of the date whose x is nearest to `px` (dates are in order, so x is increasing). */
function nearest(frame: Frame, dates: readonly string[], px: number): number {
  let lo = 0;
  let hi = dates.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (frame.x(dates[mid]) < px) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && px - frame.x(dates[lo - 1]) < frame.x(dates[lo]) - px) return lo - 1;
  return lo;
}

/**
 * A chart's SVG: the value grid and labels, the date labels, the series given as children, and a
 * crosshair that follows the pointer. Colours and fonts are attributes, not classes, so the SVG
 * stands alone when it is drawn into a downloaded image (dark, as the site is by default); on the
 * page, the light theme's CSS recolours the grid, labels and crosshair (global.css).
 */
export default function ChartSvg({ frame, dates, label, testid, hover, onHover, live, svgRef, children, attributes }: Props) {
  const { width, height, pad } = frame;
  const right = width - pad.right;
  const bottom = height - pad.bottom;
  const move = (e: PointerEvent<SVGRectElement>) => {
    const box = e.currentTarget.ownerSVGElement?.getBoundingClientRect();
    if (!box || dates.length === 0) return;
    const px = ((e.clientX - box.left) / box.width) * width;
    onHover(nearest(frame, dates, px));
  };
  const hx = hover !== null && dates[hover] ? frame.x(dates[hover]) : null;
  return (
    <svg
      ref={svgRef}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      height="100%"
      role="img"
      aria-label={label}
      data-testid={testid}
      data-live={live ? '' : undefined}
      fontFamily={CHART_FONT}
      fontSize={12}
      {...attributes}
    >
      {frame.yTicks.map((t) => (
        <g key={t.value}>
          <line x1={pad.left} x2={right} y1={t.y} y2={t.y} stroke={colors.border} strokeWidth={1} data-grid />
          <text x={pad.left - 6} y={t.y + 4} textAnchor="end" fill={colors.muted} data-axis="y">
            {t.label}
          </text>
        </g>
      ))}
      {frame.xTicks.map((t) => (
        <text key={t.label} x={t.x} y={height - 6} textAnchor={t.anchor} fill={colors.muted} data-axis="x">
          {t.label}
        </text>
      ))}
      {children}
      {hx !== null && (
        <line x1={hx} x2={hx} y1={pad.top} y2={bottom} stroke={colors.muted} strokeDasharray="4 3" strokeWidth={1} data-crosshair />
      )}
      <rect
        x={pad.left}
        y={pad.top}
        width={Math.max(0, right - pad.left)}
        height={Math.max(0, bottom - pad.top)}
        fill="transparent"
        onPointerMove={move}
        onPointerDown={move}
        onPointerLeave={() => onHover(null)}
        data-testid={`${testid}-plot`}
      />
    </svg>
  );
}
