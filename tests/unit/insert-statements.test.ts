/** insertStatements sends what drizzle's insert builder would: same SQL text, same arguments, for the seeded tables. */
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { afterAll, describe, expect, it } from 'vitest';
import { assets, chartPoints, datasetMeta, networks, networkSeries, transfers } from '#db/schema/index.ts';
import { insertStatements } from '#lib/server/setup/insert-statements.ts';

// Only toSQL() is called: the database is never asked anything.
const client = createClient({ url: ':memory:' });
const db = drizzle(client);
afterAll(() => client.close());

describe('insertStatements', () => {
  it('matches drizzle: column order, a missing value as null, a null as an argument, extra keys left out', () => {
    const rows = [
      { id: 'a', name: 'A', iconUrl: '/a.svg', rwaCount: 1, totalValue: 2.5, marketShare: 10, change30d: 1.25 },
      { id: 'b', name: 'B', iconUrl: '/b.svg', rwaCount: 2, totalValue: 3, marketShare: 20, change30d: null },
      { id: 'c', name: 'C', iconUrl: '/c.svg', rwaCount: 3, totalValue: 4, marketShare: 30, extra: 'ignored' },
    ];
    const query = db.insert(networks).values(rows).toSQL();
    expect(insertStatements(networks, rows)).toEqual([{ sql: query.sql, args: query.params }]);
  });

  it('matches drizzle: a column default, booleans and JSON through the column mapping, the conflict clause', () => {
    const series = [
      { metric: 'm', network: 'n', date: '2025-01-01', value: 1, monthEnd: true },
      { metric: 'm', network: 'n', date: '2025-01-02', value: 2 },
    ];
    const seriesQuery = db.insert(networkSeries).values(series).toSQL();
    expect(insertStatements(networkSeries, series)).toEqual([{ sql: seriesQuery.sql, args: seriesQuery.params }]);

    const stale = { since: '2025-01-01', ageHours: 3, chains: ['ethereum'], reason: 'down' };
    const asset = [{ symbol: 'X', name: 'X', assetClass: 'Stablecoins', marketCap: 5, change7d: null, stale }];
    const assetQuery = db.insert(assets).values(asset).toSQL();
    expect(insertStatements(assets, asset)).toEqual([{ sql: assetQuery.sql, args: assetQuery.params }]);

    const chart = [
      {
        date: '2025-01-31',
        privateCredit: 1,
        usTreasuryDebt: 2,
        commodities: 3,
        institutionalFunds: 4,
        stocks: 5,
        governmentDebt: 6,
        managedStrategies: 7,
        corporateBonds: 8,
        stablecoins: 9,
      },
    ];
    const chartQuery = db.insert(chartPoints).values(chart).toSQL();
    expect(insertStatements(chartPoints, chart)).toEqual([{ sql: chartQuery.sql, args: chartQuery.params }]);

    const meta = [
      { key: 'asOf', value: '2025-09-12' },
      { key: 'marketOverview', value: { total: 1, classes: [{ name: 'x' }] } },
    ];
    const metaQuery = db.insert(datasetMeta).values(meta).onConflictDoNothing().toSQL();
    expect(insertStatements(datasetMeta, meta, { onConflictDoNothing: true })).toEqual([{ sql: metaQuery.sql, args: metaQuery.params }]);
  });

  it('splits the rows into statements of `size` rows, each as drizzle would send that part', () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({
      id: i + 1,
      assetSymbol: 'X',
      usdAmount: i * 1.5,
      date: '2025-01-01',
      network: 'n',
    }));
    const parts = [rows.slice(0, 2), rows.slice(2, 4), rows.slice(4)].map((part) => {
      const query = db.insert(transfers).values(part).toSQL();
      return { sql: query.sql, args: query.params };
    });
    expect(insertStatements(transfers, rows, { size: 2 })).toEqual(parts);
  });
});
