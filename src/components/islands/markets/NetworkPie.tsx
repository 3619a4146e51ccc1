import { arc, pie } from 'd3-shape';
import type { PieSlice } from '#lib/shared/markets.ts';
import { pieLabel, pieTotal } from '#lib/shared/markets.ts';
import { networkUrl } from '#lib/shared/open-data/ids.ts';

interface Props {
  slices: PieSlice[];
  showPercent: boolean;
}

const SIZE = 240;
const R = SIZE / 2;

/** The distribution pie as plain SVG (d3-shape computes the paths), so the server can render it. */
export default function NetworkPie({ slices, showPercent }: Props) {
  const arcs = pie<PieSlice>()
    .value((s) => s.value)
    .sort(null)
    .padAngle(0.008)(slices);
  const path = arc<(typeof arcs)[number]>()
    .innerRadius(R * 0.55)
    .outerRadius(R - 2)
    .cornerRadius(2);
  return (
    <div className="flex flex-col items-center gap-5">
      <svg viewBox={`${-R} ${-R} ${SIZE} ${SIZE}`} className="size-52 shrink-0" role="img" aria-label="RWA value by network, top 10">
        {arcs.map((a) => (
          <path key={a.data.id} d={path(a) ?? ''} fill={a.data.color}>
            <title>{`${a.data.name}: ${pieLabel(a.data, showPercent)}`}</title>
          </path>
        ))}
        <text textAnchor="middle" y={-4} className="fill-fg text-[22px] font-semibold">
          {pieTotal(slices, showPercent)}
        </text>
        <text textAnchor="middle" y={18} className="fill-muted text-[11px]">
          Top {slices.length} networks
        </text>
      </svg>
      <ul className="grid w-full grid-cols-1 gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2 lg:grid-cols-1" data-testid="pie-legend">
        {slices.map((s) => (
          <li key={s.id} className="flex items-center justify-between gap-3">
            <span className="flex items-center gap-2 text-muted">
              <span aria-hidden className="size-2.5 rounded-sm" style={{ backgroundColor: s.color }} />
              <a href={networkUrl(s.id)} className="underline-offset-4 hover:text-fg hover:underline">
                {s.name}
              </a>
            </span>
            <span className="font-medium text-fg tabular-nums" data-testid="pie-value">
              {pieLabel(s, showPercent)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
