import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HOME_VIEW,
  DEFAULT_NETWORKS_VIEW,
  encodeParam,
  readHomeView,
  readNetworksView,
  viewHref,
  viewParams,
} from '#lib/shared/view-state.ts';

const q = (s: string) => new URLSearchParams(s);

describe('home view from the query', () => {
  it('reads every control', () => {
    expect(readHomeView(q('period=90&range=10m%2B&league=issuers&stablecoins=1'))).toEqual({
      period: 90,
      range: '10m+',
      league: 'issuers',
      stablecoins: true,
    });
  });
  it('falls back to the defaults for missing, unknown or hostile values', () => {
    expect(readHomeView(q(''))).toEqual(DEFAULT_HOME_VIEW);
    expect(readHomeView(q('period=8&range=1M-10M&league=<script>alert(1)</script>&stablecoins=true'))).toEqual(DEFAULT_HOME_VIEW);
    expect(readHomeView(q('period=30&period=90&range=x'))).toEqual({ ...DEFAULT_HOME_VIEW, period: 30 });
  });
});

describe('networks view from the query', () => {
  it('reads the metric and the percent switch, defaults otherwise', () => {
    expect(readNetworksView(q('metric=rwa-holders&percent=1'))).toEqual({ metric: 'rwa-holders', percent: true, log: false });
    expect(readNetworksView(q('log=1'))).toEqual({ ...DEFAULT_NETWORKS_VIEW, log: true });
    expect(readNetworksView(q('log=true'))).toEqual(DEFAULT_NETWORKS_VIEW);
    expect(readNetworksView(q('metric=RWA-HOLDERS&percent=yes'))).toEqual(DEFAULT_NETWORKS_VIEW);
  });
});

describe('view links', () => {
  it('encodes only what differs from the defaults', () => {
    expect(encodeParam(true, false)).toBe('1');
    expect(encodeParam(false, false)).toBeUndefined();
    expect(encodeParam(30, 7)).toBe('30');
    expect(encodeParam(7, 7)).toBeUndefined();
    expect(viewParams(DEFAULT_HOME_VIEW, DEFAULT_HOME_VIEW)).toEqual([]);
    expect(viewParams({ ...DEFAULT_HOME_VIEW, range: '10m+', stablecoins: true }, DEFAULT_HOME_VIEW)).toEqual([
      ['range', '10m+'],
      ['stablecoins', '1'],
    ]);
  });
  it('builds a link that keeps the rest of the view and round-trips through the reader', () => {
    const view = { ...DEFAULT_HOME_VIEW, period: 30 as const };
    const href = viewHref('/', view, DEFAULT_HOME_VIEW, { league: 'protocols' }, 'league-table');
    expect(href).toBe('/?period=30&league=protocols#league-table');
    const url = new URL(href, 'http://x');
    expect(readHomeView(url.searchParams)).toEqual({ ...view, league: 'protocols' });
    expect(viewHref('/', view, DEFAULT_HOME_VIEW, { period: 7 }, 'top-transfers')).toBe('/#top-transfers');
    expect(viewHref('/networks', DEFAULT_NETWORKS_VIEW, DEFAULT_NETWORKS_VIEW, { metric: 'transfer-volume' }, 'network-metrics')).toBe(
      '/networks?metric=transfer-volume#network-metrics',
    );
  });
});
