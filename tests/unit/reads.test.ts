/**
 * Batched reads (src/lib/server/db/reads.ts) on a real libSQL file: results come back to the right read,
 * an optional read that fails falls back while the others still load, a required one fails the call,
 * and the transfers window computed in SQL matches the rule of `transferWindow`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { datasetMeta, transfers } from '#db/schema/index.ts';

const url = `file:${join(mkdtempSync(join(tmpdir(), 'rwa-reads-')), 'app.db')}`;
// The app's database (getDb) opens from DATABASE_URL on first use: point it at the scratch file.
process.env.DATABASE_URL = url;

const { combine, orElse, read, readAll, readOne } = await import('#lib/server/db/reads.ts');
const { withReadMemo } = await import('#lib/server/db/read-memo.ts');
const { listTransfers, marketOverviewRead, transfersRead, transferWindow } = await import('#lib/server/figures/analytics.ts');
const { asOfRead, getAsOf } = await import('#lib/server/figures/run-state.ts');
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

  it('makes several reads one (a loader sent in the batch of a page), each part with its own rows', async () => {
    const loader = combine(
      [
        asOfRead(),
        orElse(
          read(getDb().select().from(missing), () => 0),
          () => 'fallback' as const,
        ),
        marketOverviewRead(),
      ],
      ([asOf, absent, overview]) => `${asOf} ${absent} ${overview.totalRWAValue}`,
    );
    expect(loader.queries).toHaveLength(1 + 1 + 3);
    // A failing query fails the whole batch, and a combined read falls back as one: its parts are not run apart.
    expect(await readOne(orElse(loader, () => 'whole fallback'))).toBe('whole fallback');
    const ok = combine([asOfRead(), marketOverviewRead()], ([asOf, overview]) => `${asOf} ${overview.totalRWAValue}`);
    const [value, asOf] = await readAll([ok, asOfRead()]);
    expect(value).toBe('2025-06-30 123');
    expect(asOf).toBe('2025-06-30');
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

describe('a render shares its batches with the others at the same change counter (read-memo.ts)', () => {
  const metaRead = () =>
    read(getDb().select().from(datasetMeta).where(eq(datasetMeta.key, 'memo')), (rows) => rows.map((r) => r.value as { n: number }));
  /** Changes the row behind the read without telling anyone: only a read that asks the database sees it. */
  const setMemo = (n: number) =>
    opened.db
      .insert(datasetMeta)
      .values({ key: 'memo', value: { n } })
      .onConflictDoUpdate({ target: datasetMeta.key, set: { value: { n } } });

  it("a second render at the counter takes the first one's rows; another counter, or none, reads", async () => {
    await setMemo(1);
    const [first] = await withReadMemo(101, () => readAll([metaRead()]));
    await setMemo(2);
    const [second] = await withReadMemo(101, () => readAll([metaRead()]));
    expect(second).toEqual([{ n: 1 }]);
    expect(first).toEqual([{ n: 1 }]);
    // Its own copy: a render that changes its rows in place changes no other render's.
    first[0].n = 99;
    second.push({ n: 7 });
    expect((await withReadMemo(101, () => readOne(metaRead())))[0]).toEqual({ n: 1 });
    expect(await withReadMemo(102, () => readOne(metaRead()))).toEqual([{ n: 2 }]);
    // The newer counter's read dropped the older counter's rows.
    await setMemo(3);
    expect(await withReadMemo(101, () => readOne(metaRead()))).toEqual([{ n: 3 }]);
    // Outside a shared render (a signed-in page, a write's checks), always the database.
    await setMemo(4);
    expect(await readOne(metaRead())).toEqual([{ n: 4 }]);
  });

  it('shares only the same question: other parameters, or SQL not built by the query builder, read', async () => {
    await setMemo(5);
    await withReadMemo(201, () => readOne(metaRead()));
    await setMemo(6);
    const other = read(getDb().select().from(datasetMeta).where(eq(datasetMeta.key, 'asOf')), (rows) => rows.length);
    expect(await withReadMemo(201, () => readOne(other))).toBe(1);
    const raw = () => read(getDb().all<{ value: string }>(sql`SELECT value FROM dataset_meta WHERE key = 'memo'`), (rows) => rows[0].value);
    expect(JSON.parse(await withReadMemo(201, () => readOne(raw())))).toEqual({ n: 6 });
    await setMemo(7);
    expect(JSON.parse(await withReadMemo(201, () => readOne(raw())))).toEqual({ n: 7 });
  });

  it('a failed read is not kept', async () => {
    const failing = () => read(getDb().select().from(missing), (rows) => rows.length);
    await expect(withReadMemo(301, () => readOne(failing()))).rejects.toThrow(/no_such_table/);
    await opened.client.execute('CREATE TABLE no_such_table (id TEXT)');
    try {
      expect(await withReadMemo(301, () => readOne(failing()))).toBe(0);
    } finally {
      await opened.client.execute('DROP TABLE no_such_table');
    }
  });
});
