/** The shapes of an alert: what the detectors make, the store keeps and the feeds and webhooks send. */

import { ALERT_KINDS } from '#lib/shared/schemas/alerts.ts';

export type AlertKind = (typeof ALERT_KINDS)[number];

/** How each kind is named on the pages and in the feeds. */
export const KIND_LABEL: Record<AlertKind, string> = {
  depeg: 'Off its peg',
  'nav-move': 'NAV move',
  'supply-move': 'Supply move',
  hold: 'Held by the circuit breaker',
  stale: 'Source gone stale',
  'new-asset': 'New asset',
};

/** One published read behind an event: where the figure came from. */
export interface EvidenceRead {
  day: string;
  chain: string;
  source: string;
  contract: string | null;
  blockNumber: number | null;
  blockTime: string | null;
  apiUrl: string | null;
  fetchedAt: string | null;
  /** Whole tokens, as a decimal string. */
  supply: string | null;
  price: number | null;
  value: number | null;
  /** The market price the source reported beside the valuation (DefiLlama's stablecoin price), when it reports one. */
  marketPrice?: number | null;
  /** A read the circuit breaker refused: where it was read is kept, its figures (supply, price, value) are withheld. */
  withheld?: boolean;
}

/** A figure on one side of the event. */
export interface EvidenceFigure {
  day: string;
  value: number;
}

export interface Evidence {
  /** What was measured, and in what unit. */
  measure: 'price' | 'supply' | 'value';
  unit: 'usd' | 'tokens';
  before: EvidenceFigure | null;
  after: EvidenceFigure | null;
  /** after / before - 1, or the distance from the peg for a depeg. */
  change: number | null;
  /** The rule crossed, in words (rules.ts). */
  rule: string;
  /** The published reads (blocks, API calls) on each side. */
  reads: EvidenceRead[];
  /** Why, in the words of the run (a breaker's or a failure's reason). */
  note?: string;
}

export interface AlertEvent {
  id: string;
  kind: AlertKind;
  day: string;
  /** '' (and so the class) for an event about the whole run: a run held by its totals. */
  assetSymbol: string;
  assetClass: string;
  chain: string | null;
  chains: string[];
  title: string;
  evidence: Evidence;
}

/** A stored event, with the run that made it and when. */
export interface StoredAlert extends AlertEvent {
  runId: number;
  createdAt: string;
}

/** The event's id: deterministic from kind, asset, network (when about one) and day, so a second run adds nothing. */
export function alertId(kind: AlertKind, asset: string, day: string, chain?: string | null): string {
  const safe = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9.]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '');
  return [kind, safe(asset) || 'asset', ...(chain ? [safe(chain)] : []), day].join('-');
}
