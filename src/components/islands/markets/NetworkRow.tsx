import type { Network } from '#lib/shared/analytics-types.ts';
import { formatNumber, formatPercent } from '#lib/shared/format.ts';
import { networkUrl } from '#lib/shared/open-data/ids.ts';
import ChangeBadge from './ChangeBadge.tsx';
import NetworkName from './NetworkName.tsx';

interface Props {
  rank: number;
  network: Network;
  /** The value as the table shows it: $B in the home page's League Table, $M on /networks. */
  value: string;
  /** The RWA asset count column (/networks). */
  withCount?: boolean;
  /** Compact cells, for the League Table's card. */
  compact?: boolean;
  testid?: string;
}

/**
 * One network's row: rank, icon and linked name, value, share and 30-day change. The one row of the
 * home page's League Table (inside its island) and of /networks' table (rendered to static HTML).
 */
export default function NetworkRow({ rank, network: n, value, withCount = false, compact = false, testid }: Props) {
  const cell = compact ? 'py-2.5 pr-3' : 'px-3 py-3';
  return (
    <tr
      className={compact ? 'border-b border-border/60 last:border-0' : 'border-b border-border/60 last:border-0 hover:bg-surface-2/50'}
      data-testid={testid}
    >
      <td className={`${cell} text-muted tabular-nums`}>{rank}</td>
      <td className={cell}>
        <NetworkName name={n.name} iconUrl={n.iconUrl} href={networkUrl(n.id)} />
      </td>
      {withCount && <td className={`${cell} text-right text-fg tabular-nums`}>{formatNumber(n.rwaCount)}</td>}
      <td className={`${cell} text-right text-fg tabular-nums`}>{value}</td>
      <td className={`${cell} text-right text-muted tabular-nums`}>{formatPercent(n.marketShare)}</td>
      <td className={compact ? 'py-2.5 text-right' : 'px-3 py-3 text-right'}>
        <ChangeBadge value={n.change30d} />
      </td>
    </tr>
  );
}
