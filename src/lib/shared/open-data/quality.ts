import { snapshotWords } from '#lib/shared/plain-sources.ts';
import { daysBetween } from '#lib/shared/utc-day.ts';

/** Data quality of an asset's figures: what a visitor needs to trust or doubt a number. Pure. */
export type Quality =
  | { kind: 'snapshot'; asOf: string }
  | { kind: 'fresh'; lastObserved: string }
  | { kind: 'stale'; lastObserved: string; ageDays: number }
  | { kind: 'held'; reason: string }
  | { kind: 'unobserved' };
/** Architecture "Data truth": one source down is one source stale, for at most 2 days. */
const STALE_AFTER_DAYS = 2;

export function assessQuality(input: { live: boolean; asOf: string; lastObserved?: string; heldReason?: string }): Quality {
  if (input.heldReason) return { kind: 'held', reason: input.heldReason };
  if (!input.live) return { kind: 'snapshot', asOf: input.asOf };
  if (!input.lastObserved) return { kind: 'unobserved' };
  const ageDays = daysBetween(input.lastObserved, input.asOf);
  if (ageDays > STALE_AFTER_DAYS) return { kind: 'stale', lastObserved: input.lastObserved, ageDays };
  return { kind: 'fresh', lastObserved: input.lastObserved };
}

export function qualityText(q: Quality): string {
  switch (q.kind) {
    case 'snapshot':
      return `From ${snapshotWords(q.asOf)} (its sources are on the Sources page); not read from a chain.`;
    case 'fresh':
      return `Fresh: last observed ${q.lastObserved}.`;
    case 'stale':
      return `Stale: no observation for ${q.ageDays} days (last ${q.lastObserved}).`;
    case 'held':
      return `Held by the circuit breaker: ${q.reason}`;
    case 'unobserved':
      return 'Unknown: no ingest run has observed this asset yet.';
  }
}

/** The gap between a chain's figure and an aggregator's, in percent of the chain's; null without both. */
export function gapPercent(chain: number | null, aggregator: number | null): number | null {
  if (chain === null || aggregator === null || chain === 0) return null;
  return Number((((aggregator - chain) / chain) * 100).toFixed(2));
}
