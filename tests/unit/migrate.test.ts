import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#db/client.ts';
import { schemaTooNew } from '#db/migrate.ts';
import { prepareDatabase } from '#lib/server/setup/prepare.ts';

const MIGRATIONS = resolve(import.meta.dirname, '../../db/migrations');

describe('schemaTooNew', () => {
  const known = [
    { hash: 'a', folderMillis: 100 },
    { hash: 'b', folderMillis: 200 },
  ];
  it('is null for the same or an older set of migrations', () => {
    expect(schemaTooNew(known, [])).toBeNull();
    expect(schemaTooNew(known, [{ hash: 'a', createdAt: 100 }])).toBeNull();
    expect(
      schemaTooNew(known, [
        { hash: 'a', createdAt: 100 },
        { hash: 'b', createdAt: 200 },
      ]),
    ).toBeNull();
  });
  it('names a migration newer than the last one known, in one line', () => {
    const reason = schemaTooNew(known, [
      { hash: 'a', createdAt: 100 },
      { hash: 'b', createdAt: 200 },
      { hash: 'c', createdAt: 300 },
    ]);
    expect(reason).toMatch(
      /^The database schema is newer than this code \(1 migration\(s\) up to 1970-01-01T00:00:00\.300Z unknown here\)/,
    );
    expect(reason).not.toContain('\n');
  });
});

/**
 * The migration that cleans configured URLs stored whole: a database of the release before it, with a
 * keyed URL in every stored text that takes one (provenance, run warnings and errors, stale reasons,
 * alerts, corrections), has the key nowhere after it, and each URL reads as the one rule shows it.
 */
describe('the configured-URL clean-up migration', () => {
  const KEY = 'SECRET-KEY-9f8e7d';
  const llama = `https://pro-api.llama.fi/${KEY}`;
  const TEXTS: Record<string, Record<string, string>> = {
    ingest_runs: {
      warnings: JSON.stringify([
        `defillama-history: ${llama}/stablecoincharts/all: status 500`,
        `${llama}/stablecoincharts/Ethereum: status 429; retry 1 in 20 ms`,
      ]),
      errors: JSON.stringify([`USDT: ${llama}/stablecoin/1: answer exceeds the 20971520-byte cap`]),
      reason: `failed at https://user:${KEY}@rpc.example.com/v2 and ${llama}/protocol/ondo?apikey=${KEY}`,
    },
    ingest_observations: { api_url: `${llama}/stablecoin/1`, price_note: `as reported at ${llama}/stablecoin/1 (fetched today)` },
    ingest_history: { api_url: `${llama}/stablecoincharts/all` },
    chart_points: { source: `${llama}/protocol/ondo ${llama}/stablecoincharts/all` },
    network_series: { source: `${llama}/stablecoincharts/Ethereum` },
    assets: {
      stale: JSON.stringify({ since: '2026-01-01', ageHours: 30, chains: ['ethereum'], reason: `${llama}/stablecoin/1: status 500` }),
    },
    dataset_meta: { value: JSON.stringify({ 'USDT|ethereum': `${llama}/stablecoin/1: status 500` }) },
    corrections: { before: `${llama}/stablecoin/1`, after: `${llama}/stablecoin/1`, reason: `read again from ${llama}/stablecoin/1` },
    alert_events: { title: `USDT depeg at ${llama}/stablecoin/1`, evidence: JSON.stringify({ apiUrl: `${llama}/stablecoin/1` }) },
    published_cells: {
      note: `${llama}/stablecoin/1: status 500`,
      api_url: `${llama}/stablecoin/1`,
      others: JSON.stringify([{ source: 'defillama-protocol', apiUrl: `${llama}/protocol/ondo` }]),
    },
    published_runs: { stale_cells: JSON.stringify([{ reason: `${llama}/stablecoin/1: status 500` }]) },
  };
  /** Texts the rule already allows, which the migration leaves as they were. */
  const KEPT = [
    'https://stablecoins.llama.fi/stablecoincharts/all',
    'https://pro-api.llama.fi/…/stablecoin/1',
    'https://horizon.stellar.org/assets?asset_code=BENJI&asset_issuer=GABC',
    'http://127.0.0.1:9/…/view 0x1::coin::supply at ledger version 3',
  ];

  it('leaves the key in no table, each URL as scheme, host, "/…" and the path the code added, and purges the CDN once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rwa-scrub-'));
    const before = join(dir, 'before');
    try {
      // The release before: every migration but the clean-up.
      cpSync(MIGRATIONS, before, { recursive: true });
      const journal = JSON.parse(readFileSync(join(before, 'meta/_journal.json'), 'utf8'));
      const scrub = journal.entries.find((e: { tag: string }) => e.tag.endsWith('_scrub_configured_urls'));
      journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < scrub.idx);
      writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify(journal));
      for (const f of readdirSync(before)) if (f.endsWith('.sql') && Number(f.slice(0, 4)) >= scrub.idx) rmSync(join(before, f));
      const url = `file:${join(dir, 'app.db')}`;
      const { client, db } = openDatabase({ url });
      try {
        await migrate(db, { migrationsFolder: before });
        // One row per table: each text column named above holds its text, every other required column a filler.
        for (const [table, texts] of Object.entries(TEXTS)) {
          const columns = (await client.execute(`PRAGMA table_info(${table})`)).rows;
          const names: string[] = [];
          const values: Array<string | number> = [];
          for (const c of columns) {
            const name = String(c.name);
            if (name in texts) values.push(texts[name]);
            else if (Number(c.notnull) && c.dflt_value === null && !(Number(c.pk) && String(c.type).toUpperCase() === 'INTEGER'))
              values.push(/INT|REAL/i.test(String(c.type)) ? 1 : 'x');
            else continue;
            names.push(name);
          }
          await client.execute({
            sql: `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
            args: values,
          });
        }
        await client.execute({
          sql: 'INSERT INTO network_series (metric, date, network, value, source) VALUES (?, ?, ?, ?, ?)',
          args: ['m', 'd2', 'n', 1, KEPT.join(' ')],
        });
        // Its figures were published already: the start seeds nothing over the rows above.
        await client.execute(`INSERT INTO dataset_meta (key, value) VALUES ('seeded:analytics', '"2026-01-01"')`);
        // A start migrates it, and asks the CDN to drop what it cached from the old rows; the next start does not.
        const purges: string[][] = [];
        const start = () =>
          prepareDatabase({ database: { url }, admin: { password: 'a-long-enough-password' } }, undefined, async (tags) =>
            purges.push([...tags]),
          );
        expect((await start()).purged).toEqual(['data']);
        expect((await start()).purged).toEqual([]);
        expect(purges).toEqual([['data']]);

        const everything: string[] = [];
        for (const { name } of (await client.execute("SELECT name FROM sqlite_master WHERE type = 'table'")).rows)
          for (const row of (await client.execute(`SELECT * FROM "${String(name)}"`)).rows) everything.push(JSON.stringify(row));
        expect(everything.join('\n')).not.toContain(KEY);
        expect(everything.some((r) => r.includes('__url_scrub'))).toBe(false);
        const one = async (sql: string) => String((await client.execute(sql)).rows[0][0]);
        expect(JSON.parse(await one('SELECT warnings FROM ingest_runs'))).toEqual([
          'defillama-history: https://pro-api.llama.fi/…/stablecoincharts/all: status 500',
          'https://pro-api.llama.fi/…/stablecoincharts/Ethereum: status 429; retry 1 in 20 ms',
        ]);
        expect(await one('SELECT reason FROM ingest_runs')).toBe(
          'failed at https://rpc.example.com/… and https://pro-api.llama.fi/…/protocol/ondo',
        );
        expect(await one('SELECT api_url FROM ingest_history')).toBe('https://pro-api.llama.fi/…/stablecoincharts/all');
        expect(await one('SELECT source FROM chart_points')).toBe(
          'https://pro-api.llama.fi/…/protocol/ondo https://pro-api.llama.fi/…/stablecoincharts/all',
        );
        expect(JSON.parse(await one('SELECT stale FROM assets')).reason).toBe('https://pro-api.llama.fi/…/stablecoin/1: status 500');
        expect(await one("SELECT source FROM network_series WHERE date = 'd2'")).toBe(KEPT.join(' '));
      } finally {
        client.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('purges nothing on a new database: it has served no answer a CDN could keep', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rwa-new-'));
    try {
      const purges: string[][] = [];
      const setup = await prepareDatabase(
        { database: { url: `file:${join(dir, 'app.db')}` }, admin: { password: 'a-long-enough-password' } },
        undefined,
        async (tags) => purges.push([...tags]),
      );
      expect(setup.purged).toEqual([]);
      expect(purges).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A database of the release before migration `suffix`: every migration up to it, none after. */
async function releaseBefore(dir: string, suffix: string): Promise<string> {
  const before = join(dir, 'before');
  cpSync(MIGRATIONS, before, { recursive: true });
  const journal = JSON.parse(readFileSync(join(before, 'meta/_journal.json'), 'utf8'));
  const cut = journal.entries.find((e: { tag: string }) => e.tag.endsWith(suffix));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < cut.idx);
  writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify(journal));
  for (const f of readdirSync(before)) if (f.endsWith('.sql') && Number(f.slice(0, 4)) >= cut.idx) rmSync(join(before, f));
  const url = `file:${join(dir, 'app.db')}`;
  const { client, db } = openDatabase({ url });
  try {
    await migrate(db, { migrationsFolder: before });
  } finally {
    client.close();
  }
  return url;
}

/**
 * The migration that moves a run's state out of dataset_meta's untyped keys into its published_runs
 * row, on real libSQL files of the release before it: the served facts read the same after the deploy,
 * and dataset_meta keeps the setup's keys only.
 */
describe('the run rows migration', () => {
  const DAY = '2026-11-20';
  const overview = { totalRWAValue: '1234.5', totalAssetIssuers: 3, changes30d: { totalRWAValue: 1.5 } };
  const stale = [{ asset: 'BUIDL', chain: 'polygon', since: '2026-11-19', ageHours: 30, reason: 'rpc down' }];
  const comparison = [{ assetClass: 'U.S. Treasuries', live: 1000, snapshot: 2000, share: 50 }];
  const key = (k: string, v: unknown) => ({ sql: 'INSERT INTO dataset_meta (key, value) VALUES (?, ?)', args: [k, JSON.stringify(v)] });
  const start = (url: string) =>
    prepareDatabase({ database: { url }, admin: { password: 'a-long-enough-password' } }, undefined, async () => []);

  it('moves the keys of a run published before the read model into its row, and builds its cells once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rwa-run-rows-'));
    try {
      const url = await releaseBefore(dir, '_run_rows');
      const { client } = openDatabase({ url });
      try {
        await client.batch(
          [
            `INSERT INTO ingest_runs (id, started_at, finished_at, status, as_of) VALUES (6, '${DAY}T01:00:00.000Z', '${DAY}T01:05:00.000Z', 'published', '${DAY}')`,
            `INSERT INTO ingest_runs (id, started_at, finished_at, status, as_of) VALUES (7, '${DAY}T02:00:00.000Z', '${DAY}T02:05:00.000Z', 'published', '${DAY}')`,
            `INSERT INTO ingest_observations (run_id, date, asset_symbol, chain, source, supply, price, value, fetched_at, accepted) VALUES (7, '${DAY}', 'BUIDL', 'ethereum', 'evm', '500', 1, 500, '${DAY}T02:01:00.000Z', 1)`,
            key('seeded:analytics', '2026-01-01'),
            key('content:fingerprint', 'abc'),
            key('asOf', DAY),
            key('publishedRun', 7),
            key('marketOverview', overview),
            key('staleCells', stale),
            key('indexing', { 'BUIDL|ethereum': 40 }),
            key('methodVersion', 1),
            key('snapshotComparison', comparison),
          ],
          'write',
        );
        await start(url);
        // The columns the keys move into (later columns, such as the run's holdings, start at their defaults).
        const run = (
          await client.execute(
            'SELECT run_id, as_of, published_at, method_version, stale_cells, indexing, overview, snapshot_comparison FROM published_runs',
          )
        ).rows.map((r) => ({ ...r }));
        expect(run).toEqual([
          {
            run_id: 7,
            as_of: DAY,
            published_at: `${DAY}T02:05:00.000Z`,
            method_version: 1,
            stale_cells: JSON.stringify(stale),
            indexing: JSON.stringify({ 'BUIDL|ethereum': 40 }),
            overview: JSON.stringify(overview),
            snapshot_comparison: JSON.stringify(comparison),
          },
        ]);
        // The typed reader gives what the keys gave.
        const { servedRun } = await import('#lib/server/figures/run-state.ts');
        const reader = openDatabase({ url });
        expect(await servedRun(reader.db)).toMatchObject({ runId: 7, asOf: DAY, overview, staleCells: stale });
        reader.client.close();
        // The next publish carries the indexing progress from the newest run's record.
        expect((await client.execute('SELECT id, indexing FROM ingest_runs ORDER BY id')).rows.map((r) => [r.id, r.indexing])).toEqual([
          [6, null],
          [7, JSON.stringify({ 'BUIDL|ethereum': 40 })],
        ]);
        // The setup's and the content's keys stay; no run key, no marker left.
        expect((await client.execute('SELECT key FROM dataset_meta ORDER BY key')).rows.map((r) => r.key)).toEqual([
          'content:fingerprint',
          'seeded:analytics',
        ]);
        // The read model of the run was built from the rows it accepted, with the indexing share it published.
        const cells = (await client.execute('SELECT asset, chain, value, state, note FROM published_cells')).rows.map((r) => ({ ...r }));
        expect(cells).toEqual([{ asset: 'BUIDL', chain: 'ethereum', value: 500, state: 'indexing', note: 'indexing, 40%' }]);
        // Once: a later start changes nothing.
        await client.execute('UPDATE published_cells SET value = 499');
        await start(url);
        expect((await client.execute('SELECT value FROM published_cells')).rows.map((r) => r.value)).toEqual([499]);
      } finally {
        client.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the rows of a database published since, drops the keys that repeated them, and leaves a snapshot database its keys', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rwa-run-rows-'));
    try {
      const published = await releaseBefore(join(dir, 'a'), '_run_rows');
      const snapshot = await releaseBefore(join(dir, 'b'), '_run_rows');
      const a = openDatabase({ url: published }).client;
      const b = openDatabase({ url: snapshot }).client;
      try {
        await a.batch(
          [
            `INSERT INTO published_runs (run_id, as_of, published_at, method_version, stale_cells, indexing, overview) VALUES (9, '${DAY}', '${DAY}T03:00:00.000Z', 1, '[]', '{}', '${JSON.stringify(overview)}')`,
            `INSERT INTO published_cells (date, asset, chain, source, supply, value, state, receipt_run_id, read_date) VALUES ('${DAY}', 'BUIDL', 'ethereum', 'evm', '7', 7, 'fresh', 9, '${DAY}')`,
            key('seeded:analytics', '2026-01-01'),
            key('asOf', DAY),
            key('publishedRun', 9),
            key('marketOverview', { totalRWAValue: 'stale copy' }),
            key('methodVersion', 1),
          ],
          'write',
        );
        await b.batch([key('seeded:analytics', '2026-01-01'), key('asOf', '2025-09-12'), key('marketOverview', overview)], 'write');
        await start(published);
        await start(snapshot);
        expect((await a.execute('SELECT run_id, overview FROM published_runs')).rows.map((r) => [r.run_id, r.overview])).toEqual([
          [9, JSON.stringify(overview)],
        ]);
        expect((await a.execute('SELECT value FROM published_cells')).rows.map((r) => r.value)).toEqual([7]);
        expect((await a.execute("SELECT key FROM dataset_meta WHERE key NOT LIKE 'seeded:%'")).rows).toEqual([]);
        // Never published: no row, and the snapshot's as-of day and overview stay its keys.
        expect((await b.execute('SELECT run_id FROM published_runs')).rows).toEqual([]);
        expect((await b.execute("SELECT key FROM dataset_meta WHERE key NOT LIKE 'seeded:%' ORDER BY key")).rows.map((r) => r.key)).toEqual(
          ['asOf', 'marketOverview'],
        );
      } finally {
        a.close();
        b.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
