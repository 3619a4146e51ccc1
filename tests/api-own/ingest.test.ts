/**
 * Live data end to end on real parts, offline: two Anvil chains with solc-compiled contracts
 * (scripts/lib/ingest-scenario.ts), `npm run ingest` as a child process, and the real built server
 * on the same libSQL file. The published figures are asserted to the unit against what the
 * scenario did on chain; then a +60% jump trips the circuit breaker and a missing or unreachable
 * RPC URL fails naming its chain, both leaving the published figures as they were; a malformed
 * RPC URL or ingest variable is named before anything is read.
 *
 * The same scenario server and run carry the receipts and the correction log (receipts-suite.ts) and
 * the open-data pages (open-data-live-suite.ts): each of the three files started both chains, their
 * contracts, a server and the run of days 0-2 for itself (about 10 s of CPU each). The order keeps
 * what each reads: everything asserted of days 0-2 first; then day 3's jump, which this file and
 * the open-data pages both assert on; then the failing runs; the day restated for the correction
 * log and the head read last, since they change the registry and the as-of date.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playJump, WALLETS, type Scenario } from '../../scripts/lib/ingest-scenario.ts';
import type { RunningServer } from '../support/server.ts';
import { getOk, runIngestCli, startScenarioServer, type ScenarioServer } from '../support/ingest.ts';
import { correctionsSuite, receiptsSuite } from './receipts-suite.ts';
import { heldFigureSuite, openDataLiveSuite, type HeldJump } from './open-data-live-suite.ts';

let scenarioServer: ScenarioServer;
let s: Scenario;
let server: RunningServer;
let env: Record<string, string>;
let jump: HeldJump & { day: string };

const get = (path: string) => getOk(server.baseUrl, path);

beforeAll(async () => {
  // The server lists the same registry on /sources.
  scenarioServer = await startScenarioServer();
  ({ scenario: s, server, env } = scenarioServer);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await s?.stop();
});

describe('npm run ingest against two local chains', () => {
  it('serves the snapshot before any run, and says so at start', async () => {
    expect((await get('/api/market-overview')).asOf).toBe('2025-09-12');
    expect(server.output()).toContain('serving the embedded snapshot as of 2025-09-12');
  });

  it('publishes the on-chain figures of the three days', async () => {
    const r = await runIngestCli(['--from', s.days[0], '--to', s.days[2]], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`published, as of ${s.days[2]}`);
    expect(r.stdout).toMatch(/evm ethereum TBILL: supply 300000 at block \d+/);
    // The first published run says, per asset class, how it compares with the snapshot it replaces.
    expect(r.stdout).toMatch(/first run vs snapshot: U\.S\. Treasuries: \$0\.000B live, \$\d+\.\d{3}B in the snapshot \(0%\)/);
  }, 60_000);

  it('/api/market-overview: RWA value, holders, issuers and stablecoins to the unit, as of the last day', async () => {
    // TBILL: 1,250,000 minted on Ethereum - 50,000 bridged out - the treasury's 900,000 = 300,000, plus 50,000 on Arbitrum;
    // GOLD: 100 x $2,650.50. Holders, unique per asset across chains: alice, bob, dave (TBILL; alice holds it on both
    // chains and counts once), bob, carol (GOLD).
    expect(await get('/api/market-overview')).toEqual({
      totalRWAValue: '615050',
      totalAssetHolders: 5,
      totalRWAHolders: 5,
      totalAssetIssuers: 2,
      totalStablecoinValue: '5000000',
      asOf: s.days[2],
      // No figure 30 days earlier: the changes are unavailable, not the snapshot's fixed texts.
      changes30d: { totalRWAValue: null, totalAssetHolders: null, totalStablecoinValue: null },
      // Each total says what it counts: two RWA products have a value (USDX has one on Arbitrum alone).
      basis: {
        totalRWAValue: 'the 2 tracked products, each counted once; not the whole market',
        totalStablecoinValue: 'the 1 tracked stablecoin; not the whole market',
      },
      origin: 'live',
    });
  });

  it('/api/networks: value, asset count and share per chain; the 30-day change is unavailable without that history', async () => {
    expect(await get('/api/networks')).toEqual([
      {
        id: 'ethereum',
        name: 'Ethereum',
        iconUrl: '/icons/networks/ethereum.svg',
        rwaCount: 2,
        totalValue: '565050',
        marketShare: 91.87,
        change30d: null,
        origin: 'live',
        change30dOrigin: 'live',
      },
      {
        id: 'arbitrum',
        name: 'Arbitrum',
        iconUrl: '/icons/networks/arbitrum.svg',
        rwaCount: 1,
        totalValue: '50000',
        marketShare: 8.13,
        change30d: null,
        origin: 'live',
        change30dOrigin: 'live',
      },
    ]);
  });

  it('/api/assets: market caps, largest first, with no invented 7-day change', async () => {
    expect(await get('/api/assets')).toEqual([
      {
        symbol: 'USDX',
        name: 'Test Dollar',
        assetClass: 'Stablecoins',
        marketCap: '5000000',
        change7d: null,
        id: 'usdx',
        url: '/assets/usdx',
        origin: 'live',
        change7dOrigin: 'live',
      },
      {
        symbol: 'TBILL',
        name: 'Test Treasury Bill Fund',
        assetClass: 'U.S. Treasuries',
        marketCap: '350000',
        change7d: null,
        id: 'tbill',
        url: '/assets/tbill',
        origin: 'live',
        change7dOrigin: 'live',
      },
      {
        symbol: 'GOLD',
        name: 'Test Gold',
        assetClass: 'Commodities',
        marketCap: '265050',
        change7d: null,
        id: 'gold',
        url: '/assets/gold',
        origin: 'live',
        change7dOrigin: 'live',
      },
    ]);
  });

  it('the read model: one published row per day, product and chain, and totals of those rows equal to what the API serves', async () => {
    const db = createClient({ url: server.databaseUrl });
    try {
      const [run] = (await db.execute('SELECT run_id, as_of, method_version FROM published_runs ORDER BY run_id DESC LIMIT 1')).rows;
      expect(run.as_of).toBe(s.days[2]);
      // The run's state is its row alone: dataset_meta keeps the snapshot's and the setup's keys, none of a run's.
      const keys = (await db.execute('SELECT key FROM dataset_meta ORDER BY key')).rows.map((r) => String(r.key));
      expect(keys.filter((k) => ['publishedRun', 'staleCells', 'snapshotComparison', 'indexing', 'methodVersion'].includes(k))).toEqual([]);
      const cells = (
        await db.execute({
          sql: 'SELECT asset, chain, source, supply, value, state FROM published_cells WHERE date = ? ORDER BY asset, chain',
          args: [s.days[2]],
        })
      ).rows.map((r) => ({ ...r }));
      expect(cells).toContainEqual({ asset: 'TBILL', chain: 'ethereum', source: 'evm', supply: '300000', value: 300000, state: 'fresh' });
      expect(cells).toContainEqual({ asset: 'TBILL', chain: 'arbitrum', source: 'evm', supply: '50000', value: 50000, state: 'fresh' });
      // Three days, each with its cells: the history pages read is the publish step's, not a re-derivation.
      const days = (await db.execute('SELECT DISTINCT date FROM published_cells ORDER BY date')).rows.map((r) => r.date);
      expect(days).toEqual(s.days);
      const total = async (kind: string, key: string) =>
        (
          await db.execute({
            sql: 'SELECT value FROM published_totals WHERE kind = ? AND key = ? AND date = ?',
            args: [kind, key, s.days[2]],
          })
        ).rows[0]?.value;
      expect(await total('market', 'rwa')).toBe(615050);
      expect(await total('product', 'TBILL')).toBe(350000);
      expect(await total('network', 'ethereum')).toBe(565050);
      expect(await total('network', 'arbitrum')).toBe(50000);
    } finally {
      db.close();
    }
  });

  it('/api/transfers: the transfers between holders with their transaction hashes; mints, burns and releases from the treasury left out', async () => {
    const rows = await get('/api/transfers?days=7');
    expect(
      rows.map((t: Record<string, unknown>) => ({
        txHash: t.txHash,
        assetSymbol: t.assetSymbol,
        usdAmount: t.usdAmount,
        network: t.network,
      })),
    ).toEqual(s.transfers.filter((t) => t.usdAmount !== 100_000));
    for (const t of rows) expect(t.date.slice(0, 10) >= s.days[1] && t.date.slice(0, 10) <= s.days[2]).toBe(true);
  });

  it('the network series and chart data come from the same observations', async () => {
    const read = { origin: 'live', sources: ['ingest runs: the chain and API reads of the day'] };
    const series = await get('/api/networks/time-series?metricType=tokenized-asset-value');
    expect(series.at(-1)).toEqual({ date: s.days[2], networks: { Ethereum: 565050, Arbitrum: 50000 }, ...read });
    const holders = await get('/api/networks/time-series?metricType=rwa-holders');
    expect(holders.at(-1)).toEqual({ date: s.days[2], networks: { Ethereum: 5, Arbitrum: 1 }, ...read });
    const stable = await get('/api/networks/time-series?metricType=stablecoin-market-caps');
    expect(stable.at(-1)).toEqual({ date: s.days[2], networks: { Arbitrum: 5000000 }, ...read });
    const chart = await get('/api/chart-data');
    expect(chart.map((p: { date: string }) => p.date)).toEqual(s.days);
    // Billions, four decimals as the API serves them.
    const last = chart.at(-1);
    expect(Number(last.usTreasuryDebt)).toBeCloseTo(350_000 / 1e9, 3);
    expect(Number(last.commodities)).toBeCloseTo(265_050 / 1e9, 3);
    expect(last.stablecoins).toBe('0.005');
    expect(last.privateCredit).toBe('0');
  });

  it("the pages show the run's as-of date, and /sources the contracts, blocks and the run", async () => {
    for (const path of ['/', '/networks']) expect(await get(path)).toContain(`datetime="${s.days[2]}"`);
    // The summary cards show the run's totals exactly, and no made-up changes.
    const home: string = await get('/');
    expect(home).toContain('$615.05K');
    expect(home).toContain('$5.00M');
    expect(home).not.toContain('+4.13%');
    // The chart legend is the run's last day per class, not the spec's fixed legend.
    expect(home).toContain('350.00K');
    expect(home).not.toContain('15.5B');
    const networks: string = await get('/networks');
    expect(networks).toContain('$615.05K');
    expect(networks).not.toContain('$278.04B');
    const html: string = await get('/sources');
    expect(html).toContain(`https://etherscan.io/token/${s.contracts.tbillA.toLowerCase()}`);
    expect(html).toContain(`https://arbiscan.io/token/${s.contracts.tbillB.toLowerCase()}`);
    const headA = Number(await s.a.pub.getBlockNumber({ cacheTime: 0 }));
    const headB = Number(await s.b.pub.getBlockNumber({ cacheTime: 0 }));
    expect(html).toContain(`data-block="${headA}"`);
    expect(html).toContain(`data-block="${headB}"`);
    expect(html).toContain(WALLETS.treasury);
    expect(html).toMatch(/data-status="published"/);
    expect(html).toContain('Price feed latestRoundData()');
    // The scenario's chains stop inside the last day: its close is read at an earlier block, said so in full (25.3).
    expect(html).toMatch(
      new RegExp(
        `data-testid="early-close"><strong>Closed early</strong>: ethereum: ${s.days[2]} read before the day(?:'|&#39;)s end: the latest head was still at block ${headA}`,
      ),
    );
    expect(html).toMatch(/data-testid="snapshot-comparison"[\s\S]*data-class="Commodities"/);
  });

  it('the asset-class pages and their API serve the run too: same as-of date, tracked assets, unavailable where no source gives a figure', async () => {
    for (const path of ['/stablecoins', '/treasuries', '/commodities']) expect(await get(path)).toContain(`datetime="${s.days[2]}"`);
    const stable = await get('/api/stablecoins');
    expect(stable).toEqual({
      asOf: s.days[2],
      total: 1,
      stablecoins: [
        {
          name: 'Test Dollar',
          ticker: 'USDX',
          platform: 'Test Payments',
          networks: ['Arbitrum'],
          marketCap: '5000000',
          price: '1',
          peggedCurrency: 'USD',
        },
      ],
      origin: 'live',
    });
    const overview = await get('/api/stablecoin-overview');
    expect(overview).toMatchObject({
      asOf: s.days[2],
      marketCap: '5000000',
      monthlyTransferVolume: null,
      monthlyActiveAddresses: null,
      holders: 1,
      totalStablecoins: 1,
    });
    const t = await get('/api/treasuries');
    expect(t.products).toEqual([
      {
        name: 'Test Treasury Bill Fund',
        issuer: 'Test Asset Management',
        ticker: 'TBILL',
        platform: 'Test Asset Management',
        networks: ['Ethereum', 'Arbitrum'],
        marketCap: '350000',
        yieldToMaturity: null,
        eligibleInvestors: 'unavailable',
      },
    ]);
    expect(t.cards[1].value).toBe('unavailable');
  });
});

receiptsSuite(() => scenarioServer);
openDataLiveSuite(() => scenarioServer);

describe('day 3: gold jumps 11x on one chain', () => {
  beforeAll(async () => {
    const goldBefore: unknown = await get('/api/assets/gold');
    const day = await playJump(s);
    jump = { day, goldBefore, run: await runIngestCli(['--date', day], env) };
  }, 60_000);

  it('an 11x jump of one asset on one chain is held by the per-asset breaker; the rest publishes, the held figure is never served', async () => {
    const { day: day3, run: r } = jump;
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'held: GOLD|ethereum: circuit breaker: GOLD on ethereum: a jump above the 5× bound over its last published figure ($265.05K)',
    );
    const o = await get('/api/market-overview');
    expect(o.asOf).toBe(day3);
    // GOLD keeps its published 265,050; TBILL on Arbitrum moves to 60,000.
    expect(o.totalRWAValue).toBe('625050');
    const assets = await get('/api/assets');
    const gold = assets.find((a: { symbol: string }) => a.symbol === 'GOLD');
    expect(gold.marketCap).toBe('265050');
    expect(gold.stale).toMatchObject({ since: s.days[2], chains: ['ethereum'] });
    expect(gold.stale.reason).toContain('circuit breaker');
    const tbill = assets.find((a: { symbol: string }) => a.symbol === 'TBILL');
    expect(tbill.marketCap).toBe('360000');
    expect(tbill).not.toHaveProperty('stale');
    expect(tbill).not.toHaveProperty('priceFlag');
    // The held observation is never history: the chart's last day carries the published gold value.
    const chart = await get('/api/chart-data');
    expect(Number(chart.at(-1).commodities)).toBeCloseTo(265_050 / 1e9, 3);
    const html: string = await get('/sources');
    expect(html).toMatch(/data-asset="GOLD" data-chain="ethereum">[\s\S]*?data-stale=/);
    expect(html).not.toContain('supply 1100');
  }, 60_000);

  heldFigureSuite(
    () => scenarioServer,
    () => jump,
  );
});

describe('npm run ingest after day 3: older days, chains down, bad settings', () => {
  it('re-reading an older day adds history but never moves the site back to an older as-of date', async () => {
    const r = await runIngestCli(['--date', s.days[0]], env);
    expect(r.code).toBe(0);
    const day3 = new Date(s.day0 * 1000 + 3 * 86_400_000).toISOString().slice(0, 10);
    expect(r.stdout).toContain(`published, as of ${day3}`);
    const o = await get('/api/market-overview');
    expect(o.asOf).toBe(day3);
    expect(o.totalRWAValue).toBe('625050');
  }, 60_000);

  it('one chain down is one chain stale: a missing RPC URL names the chain and its variable, the other chain publishes', async () => {
    const day3 = new Date(s.day0 * 1000 + 3 * 86_400_000).toISOString().slice(0, 10);
    const r = await runIngestCli(['--date', day3], { ...env, RPC_URL_LOCAL_B: '' });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'not read: No RPC URL for chain "arbitrum" (Arbitrum): set RPC_URL_LOCAL_B or list publicRpc in the registry.',
    );
    expect(r.stdout).toMatch(new RegExp(`stale: USDX on arbitrum shows ${day3} \\(\\d+ h old\\)`));
    expect((await get('/api/market-overview')).totalRWAValue).toBe('625050');
    const usdx = (await get('/api/assets')).find((a: { symbol: string }) => a.symbol === 'USDX');
    expect(usdx.stale).toMatchObject({ since: day3, chains: ['arbitrum'] });
    expect(usdx.stale.reason).toContain('set RPC_URL_LOCAL_B');
    expect(await get('/sources')).toMatch(/data-asset="USDX" data-chain="arbitrum">[\s\S]*?<strong>stale since \d{4}-\d\d-\d\d<\/strong>/);
  }, 60_000);

  it('an unreachable chain is named and shown stale, its keyed URL nowhere; the other chain publishes', async () => {
    // A key in the user part, the path and the query, as providers put them.
    const KEY = 'SECRET-RPC-KEY-77aa';
    const r = await runIngestCli(['--date', s.days[2]], { ...env, RPC_URL_LOCAL_A: `http://u:${KEY}@127.0.0.1:9/v2/${KEY}?key=${KEY}` });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/not read: Chain "ethereum" \(Ethereum\) is unreachable at http:\/\/127\.0\.0\.1:9 \(RPC_URL_LOCAL_A\)/);
    expect(r.stdout).toMatch(/stale: TBILL on ethereum/);
    expect(r.stdout + r.stderr).not.toContain(KEY);
    for (const path of ['/sources', '/api/assets', '/assets/tbill', '/api/assets/tbill/receipt']) {
      const body: unknown = await get(path);
      expect(typeof body === 'string' ? body : JSON.stringify(body), path).not.toContain(KEY);
    }
    const db = createClient({ url: server.databaseUrl });
    try {
      for (const { name } of (await db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")).rows)
        for (const row of (await db.execute(`SELECT * FROM "${String(name)}"`)).rows)
          expect(JSON.stringify(row), String(name)).not.toContain(KEY);
    } finally {
      db.close();
    }
  }, 60_000);

  it('every chain down fails the run naming the first, without echoing a malformed URL; nothing changes', async () => {
    const before = await get('/api/market-overview');
    const r = await runIngestCli(['--date', s.days[2]], { ...env, RPC_URL_LOCAL_A: '', RPC_URL_LOCAL_B: 'localhost:8545/secret-key' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('ingest failed on chain "arbitrum"');
    expect(r.stdout).toContain('Invalid environment variable RPC_URL_LOCAL_B: expected an http(s) JSON-RPC URL');
    expect(r.stderr + r.stdout).not.toContain('secret-key');
    expect(await get('/api/market-overview')).toEqual(before);
    expect(await get('/sources')).toMatch(/data-status="failed"/);
  }, 60_000);

  it('a malformed ingest variable stops the run before it starts (exit 2), naming the variable', async () => {
    const db = createClient({ url: server.databaseUrl });
    const runs = async () => Number((await db.execute('SELECT count(*) AS n FROM ingest_runs')).rows[0].n);
    const before = await runs();
    const r = await runIngestCli(['--date', s.days[2]], { ...env, INGEST_MAX_CHANGE: 'half' });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      'ingest: Invalid environment variable INGEST_MAX_CHANGE: expected a fraction greater than 0, such as 0.5 (got "half").',
    );
    expect(await runs()).toBe(before);
    db.close();
  }, 30_000);

  it('a registry with a bad address or an unknown chain is refused, naming the entry and field', async () => {
    const bad = JSON.parse(JSON.stringify(s.registry));
    bad.assets[0].deployments[0].address = '0x1234';
    bad.assets[1].deployments[0].chain = 'constructor';
    const file = join(mkdtempSync(join(tmpdir(), 'rwa-registry-')), 'bad.json');
    writeFileSync(file, JSON.stringify(bad));
    const r = await runIngestCli(['--date', s.days[2]], { ...env, INGEST_REGISTRY: file });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('assets[0] (TBILL) deployments[0].address: must be a 0x-prefixed 20-byte hex address');
    expect(r.stderr).toContain('assets[1] (GOLD) deployments[0].chain: unknown chain "constructor"');
  }, 30_000);
});

correctionsSuite(() => scenarioServer);
