import { describe, expect, it } from 'vitest';
import {
  CHART_LAYERS,
  fallbackNews,
  formatMetricValue,
  lineSeries,
  pieLabel,
  pieSlices,
  pieTotal,
  stackChartData,
} from '#lib/shared/markets.ts';
import { AMOUNT_RANGES, parsePeriod, transfersPath } from '#lib/shared/transfers.ts';
import type { ChartDataPoint, Network } from '#lib/shared/analytics-types.ts';

const point = (date: string, v: string, stablecoins = '100'): ChartDataPoint => ({
  date,
  privateCredit: v,
  usTreasuryDebt: v,
  commodities: v,
  institutionalFunds: v,
  stocks: v,
  governmentDebt: v,
  managedStrategies: v,
  corporateBonds: v,
  stablecoins,
  origin: 'live',
  source: null,
});

describe('stackChartData', () => {
  it('stacks each layer on the ones below it, without stablecoins by default', () => {
    const layers = stackChartData([point('2025-02-01', '2'), point('2025-01-01', '1')], false);
    expect(layers.map((l) => l.key)).not.toContain('stablecoins');
    expect(layers).toHaveLength(8);
    // sorted by date; the k-th layer is k * value
    expect(layers[0].points).toEqual([
      { time: '2025-01-01', value: 1 },
      { time: '2025-02-01', value: 2 },
    ]);
    expect(layers[7].points.map((p) => p.value)).toEqual([8, 16]);
  });
  it('puts stablecoins on top when included', () => {
    const layers = stackChartData([point('2025-01-01', '1', '268.4')], true);
    expect(layers.at(-1)!.key).toBe('stablecoins');
    expect(layers.at(-1)!.points[0].value).toBeCloseTo(276.4);
  });
  it('counts non-numeric values as 0 and drops duplicate days', () => {
    const layers = stackChartData([point('2025-01-01T00:00:00Z', 'x'), point('2025-01-01', '1')], false);
    expect(layers[0].points).toHaveLength(1);
    expect(layers[0].points[0].value).toBe(1);
    expect(stackChartData([point('2025-01-01', 'abc')], false)[7].points[0].value).toBe(0);
  });
  it('carries the spec legend values', () => {
    expect(CHART_LAYERS.map((l) => `${l.label} ${l.legend}`)).toContain('Stablecoins 268.4B');
    expect(CHART_LAYERS.map((l) => l.legend)).toEqual(['15.5B', '7.4B', '1.8B', '1.0B', '350.1M', '320.5M', '48.2M', '16.6M', '268.4B']);
  });
});

describe('transfer ranges', () => {
  it('has the four ranges, the default first', () => {
    expect(AMOUNT_RANGES.map((r) => r.id)).toEqual(['0-100k', '100k-1m', '1m-10m', '10m+']);
  });
  it.each([
    [7, '0-100k', '/api/transfers?days=7&minUsd=0&maxUsd=100000&limit=10'],
    [30, '100k-1m', '/api/transfers?days=30&minUsd=100000&maxUsd=1000000&limit=10'],
    [90, '1m-10m', '/api/transfers?days=90&minUsd=1000000&maxUsd=10000000&limit=10'],
    // open-ended: no maxUsd
    [7, '10m+', '/api/transfers?days=7&minUsd=10000000&limit=10'],
    // unknown range falls back to the default
    [7, 'nope', '/api/transfers?days=7&minUsd=0&maxUsd=100000&limit=10'],
  ] as const)('days %s range %s', (days, range, path) => {
    expect(transfersPath(days, range)).toBe(path);
  });
  it.each([
    ['30', 30],
    ['90', 90],
    [null, 7],
    ['', 7],
    ['14', 7],
    ['7.0', 7],
    ['<script>', 7],
  ] as const)('reads the period %j from a query as %i', (value, days) => {
    expect(parsePeriod(value)).toBe(days);
  });
});

const network = (id: string, totalValue: number, marketShare: number): Network => ({
  origin: 'live',
  change30dOrigin: 'live',
  id,
  name: id.toUpperCase(),
  iconUrl: '',
  rwaCount: 1,
  totalValue: String(totalValue),
  marketShare,
  change30d: '0',
});

describe('pieSlices', () => {
  const nets = Array.from({ length: 12 }, (_, i) => network(`n${i}`, (i + 1) * 1e9, i + 1));
  it('keeps the top 10 by value, largest first, with palette colours in rank order', () => {
    const slices = pieSlices(nets, ['#a', '#b']);
    expect(slices).toHaveLength(10);
    expect(slices[0]).toMatchObject({ id: 'n11', value: 12e9, share: 12, color: '#a' });
    expect(slices[1].color).toBe('#b');
    expect(slices.at(-1)!.id).toBe('n2');
  });
  it('drops zero and broken values', () => {
    expect(pieSlices([network('a', 0, 0), { ...network('b', 1, 1), totalValue: 'x' }], ['#a'])).toEqual([]);
  });
  it("labels by the spec's currency rule or in percent, the total in the hole too", () => {
    const slices = pieSlices([network('eth', 5_123_000_000, 55.25), network('base', 820_000_000, 8.5), network('big', 1.18e12, 3)], ['#a']);
    const label = (id: string, percent: boolean) =>
      pieLabel(
        slices.find((s) => s.id === id)!,
        percent,
      );
    expect(label('eth', false)).toBe('$5.12B');
    // Under a billion in its own unit, never '$0.82B'; over a thousand billion with no thousands separator and no T.
    expect(label('base', false)).toBe('$820.00M');
    expect(label('big', false)).toBe('$1180.00B');
    expect(label('eth', true)).toBe('55.3%');
    expect(pieTotal(slices, false)).toBe('$1185.94B');
    expect(pieTotal(slices, true)).toBe('66.8%');
    expect(pieTotal([], false)).toBe('$0.00');
  });
});

describe('network chart values', () => {
  it('formats value metrics in the unit that fits (K, M, B) and counts as localized numbers', () => {
    expect(formatMetricValue('tokenized-asset-value', 2_345_000_000)).toBe('$2.35B');
    expect(formatMetricValue('tokenized-asset-value', 48_200_000)).toBe('$48.20M');
    expect(formatMetricValue('transfer-volume', 350_000)).toBe('$350.00K');
    expect(formatMetricValue('transfer-volume', 0)).toBe('$0.00');
    expect(formatMetricValue('rwa-holders', 1234567.4)).toBe('1,234,567');
  });
  it('keeps at most 15 networks, largest on the latest date first', () => {
    const names = Array.from({ length: 20 }, (_, i) => `net${i}`);
    const pts = ['2025-02-01', '2025-01-01'].map((date, d) => ({
      date,
      networks: Object.fromEntries(names.map((n, i) => [n, (i + 1) * (d === 0 ? 10 : 1)])),
    }));
    const series = lineSeries(pts, ['#1']);
    expect(series).toHaveLength(15);
    expect(series[0].name).toBe('net19');
    expect(series[0].points).toEqual([
      { time: '2025-01-01', value: 20 },
      { time: '2025-02-01', value: 200 },
    ]);
  });
});

describe('fallbackNews', () => {
  it('gives five dated sample headlines', () => {
    const now = new Date('2025-09-12T12:00:00Z');
    const items = fallbackNews(now);
    expect(items).toHaveLength(5);
    expect(items.every((i) => new Date(i.date) < now)).toBe(true);
  });
});

describe('lineSeries colours', () => {
  it('follows the given order so a network keeps its pie colour', () => {
    const pts = [{ date: '2025-01-01', networks: { A: 1, B: 5, C: 3 } }];
    const series = lineSeries(pts, ['#0', '#1', '#2'], 15, ['C', 'A']);
    expect(series.map((s) => `${s.name}${s.color}`)).toEqual(['B#2', 'C#0', 'A#1']);
  });
});

describe('lineSeries colours, 15 lines', () => {
  it('never gives two lines one colour, even when a line ranks past the palette in the pie order', () => {
    const palette = Array.from({ length: 15 }, (_, i) => `#${i}`);
    const order = Array.from({ length: 40 }, (_, i) => `net${i}`);
    // The lines are the 15 largest on the latest date: networks ranked 0-7 and 15-21 by total value
    // (a colour by rank modulo the palette gave rank 15 the colour of rank 0).
    const line = (i: number) => i < 8 || (i >= 15 && i < 22);
    const pts = [{ date: '2025-01-01', networks: Object.fromEntries(order.map((n, i) => [n, line(i) ? 100 + i : i / 100])) }];
    const series = lineSeries(pts, palette, 15, order);
    expect(series).toHaveLength(15);
    expect(new Set(series.map((s) => s.color)).size).toBe(15);
    // The top 8 keep their pie colours.
    for (let i = 0; i < 8; i++) expect(series.find((s) => s.name === `net${i}`)?.color).toBe(`#${i}`);
  });
});
