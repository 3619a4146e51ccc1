/**
 * Counted once on the issuer pages: on a real libSQL file with a published run, an
 * issuer whose fund holds another tracked fund by share (FOF: 90% HELD) totals it only beyond that
 * holding, today and in its history, while the fund's own market cap in the issuer's list stays
 * whole; the held fund's issuer totals it in full.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { assets, ingestObservations, publishedCells, publishedRuns } from '#db/schema/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'rwa-issuer-once-'));
const url = `file:${join(dir, 'app.db')}`;
const registryFile = join(dir, 'registry.json');
const address = (d: string) => '0x' + d.repeat(40);
writeFileSync(
  registryFile,
  JSON.stringify({
    chains: {
      ethereum: { chainId: 1, name: 'Ethereum', rpcEnv: 'RPC_URL_ETHEREUM' },
      polygon: { chainId: 137, name: 'Polygon', rpcEnv: 'RPC_URL_POLYGON' },
    },
    assets: [
      {
        symbol: 'HELD',
        name: 'Held fund',
        issuer: 'Big Co',
        assetClass: 'U.S. Treasuries',
        price: { kind: 'fixed', usd: '1.00' },
        deployments: [{ chain: 'ethereum', address: address('1') }],
        heldByFunds: [{ fund: 'FOF', share: '0.9', source: 'FOF documents' }],
      },
      {
        symbol: 'FOF',
        name: 'Fund of funds',
        issuer: 'Small Co',
        assetClass: 'U.S. Treasuries',
        price: { kind: 'fixed', usd: '1.00' },
        deployments: [
          { chain: 'ethereum', address: address('2') },
          { chain: 'polygon', address: address('3') },
        ],
      },
    ],
  }),
);
// The app's database and registry are read from the environment on first use.
process.env.DATABASE_URL = url;
process.env.INGEST_REGISTRY = registryFile;
const { loadIssuerPage, loadIssuers } = await import('#lib/server/open-data/issuer-page.ts');

const opened = openDatabase({ url });
const DAY = '2026-11-24';
beforeAll(async () => {
  await migrateDatabase(opened.db, opened.client, url);
  await opened.db
    .insert(publishedRuns)
    .values({ runId: 1, asOf: DAY, publishedAt: `${DAY}T12:00:00.000Z`, methodVersion: 1, overview: {} });
  await opened.db.insert(assets).values([
    { symbol: 'HELD', name: 'Held fund', assetClass: 'U.S. Treasuries', marketCap: 1000, change7d: null },
    { symbol: 'FOF', name: 'Fund of funds', assetClass: 'U.S. Treasuries', marketCap: 1000, change7d: null },
  ]);
  const row = (assetSymbol: string, chain: string, value: number) => ({
    runId: 1,
    date: DAY,
    assetSymbol,
    chain,
    source: 'evm',
    supply: String(value),
    price: 1,
    value,
    holders: null,
    fetchedAt: `${DAY}T00:30:00Z`,
    accepted: true,
  });
  await opened.db
    .insert(ingestObservations)
    .values([row('HELD', 'ethereum', 1000), row('FOF', 'ethereum', 600), row('FOF', 'polygon', 400)]);
  // What publish decided from those observations: the pages read these cells, never the observations.
  const cell = (asset: string, chain: string, value: number) => ({
    date: DAY,
    asset,
    chain,
    source: 'evm',
    supply: String(value),
    price: 1,
    value,
    state: 'fresh' as const,
    receiptRunId: 1,
    readDate: DAY,
    fetchedAt: `${DAY}T00:30:00Z`,
  });
  await opened.db
    .insert(publishedCells)
    .values([cell('HELD', 'ethereum', 1000), cell('FOF', 'ethereum', 600), cell('FOF', 'polygon', 400)]);
});
afterAll(() => opened.client.close());

describe('issuer totals count a fund-of-funds once', () => {
  it('the issuers list: the holding fund’s issuer totals it beyond the held share, the held fund’s in full', async () => {
    const { issuers } = await loadIssuers();
    const total = Object.fromEntries(issuers.map((i) => [i.name, i.totalMarketCap]));
    expect(total['Small Co']).toBe(100);
    expect(total['Big Co']).toBe(1000);
  });

  it("the issuer page: the same total and history, and the fund's own market cap whole in its list", async () => {
    const page = (await loadIssuerPage('small-co'))!;
    expect(page.issuer.totalMarketCap).toBe(100);
    expect(page.history).toEqual([{ date: DAY, totalMarketCap: 100 }]);
    expect(page.assets.map((a) => [a.symbol, a.marketCap])).toEqual([['FOF', 1000]]);
  });
});
