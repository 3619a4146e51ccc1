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

describe('the read model at start', () => {
  it('is rebuilt from the last published run of a database published before it, and not made for one never published', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rwa-read-model-'));
    const url = `file:${join(dir, 'app.db')}`;
    const setup = () => prepareDatabase({ database: { url }, admin: { password: 'a-long-enough-password' } }, undefined, async () => []);
    const { client } = openDatabase({ url });
    try {
      await setup();
      expect((await client.execute('SELECT run_id FROM published_runs')).rows).toEqual([]);
      // What a run published before the read model existed left: its id beside the snapshot's date, no published_runs row.
      await client.execute(`INSERT INTO dataset_meta (key, value) VALUES ('publishedRun', '7')`);
      await setup();
      expect((await client.execute('SELECT run_id FROM published_runs')).rows.map((r) => r.run_id)).toEqual([7]);
    } finally {
      client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
