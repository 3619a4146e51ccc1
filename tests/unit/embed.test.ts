import { describe, expect, it } from 'vitest';
import {
  chartOrigin,
  embedForPath,
  embedIframe,
  embedLayout,
  embedPath,
  embedTarget,
  oembedWidth,
  readEmbedView,
  type EmbedChartData,
} from '#lib/shared/embed.ts';
import { indexed, seriesChart, wrapText } from '#lib/shared/charts/series-chart.ts';
import { labelWidth } from '#lib/shared/charts/frame.ts';
import { canonicalQuery } from '#lib/shared/route-params.ts';
import { withoutFrameAncestors, isFrameablePath, baselineHeaders } from '#lib/server/http/security.ts';

const days = (n: number, from = '2026-08-01') =>
  Array.from({ length: n }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));

const data = (over: Partial<EmbedChartData> = {}): EmbedChartData => ({
  title: 'BUIDL: market cap',
  subtitle: 'BlackRock USD Institutional Digital Liquidity Fund, last 90d',
  asOf: '2026-11-25',
  origin: 'live',
  unit: 'usd',
  stacked: false,
  series: [
    { key: 'market-cap', label: 'market cap', color: '#4f8cff', points: days(90).map((date, i) => ({ date, value: 2e9 + i * 1e7 })) },
  ],
  ...over,
});

describe('embed addresses', () => {
  it('names the four charts and nothing else', () => {
    expect(embedTarget('classes')).toEqual({ kind: 'classes' });
    expect(embedTarget('assets/buidl')).toEqual({ kind: 'asset', id: 'buidl' });
    expect(embedTarget('assets/buidl/concentration')).toEqual({ kind: 'concentration', id: 'buidl' });
    expect(embedTarget('networks/ethereum')).toEqual({ kind: 'network', id: 'ethereum' });
    for (const bad of ['', 'classes/x', 'assets', 'assets/BUIDL', 'assets/a/b', 'networks/../x', 'issuers/blackrock', 'assets/<x>'])
      expect(embedTarget(bad), bad).toBeUndefined();
    for (const t of [
      { kind: 'classes' },
      { kind: 'asset', id: 'a' },
      { kind: 'concentration', id: 'a' },
      { kind: 'network', id: 'n' },
    ] as const)
      expect(embedTarget(embedPath(t).slice('/embed/'.length))).toEqual(t);
  });

  it('maps a page with a chart (or an embed) to its embed, for oEmbed', () => {
    expect(embedForPath('/')).toEqual({ kind: 'classes' });
    expect(embedForPath('/assets/ousg')).toEqual({ kind: 'asset', id: 'ousg' });
    expect(embedForPath('/assets/ousg/')).toEqual({ kind: 'asset', id: 'ousg' });
    expect(embedForPath('/networks/base')).toEqual({ kind: 'network', id: 'base' });
    expect(embedForPath('/embed/assets/ousg/concentration')).toEqual({ kind: 'concentration', id: 'ousg' });
    for (const bad of ['/sources', '/assets', '/assets/ousg/receipt', '/issuers/x', '/embed/nope'])
      expect(embedForPath(bad), bad).toBeUndefined();
  });

  it('reads theme and width, falling back to the defaults, and keys the page cache on their one form', () => {
    expect(readEmbedView(new URLSearchParams('theme=DARK&width=400'))).toEqual({ theme: 'dark', width: 400 });
    expect(readEmbedView(new URLSearchParams('theme=neon&width=99999'))).toEqual({ theme: 'light', width: 640 });
    expect(readEmbedView(new URLSearchParams('width=12.5'))).toEqual({ theme: 'light', width: 640 });
    expect(canonicalQuery('/embed/assets/buidl', '?width=0400&theme=Dark&x=1&metric=supply&metric=holders')).toBe(
      '?metric=supply&theme=dark&width=400',
    );
    expect(canonicalQuery('/embed/classes', '?width=640&theme=light&range=90d&stablecoins=0')).toBe('');
  });
});

describe('embed layout', () => {
  it.each([280, 390, 640, 1200])('at %i px every line of text fits, and the chart sits inside the picture', (width) => {
    const l = embedLayout(data(), width, 'example.org/assets/buidl');
    for (const t of [...l.title, ...l.subtitle, ...l.mark, ...l.link])
      expect(t.x + labelWidth(t.text, t.size), t.text).toBeLessThanOrEqual(width);
    expect(l.chart).toBeDefined();
    expect(l.chart!.top).toBeGreaterThan(l.mark.at(-1)!.y);
    expect(l.link[0].y).toBeGreaterThan(l.chart!.top + l.chart!.height);
    expect(l.height).toBeGreaterThan(l.link.at(-1)!.y);
    expect(l.mark.map((t) => t.text).join(' ')).toBe('Data as of 25 Nov 2026 · Live: read on-chain by the published ingest run');
  });

  it('an unknown history is said, not drawn; the description says what, when and where from', () => {
    const l = embedLayout(data({ series: [], unknown: 'Unknown: the snapshot holds one figure per asset.' }), 640, 'x.org/assets/buidl');
    expect(l.chart).toBeUndefined();
    expect(l.unknown!.map((t) => t.text).join(' ')).toContain('Unknown: the snapshot holds one figure per asset.');
    const d = embedLayout(data({ origin: 'illustrative' }), 640, 'x.org/assets/buidl').description;
    expect(d).toContain('Illustrative: synthetic detail around the 25 Nov 2026 snapshot');
    expect(d).toContain('x.org/assets/buidl');
    expect(d).toMatch(/market cap \$2\.\d\dB on /);
  });

  it('the origin of a chart is illustrative when any point is, else live or snapshot', () => {
    expect(chartOrigin(['snapshot', 'illustrative', 'snapshot'], 'snapshot')).toBe('illustrative');
    expect(chartOrigin(['live', 'live'], 'snapshot')).toBe('live');
    expect(chartOrigin(['live', 'snapshot'], 'live')).toBe('snapshot');
    expect(chartOrigin([], 'snapshot')).toBe('snapshot');
  });

  it('oEmbed sizes: within maxwidth, never below the narrowest drawing; a height bound shrinks the chart', () => {
    expect(oembedWidth()).toBe(640);
    expect(oembedWidth(500)).toBe(500);
    expect(oembedWidth(100)).toBe(280);
    const natural = embedLayout(data(), 280, 'x.org/assets/buidl');
    const fitted = embedLayout(data(), 280, 'x.org/assets/buidl', 300);
    expect(natural.height).toBeGreaterThan(300);
    expect(fitted.height).toBeLessThanOrEqual(300);
    expect(fitted.chart!.height).toBeLessThan(natural.chart!.height);
    // Never below the chart's least height: a bound too small for it is not met.
    expect(embedLayout(data(), 280, 'x.org/assets/buidl', 120).chart!.height).toBe(90);
  });

  it('the iframe escapes what it is given and is sandboxed', () => {
    const html = embedIframe('https://x.org/embed/classes?a=1&b="2"', 'A "title" <b>', 640, 400);
    expect(html).not.toMatch(/"2"|<b>/);
    expect(html).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(html).toContain('width="640" height="400"');
  });
});

describe('series charts', () => {
  it('stacked bands close on the band below, the first on zero', () => {
    const a = days(3).map((date) => ({ date, value: 1 }));
    const b = days(3).map((date) => ({ date, value: 3 }));
    const c = seriesChart({
      width: 400,
      height: 200,
      series: [
        { key: 'a', label: 'A', color: '#000', points: a },
        { key: 'b', label: 'B', color: '#111', points: b },
      ],
      yLabel: String,
      stacked: true,
    });
    const r1 = (n: number) => Math.round(n * 10) / 10;
    const zero = r1(c.frame.y(0));
    expect(c.series[0].band).toMatch(new RegExp(` ${zero} Z$`));
    // B's band runs back along A's top.
    expect(c.series[1].band!.endsWith(`${r1(c.frame.y(1))} Z`)).toBe(true);
    expect(c.dates).toEqual(days(3));
  });

  it('indexes to 100 on the first date every series has, and says why it cannot', () => {
    const out = indexed([
      {
        key: 'a',
        points: [
          { date: '2026-01-01', value: 50 },
          { date: '2026-01-02', value: 100 },
          { date: '2026-01-03', value: 75 },
        ],
      },
      {
        key: 'b',
        points: [
          { date: '2026-01-02', value: 10 },
          { date: '2026-01-03', value: 12 },
        ],
      },
    ]);
    expect(out.base).toBe('2026-01-02');
    expect(out.series[0].points).toEqual([
      { date: '2026-01-02', value: 100 },
      { date: '2026-01-03', value: 75 },
    ]);
    expect(out.series[1].points).toEqual([
      { date: '2026-01-02', value: 100 },
      { date: '2026-01-03', value: 120 },
    ]);
    const none = indexed([
      { key: 'a', points: [{ date: '2026-01-01', value: 1 }] },
      { key: 'b', points: [{ date: '2026-01-02', value: 1 }] },
    ]);
    expect(none.base).toBeNull();
    expect(none.series[0]).toMatchObject({ points: [], unknown: expect.stringContaining('no date') });
  });

  it('wraps words to a width', () => {
    expect(wrapText('one two three four', 9, (t) => t.length)).toEqual(['one two', 'three', 'four']);
  });
});

describe('framing', () => {
  it('only /embed/ may be framed: no X-Frame-Options and no frame-ancestors there', () => {
    expect(isFrameablePath('/embed/classes')).toBe(true);
    for (const p of ['/', '/embed', '/embedded/x', '/assets/buidl', '/admin']) expect(isFrameablePath(p), p).toBe(false);
    expect(baselineHeaders('/embed/classes')['X-Frame-Options']).toBeUndefined();
    expect(baselineHeaders('/assets/buidl')['X-Frame-Options']).toBe('DENY');
    expect(withoutFrameAncestors("default-src 'self'; frame-ancestors 'none'; object-src 'none'")).toBe(
      "default-src 'self'; object-src 'none'",
    );
    expect(withoutFrameAncestors("default-src 'self';FRAME-ANCESTORS 'none';")).toBe("default-src 'self';");
  });
});
