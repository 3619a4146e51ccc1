/**
 * Batched reads (src/lib/server/db/reads.ts) on a real libSQL file: results come back to the right read,
 * an optional read that fails falls back while the others still load, a required one fails the call,
 * and the transfers window computed in SQL matches the rule of `transferWindow`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { datasetMeta, transfers } from '#db/schema/index.ts';

const url = `file:${join(mkdtempSync(join(tmpdir(), 'rwa-reads-')), 'app.db')}`;
// The app's database (getDb) opens from DATABASE_URL on first use: point it at the scratch file.
process.env.DATABASE_URL = url;

const { orElse, read, readAll, readOne } = await import('#lib/server/db/reads.ts');
const { asOfRead, getAsOf, listTransfers, marketOverviewRead, transfersRead, transferWindow } =
  await import('#lib/server/figures/analytics.ts');
const { getDb } = await import('#lib/server/db/client.ts');

const opened = openDatabase({ url });
beforeAll(async () => {
  await migrateDatabase(opened.db, opened.client, url);
  await opened.db.insert(datasetMeta).values([
    { key: 'asOf', value: '2025-06-30' },
    { key: 'marketOverview', value: { totalRWAValue: '123', totalAssetIssuers: 4 } },
  ]);
  const days = ['2025-06-22', '2025-06-23', '2025-06-24', '2025-06-30', '2025-07-01'];
  await opened.db
    .insert(transfers)
    .values(days.map((date, i) => ({ assetSymbol: 'T', usdAmount: 2_000_000 + i, date, network: 'Ethereum', txHash: null })));
});
afterAll(() => opened.client.close());

/** A table the database does not have: any read of it fails. */
const missing = sqliteTable('no_such_table', { id: text('id') });

describe('readAll', () => {
  it('gives each read its own results, in order', async () => {
    const [asOf, overview] = await readAll([asOfRead(), marketOverviewRead()]);
    expect(asOf).toBe('2025-06-30');
    expect(overview).toMatchObject({ totalRWAValue: '123', totalAssetIssuers: 4, asOf: '2025-06-30' });
  });

  it('falls back for a failing optional read and still loads the others', async () => {
    const [asOf, absent] = await readAll([
      asOfRead(),
      orElse(
        read(getDb().select().from(missing), (rows) => rows.length),
        () => 'fallback' as const,
      ),
    ]);
    expect(asOf).toBe('2025-06-30');
    expect(absent).toBe('fallback');
  });

  it('fails when a required read fails', async () => {
    await expect(readAll([asOfRead(), read(getDb().select().from(missing), (rows) => rows.length)])).rejects.toThrow(/no_such_table/);
    await expect(readOne(read(getDb().select().from(missing), (rows) => rows.length))).rejects.toThrow(/no_such_table/);
  });
});

describe('transfers window in SQL', () => {
  it('takes the days ending with the as-of date, as transferWindow counts them', async () => {
    const window = transferWindow(await getAsOf(), 7);
    expect(window).toEqual({ from: '2025-06-24', to: '2025-07-01' });
    const rows = await listTransfers({ days: 7 });
    const dates = rows.map((r) => r.date).sort();
    expect(dates).toEqual(['2025-06-24', '2025-06-30']);
    expect(dates.every((d) => d >= window.from && d < window.to)).toBe(true);
    // With an amount range: one query, same window.
    const ranged = await readOne(transfersRead({ days: 7, minUsd: 2_000_003 }));
    expect(ranged.map((r) => r.date)).toEqual(['2025-06-30']);
  });
});
