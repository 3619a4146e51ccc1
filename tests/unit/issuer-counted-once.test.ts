/**
 * Counted once on the issuer pages: on a real libSQL file with a published run, an issuer whose
 * fund holds another tracked fund totals it only beyond that holding, today and in its history,
 * while the fund's own market cap in the issuer's list stays whole; the held fund's issuer totals it
 * in full. The registry states a share (FOF: 90% HELD) and names FOF's wallet; the run measured the
 * wallet on the second day only. The pages show the totals publish decided (buildTotals, as the
 * publish step runs it): the stated share the first day, the measured holding (50%) the second.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { assets, ingestObservations, publishedCells, publishedRuns, publishedTotals } from '#db/schema/index.ts';
import { parseRegistry } from '#lib/server/catalogue/registry.ts';
import { buildTotals } from '#lib/server/ingest/derive/read-model.ts';
import type { Holding } from '#lib/shared/schemas/holdings.ts';

const dir = mkdtempSync(join(tmpdir(), 'rwa-issuer-once-'));
const url = `file:${join(dir, 'app.db')}`;
const registryFile = join(dir, 'registry.json');
const address = (d: string) => '0x' + d.repeat(40);
const WALLET = '0x' + 'f1'.repeat(20);
const registryJson = {
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
      heldByFunds: [
        { fund: 'FOF', chain: 'ethereum', address: WALLET, source: 'FOF reserve report' },
        { fund: 'FOF', share: '0.9', source: 'FOF documents' },
      ],
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
    {
      // The same issuer spelled another way (the same page id): its totals are the issuer's too.
      symbol: 'SIDE',
      name: 'Side fund',
      issuer: 'Small Co.',
      assetClass: 'U.S. Treasuries',
      price: { kind: 'fixed', usd: '1.00' },
      deployments: [{ chain: 'ethereum', address: address('4') }],
    },
  ],
};
writeFileSync(registryFile, JSON.stringify(registryJson));
// The app's database and registry are read from the environment on first use.
process.env.DATABASE_URL = url;
process.env.INGEST_REGISTRY = registryFile;
const { loadIssuerPage, loadIssuers } = await import('#lib/server/open-data/issuer-page.ts');

const opened = openDatabase({ url });
const DAY0 = '2026-11-23';
const DAY = '2026-11-24';
beforeAll(async () => {
  await migrateDatabase(opened.db, opened.client, url);
  await opened.db
    .insert(publishedRuns)
    .values({ runId: 1, asOf: DAY, publishedAt: `${DAY}T12:00:00.000Z`, methodVersion: 1, overview: {} });
  await opened.db.insert(assets).values([
    { symbol: 'HELD', name: 'Held fund', assetClass: 'U.S. Treasuries', marketCap: 1000, change7d: null },
    { symbol: 'FOF', name: 'Fund of funds', assetClass: 'U.S. Treasuries', marketCap: 1000, change7d: null },
    { symbol: 'SIDE', name: 'Side fund', assetClass: 'U.S. Treasuries', marketCap: 50, change7d: null },
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
  const cell = (asset: string, chain: string, value: number, date = DAY) => ({
    date,
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
  const cells = [
    ...[DAY0, DAY].flatMap((d) => [
      cell('HELD', 'ethereum', 1000, d),
      cell('FOF', 'ethereum', 600, d),
      cell('FOF', 'polygon', 400, d),
      cell('SIDE', 'ethereum', 50, d),
    ]),
  ];
  await opened.db.insert(publishedCells).values(cells);
  // The second day's measured holding: FOF's wallet held 500 HELD (half of FOF's 1,000).
  const measured: Holding = {
    date: DAY,
    holder: 'FOF',
    holderKind: 'fund',
    wallet: WALLET,
    walletName: null,
    asset: 'HELD',
    chain: 'ethereum',
    basis: 'measured',
    balance: '500',
    value: 500,
    share: null,
    holderValue: 1000,
    blockNumber: 100,
    receiptRunId: 1,
    source: 'FOF reserve report',
    note: null,
  };
  await opened.db.insert(publishedTotals).values(buildTotals(cells, parseRegistry(registryJson), [measured]));
});
afterAll(() => opened.client.close());

describe('issuer totals count a fund-of-funds once', () => {
  it('the issuers list: the holding fund’s issuer totals it beyond the measured holding, the held fund’s in full', async () => {
    const { issuers } = await loadIssuers();
    const total = Object.fromEntries(issuers.map((i) => [i.name, i.totalMarketCap]));
    expect(total['Small Co']).toBe(550);
    expect(total['Big Co']).toBe(1000);
  });

  it("the issuer page: the same total, a history of the published totals (stated share, then measured), and the fund's own market cap whole", async () => {
    const page = (await loadIssuerPage('small-co'))!;
    expect(page.issuer.totalMarketCap).toBe(550);
    expect(page.history).toEqual([
      { date: DAY0, totalMarketCap: 150 },
      { date: DAY, totalMarketCap: 550 },
    ]);
    expect(page.assets.map((a) => [a.symbol, a.marketCap])).toEqual([
      ['FOF', 1000],
      ['SIDE', 50],
    ]);
  });
});
