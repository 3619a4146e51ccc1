/**
 * The one typed reader of the runs' state (figures/run-state.ts) on a real libSQL file: the snapshot's
 * keys before any run, the newest published_runs row after, each list and map checked against its
 * schema (a malformed one reads as empty, never cast), and the method version a change is told against.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { installChangeCounter } from '#db/change-counter.ts';
import { datasetMeta, publishedCells, publishedRuns } from '#db/schema/index.ts';

const url = `file:${join(mkdtempSync(join(tmpdir(), 'rwa-run-state-')), 'app.db')}`;
// The app's database (getDb) opens from DATABASE_URL on first use: point it at the scratch file.
process.env.DATABASE_URL = url;

const { readAll, readOne } = await import('#lib/server/db/reads.ts');
const { getDb } = await import('#lib/server/db/client.ts');
const {
  asOfSql,
  methodVersionBefore,
  runStateRead,
  servedFacts,
  servedFactsRead,
  servedOverviewRead,
  servedRunRead,
  snapshotComparisonRead,
} = await import('#lib/server/figures/run-state.ts');
const { marketOverviewRead } = await import('#lib/server/figures/analytics.ts');

const opened = openDatabase({ url });
const snapshotOverview = { totalRWAValue: '100', totalAssetIssuers: 2 };
beforeAll(async () => {
  await migrateDatabase(opened.db, opened.client, url);
  await opened.db.insert(datasetMeta).values([
    { key: 'asOf', value: '2025-09-12' },
    { key: 'marketOverview', value: snapshotOverview },
  ]);
});
afterAll(() => opened.client.close());

const sqlAsOf = async () => (await getDb().select({ d: asOfSql }).from(datasetMeta).limit(1))[0].d;
const stale = [{ asset: 'TB', chain: 'ethereum', since: '2026-11-19', ageHours: 30, reason: 'rpc down' }];
const comparison = [{ assetClass: 'U.S. Treasuries', live: 1, snapshot: 2, share: 50 }];

describe('the served run', () => {
  it('is none while the snapshot is served: its as-of day and overview are the seed keys', async () => {
    const [facts, served, run, state, overview] = await readAll([
      servedFactsRead(),
      servedOverviewRead(),
      servedRunRead(),
      runStateRead(),
      marketOverviewRead(),
    ]);
    expect(facts).toEqual({ asOf: '2025-09-12', publishedRun: undefined });
    expect(served.overview).toEqual(snapshotOverview);
    expect(run).toBeUndefined();
    expect(state.published).toBe(false);
    expect(overview).toMatchObject({ totalRWAValue: '100', asOf: '2025-09-12', origin: 'snapshot' });
    expect(await sqlAsOf()).toBe('2025-09-12');
    expect(await readOne(snapshotComparisonRead())).toEqual([]);
    expect(await methodVersionBefore(opened.db, 1)).toBeNull();
  });

  it('is the newest published_runs row once runs are published, the first run keeping the snapshot comparison', async () => {
    const run = (runId: number, asOf: string, extra: Partial<typeof publishedRuns.$inferInsert> = {}) => ({
      runId,
      asOf,
      publishedAt: `${asOf}T12:00:00.000Z`,
      methodVersion: runId,
      overview: { totalRWAValue: String(runId * 1000) },
      ...extra,
    });
    await opened.db
      .insert(publishedRuns)
      .values([
        run(3, '2026-11-18', { snapshotComparison: comparison }),
        run(5, '2026-11-20', { staleCells: stale, indexing: { 'TB|ethereum': 40 } }),
      ]);
    const [facts, served, current, state, overview] = await readAll([
      servedFactsRead(),
      servedOverviewRead(),
      servedRunRead(),
      runStateRead(),
      marketOverviewRead(),
    ]);
    expect(facts).toEqual({ asOf: '2026-11-20', publishedRun: 5 });
    expect(await servedFacts(opened.db)).toEqual(facts);
    expect(served.overview).toEqual({ totalRWAValue: '5000' });
    expect(current).toMatchObject({ runId: 5, staleCells: stale, indexing: { 'TB|ethereum': 40 }, methodVersion: 5 });
    expect(state.published).toBe(true);
    expect(overview).toMatchObject({ totalRWAValue: '5000', asOf: '2026-11-20', origin: 'live' });
    expect(await sqlAsOf()).toBe('2026-11-20');
    expect(await readOne(snapshotComparisonRead())).toEqual(comparison);
    // A method change is told against the run published before, never against the run itself.
    expect(await methodVersionBefore(opened.db, 5)).toBe(3);
    expect(await methodVersionBefore(opened.db, 6)).toBe(5);
  });

  it('reads a list or map that fails its schema as empty, never cast', async () => {
    await opened.client.execute(
      `UPDATE published_runs SET stale_cells = '[{"asset":1}]', indexing = '{"TB|ethereum":"most"}', overview = '[1]' WHERE run_id = 5`,
    );
    const current = await readOne(servedRunRead());
    expect(current).toMatchObject({ runId: 5, staleCells: [], indexing: {}, overview: {} });
    expect((await readOne(marketOverviewRead())).totalRWAValue).toBeNull();
  });
});

describe('the change counter', () => {
  it('moves once for a published run: its row has the trigger, the thousands of cells beside it none', async () => {
    await installChangeCounter(opened.client);
    const n = async () => Number((await opened.client.execute('SELECT n FROM change_counter')).rows[0].n);
    const before = await n();
    await opened.db.transaction(async (tx) => {
      await tx.insert(publishedCells).values(
        ['a', 'b', 'c'].map((chain) => ({
          date: '2026-11-21',
          asset: 'TB',
          chain,
          source: 'evm',
          supply: '1',
          state: 'fresh' as const,
          receiptRunId: 6,
          readDate: '2026-11-21',
        })),
      );
      await tx
        .insert(publishedRuns)
        .values({ runId: 6, asOf: '2026-11-21', publishedAt: '2026-11-21T12:00:00.000Z', methodVersion: 1, overview: {} });
    });
    expect(await n()).toBe(before + 1);
  });
});
