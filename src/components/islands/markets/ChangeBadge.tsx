import { TrendingDown, TrendingUp } from 'lucide-react';
import { formatPercentChange } from '#lib/shared/format.ts';

/**
 * A 30-day change: green with an up icon above 0, otherwise red with a down icon; sign and %.
 * Null (no figure 30 days earlier in a live run) reads "unavailable" rather than a made-up 0%.
 */
export default function ChangeBadge({ value }: { value: number | string | null }) {
  if (value === null)
    return (
      <span className="text-muted" data-change="unavailable">
        unavailable
      </span>
    );
  const up = Number(value) > 0;
  const Icon = up ? TrendingUp : TrendingDown;
  return (
    <span
      className={`inline-flex items-center justify-end gap-1 tabular-nums ${up ? 'text-positive' : 'text-negative'}`}
      data-change={up ? 'up' : 'down'}
    >
      <Icon aria-hidden className="size-3.5" />
      {formatPercentChange(value)}
    </span>
  );
}
