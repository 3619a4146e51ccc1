/**
 * The state of the Home and Networks pages' controls as a URL query, so that every control works
 * from the first interaction (a link or a GET form before the island hydrates or without
 * JavaScript), the server renders the state it is asked for, and a view can be shared.
 * Unknown or malformed values fall back to the defaults: a query never breaks a page, and nothing
 * from it is echoed back but a known value.
 */
import { NETWORK_METRICS, type NetworkMetric } from './analytics-types.ts';
import { AMOUNT_RANGES, DEFAULT_PERIOD, DEFAULT_RANGE, parsePeriod, type AmountRangeId, type TransferPeriod } from './transfers.ts';

export const LEAGUE_TABS = [
  { id: 'networks', label: 'Networks' },
  { id: 'issuers', label: 'Issuers' },
  { id: 'protocols', label: 'Protocols' },
  { id: 'asset-classes', label: 'Asset Classes' },
] as const;
export type LeagueTab = (typeof LEAGUE_TABS)[number]['id'];

type Value = string | number | boolean;

export interface HomeView {
  period: TransferPeriod;
  range: AmountRangeId;
  league: LeagueTab;
  stablecoins: boolean;
}
export const DEFAULT_HOME_VIEW: HomeView = { period: DEFAULT_PERIOD, range: DEFAULT_RANGE, league: 'networks', stablecoins: false };

export interface NetworksView {
  metric: NetworkMetric;
  percent: boolean;
  /** The Network Metrics chart on a logarithmic scale. */
  log: boolean;
}
export const DEFAULT_NETWORKS_VIEW: NetworksView = { metric: 'tokenized-asset-value', percent: false, log: false };

function oneOf<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return allowed.find((a) => a === value) ?? fallback;
}
const flag = (value: string | null) => value === '1';

export function readHomeView(q: URLSearchParams): HomeView {
  return {
    period: parsePeriod(q.get('period')),
    range: oneOf(
      AMOUNT_RANGES.map((r) => r.id),
      q.get('range'),
      DEFAULT_RANGE,
    ),
    league: oneOf(
      LEAGUE_TABS.map((t) => t.id),
      q.get('league'),
      DEFAULT_HOME_VIEW.league,
    ),
    stablecoins: flag(q.get('stablecoins')),
  };
}

export function readNetworksView(q: URLSearchParams): NetworksView {
  return {
    metric: oneOf(NETWORK_METRICS, q.get('metric'), DEFAULT_NETWORKS_VIEW.metric),
    percent: flag(q.get('percent')),
    log: flag(q.get('log')),
  };
}

/** A value as it goes in the query: '1' for on, nothing for a default (so default views keep a clean URL). */
export function encodeParam(value: Value, fallback: Value): string | undefined {
  if (value === fallback) return undefined;
  if (typeof value === 'boolean') return value ? '1' : undefined;
  return String(value);
}

/** The query pairs of a view that differ from its defaults, in the view's key order. */
export function viewParams<V extends object>(view: V, defaults: V): [string, string][] {
  const pairs: [string, string][] = [];
  for (const key of Object.keys(defaults) as (keyof V & string)[]) {
    const encoded = encodeParam(view[key] as Value, defaults[key] as Value);
    if (encoded !== undefined) pairs.push([key, encoded]);
  }
  return pairs;
}

/** A link to `path` showing `view` changed by `change`, scrolled to `hash`: '/?league=issuers#league-table'. */
export function viewHref<V extends object>(path: string, view: V, defaults: V, change: Partial<V>, hash: string): string {
  const query = new URLSearchParams(viewParams({ ...view, ...change }, defaults)).toString();
  return `${path}${query ? `?${query}` : ''}#${hash}`;
}
