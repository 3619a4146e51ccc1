import { describe, expect, it } from 'vitest';
import { assignIds, slugify } from '#lib/shared/open-data/ids.ts';
import { clip, rangeStart, readRange } from '#lib/shared/open-data/range.ts';
import { assessQuality, gapPercent, qualityText } from '#lib/shared/open-data/quality.ts';
import { dateLabel, lineChart, unitLabel } from '#lib/shared/open-data/chart.ts';
import { labelWidth } from '#lib/shared/charts/frame.ts';

describe('open-data ids', () => {
  it('lower-cases symbols and makes them unique in order', () => {
    const ids = assignIds(['USDe', 'BUIDL', 'USDE', 'usde', '$X']);
    expect([...ids.values()]).toEqual(['usde', 'buidl', 'usde-2', 'usde-3', 'x']);
  });
  it('slugs issuer names', () => {
    expect(slugify('Circle (Hashnote)')).toBe('circle-hashnote');
    expect(slugify('Sky (MakerDAO)')).toBe('sky-makerdao');
    expect(slugify('!!!')).toBe('');
  });
});

describe('history range', () => {
  it('reads a bad range as the default and counts back from the as-of date', () => {
    expect(readRange('1y')).toBe('1y');
    expect(readRange('<script>')).toBe('90d');
    expect(rangeStart('30d', '2025-09-12')).toBe('2025-08-14');
    expect(rangeStart('all', '2025-09-12')).toBeUndefined();
  });
  it('clips inclusively', () => {
    const pts = ['2025-01-01', '2025-01-02', '2025-01-03'].map((date) => ({ date }));
    expect(clip(pts, '2025-01-02', '2025-01-02')).toEqual([{ date: '2025-01-02' }]);
  });
});

describe('data quality', () => {
  it('is stale after more than 2 days without an observation, held when the breaker holds it', () => {
    expect(assessQuality({ live: true, asOf: '2025-09-12', lastObserved: '2025-09-10' }).kind).toBe('fresh');
    expect(assessQuality({ live: true, asOf: '2025-09-12', lastObserved: '2025-09-09' })).toEqual({
      kind: 'stale',
      lastObserved: '2025-09-09',
      ageDays: 3,
    });
    expect(assessQuality({ live: true, asOf: '2025-09-12', heldReason: 'drop over 50%' }).kind).toBe('held');
    expect(assessQuality({ live: false, asOf: '2025-09-12' }).kind).toBe('snapshot');
    expect(qualityText({ kind: 'unobserved' })).toMatch(/Unknown/);
  });
  it('gives the gap between two sources in percent of the chain figure', () => {
    expect(gapPercent(100, 103)).toBe(3);
    expect(gapPercent(null, 5)).toBeNull();
  });
});

describe('line chart', () => {
  it('scales its unit to the values: $1 and $100B both read well', () => {
    expect(unitLabel(350_000, 'usd')).toBe('$350.00K');
    expect(unitLabel(1, 'usd')).toBe('$1.00');
    expect(unitLabel(1e11, 'usd')).toBe('$100.00B');
    const small = lineChart(
      [
        { date: '2025-09-01', value: 0.5 },
        { date: '2025-09-12', value: 1 },
      ],
      'usd',
    );
    expect(small.yTicks.map((t) => t.label)).toContain('$1.00');
    const big = lineChart(
      [
        { date: '2024-01-01', value: 2e10 },
        { date: '2025-09-12', value: 1e11 },
      ],
      'usd',
    );
    expect(big.yTicks.some((t) => t.label.endsWith('B'))).toBe(true);
    expect(big.path.startsWith('M')).toBe(true);
  });
  it('labels days for short ranges and months for long ones', () => {
    expect(dateLabel('2025-09-12', 30)).toBe('12 Sep');
    expect(dateLabel('2025-09-12', 400)).toBe('Sep 2025');
    expect(lineChart([], 'count').path).toBe('');
  });
});

describe('served asset ids', () => {
  it('do not depend on the order of the list', async () => {
    const { servedAssetIds, withAssetIds } = await import('#lib/shared/open-data/ids.ts');
    const a = servedAssetIds(['USDe', 'USDE', 'BUIDL']);
    const b = servedAssetIds(['BUIDL', 'USDE', 'USDe']);
    expect([...a.entries()].sort()).toEqual([...b.entries()].sort());
    expect(withAssetIds([{ symbol: 'BUIDL' }])).toEqual([{ symbol: 'BUIDL', id: 'buidl', url: '/assets/buidl' }]);
  });
});

describe('open-data JSON-LD', () => {
  it('gives a Dataset with a CSV and a JSON distribution per view, and escapes < in the script text', async () => {
    const { datasetLd, downloadsOf, ldText, breadcrumbLd } = await import('#lib/shared/open-data/json-ld.ts');
    const d = datasetLd({
      name: 'X </script><b>',
      description: 'd',
      origin: 'https://example.org',
      path: '/assets/x',
      asOf: '2025-09-12',
      downloads: downloadsOf([{ name: 'History', path: '/api/assets/x/history', query: { range: '1y' } }]),
    });
    expect(d.distribution).toEqual([
      {
        '@type': 'DataDownload',
        name: 'History (CSV)',
        encodingFormat: 'text/csv',
        contentUrl: 'https://example.org/api/assets/x/history?range=1y&format=csv',
      },
      {
        '@type': 'DataDownload',
        name: 'History (JSON)',
        encodingFormat: 'application/json',
        contentUrl: 'https://example.org/api/assets/x/history?range=1y&format=json',
      },
    ]);
    expect(ldText(d)).not.toContain('</script>');
    expect(JSON.parse(ldText(d)).name).toBe('X </script><b>');
    expect(breadcrumbLd('https://e.org', [{ name: 'Home', path: '/' }]).itemListElement[0]).toEqual({
      '@type': 'ListItem',
      position: 1,
      name: 'Home',
      item: 'https://e.org/',
    });
  });
});

describe('line chart axis labels', () => {
  it('keeps the first and last date labels inside the box', () => {
    const c = lineChart(
      [
        { date: '2024-09-30', value: 1 },
        { date: '2025-03-31', value: 2 },
        { date: '2025-09-12', value: 3 },
      ],
      'usd',
    );
    expect(c.xTicks.map((t) => t.label)).toEqual(['Sep 2024', 'Mar 2025', 'Sep 2025']);
    for (const t of c.xTicks) {
      const w = labelWidth(t.label);
      const from = t.anchor === 'start' ? t.x : t.anchor === 'end' ? t.x - w : t.x - w / 2;
      expect(from).toBeGreaterThanOrEqual(0);
      expect(from + w).toBeLessThanOrEqual(c.width);
    }
  });
});
