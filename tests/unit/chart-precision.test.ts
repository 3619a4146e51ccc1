import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * /api/chart-data keeps full precision (it once rounded to 0.0001 B, so $350,000 read as
 * 0.0003). A real libSQL file, migrated, with one point of small values.
 */
const dir = mkdtempSync(join(tmpdir(), 'chart-precision-'));
const url = `file:${join(dir, 'app.db')}`;

beforeAll(async () => {
  process.env.DATABASE_URL = url;
  const { openDatabase } = await import('#db/client.ts');
  const { migrateDatabase } = await import('#db/migrate.ts');
  const { client, db } = openDatabase({ url });
  await migrateDatabase(db, client, url);
  const { chartPoints } = await import('#db/schema/index.ts');
  await db.insert(chartPoints).values({
    date: '2025-09-12',
    privateCredit: 0.00035,
    usTreasuryDebt: 1e-9,
    commodities: 123.456789012,
    institutionalFunds: 0,
    stocks: 0.0000004,
    governmentDebt: 1,
    managedStrategies: 0.1 + 0.2,
    corporateBonds: 2.2,
    stablecoins: 278.14,
  });
  client.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('listChartData precision', () => {
  it('keeps small values instead of rounding them to 0.0001 B, as plain decimals', async () => {
    const { listChartData } = await import('#lib/server/figures/analytics.ts');
    const [p] = await listChartData();
    expect(p.privateCredit).toBe('0.00035');
    expect(p.usTreasuryDebt).toBe('0.000000001');
    expect(p.stocks).toBe('0.0000004');
    expect(p.commodities).toBe('123.456789012');
    expect(p.managedStrategies).toBe('0.3');
    const { date: _date, origin: _origin, source: _source, ...values } = p;
    for (const v of Object.values(values)) expect(v).toMatch(/^-?\d+(\.\d+)?$/);
  });
});
