interface Props {
  color: string;
  /** The series' dash pattern ('' or none: solid), so the key matches the line without colour. */
  dash?: string;
  /** 'area': a filled square (stacked areas); 'line' (default): a short stroke. */
  kind?: 'line' | 'area';
}

/** The key of one series in a legend or tooltip: its colour, and for a line its dash pattern. */
export default function SeriesSwatch({ color, dash, kind = 'line' }: Props) {
  if (kind === 'area') return <span aria-hidden className="size-2.5 shrink-0 rounded-sm" style={{ backgroundColor: color }} />;
  return (
    <svg aria-hidden width="18" height="6" viewBox="0 0 18 6" className="shrink-0">
      <line x1="1" x2="17" y1="3" y2="3" stroke={color} strokeWidth="2" strokeDasharray={dash || undefined} />
    </svg>
  );
}
