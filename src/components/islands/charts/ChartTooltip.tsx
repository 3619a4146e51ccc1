import SeriesSwatch from './SeriesSwatch.tsx';

export interface TooltipRow {
  name: string;
  color: string;
  dash?: string;
  /** 'area' for a stacked band (a filled square key), a line otherwise. */
  kind?: 'line' | 'area';
  value: string;
}

interface Props {
  /** The hovered date's x in the chart, and the chart's width: the box stays inside it. */
  x: number;
  width: number;
  date: string;
  rows: TooltipRow[];
  /** A last line in bold (the stacked total). */
  total?: { name: string; value: string };
}

/** The hovered date and every series' value on it, beside the crosshair. */
export default function ChartTooltip({ x, width, date, rows, total }: Props) {
  const boxWidth = 240;
  // Right of the crosshair, or left of it when there is no room; never outside the chart.
  const left = x + 12 + boxWidth <= width ? x + 12 : Math.max(0, x - 12 - boxWidth);
  return (
    <div
      role="status"
      className="pointer-events-none absolute top-1 z-10 rounded-md border border-border bg-surface/95 p-2 text-xs shadow-lg"
      style={{ left, width: boxWidth }}
      data-testid="chart-tooltip"
    >
      <p className="mb-1 font-medium text-fg">{date}</p>
      {rows.map((r) => (
        <p key={r.name} className="flex items-center justify-between gap-3" data-testid="tooltip-row">
          <span className="flex min-w-0 items-center gap-1.5 text-muted">
            <SeriesSwatch color={r.color} dash={r.dash} kind={r.kind} />
            <span className="truncate">{r.name}</span>
          </span>
          <span className="text-fg tabular-nums">{r.value}</span>
        </p>
      ))}
      {total && (
        <p className="mt-1 flex justify-between gap-3 border-t border-border pt-1 font-medium text-fg">
          <span>{total.name}</span>
          <span className="tabular-nums">{total.value}</span>
        </p>
      )}
    </div>
  );
}
