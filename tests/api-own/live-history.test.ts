/**
 * The history charts and changes on the real built server and a fresh database, with DefiLlama replayed on
 * loopback in its documented shapes (tests/fixtures/defillama: `/stablecoin/1`,
 * `/stablecoincharts/all`, `/stablecoincharts/Ethereum`, `/protocol/test-fund`):
 * - before any run, every chart, change and table drawn from the snapshot's synthetic detail says
 *   "Illustrative" on the element itself, and the API marks those figures `illustrative`;
 * - a run takes the charts' history from the history APIs, each point with its source;
 * - after the run, a walk of every public endpoint (pages from the sitemap, the API with every id
 *   and view, CSV and JSON downloads, og images, the feed) finds no `illustrative` origin, no
 *   illustrative label and none of the snapshot's synthetic values;
 * - the APIs are configured with a key in their path (DefiLlama's paid plan): the key is on no page,
 *   in no API answer or download, in the feed, the logs or any row of the database.
 */
import { createServer, type Server } from 'node:http';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/local-chains.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { runIngestCli } from '../support/ingest.ts';
import { NETWORK_METRICS } from '#lib/shared/analytics-types.ts';
import { CARD } from '#lib/server/og/image.ts';
import { byId, byTestId } from '../support/html.ts';
import { createClient } from '@libsql/client';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'tests/fixtures/defillama');
const DATE = '2026-01-09';
const ROUTES: Record<string, string> = {
  '/stablecoin/1': 'stablecoin-1.json',
  '/stablecoincharts/all': 'stablecoincharts-all.json',
  '/stablecoincharts/Ethereum': 'stablecoincharts-Ethereum.json',
  '/protocol/test-fund': 'protocol-test-fund.json',
};
const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));
/** The close of `day` in a history answer: the row stamped 00:00 UTC of the next day. */
const closeStamp = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000 + 86_400;
const pegSum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
const marketOn = (file: string, day: string) =>
  pegSum(fixture(file).find((r: { date: string }) => Number(r.date) === closeStamp(day)).totalCirculatingUSD);
const fundOn = (day: string) =>
  fixture('protocol-test-fund.json').chainTvls.Ethereum.tvl.find((r: { date: number }) => r.date === closeStamp(day)).totalLiquidityUSD;

/** A key in the configured URLs' path: shown nowhere (pages, API, downloads, feed, logs, the database). */
const SECRET = 'SECRET-KEY-5e4d3c2b1a';
let api: Server;
let apiUrl: string;
/** The run's output (the operator's terminal). */
let runLog = '';
let server: RunningServer;
let registryFile: string;

const get = async (path: string) => {
  const res = await fetch(server.baseUrl + path);
  expect(res.status, path).toBe(200);
  return res;
};
const json = async (path: string) => (await get(path)).json();
const text = async (path: string) => (await get(path)).text();
/** The HTML of the element with this id and its children (the label sits in the card's header). */
const section = byId;

beforeAll(async () => {
  api = createServer((req, res) => {
    // The APIs answer under a secret path only, as DefiLlama's paid plan puts the key in the path.
    const file = (req.url ?? '').startsWith(`/${SECRET}/`) ? ROUTES[(req.url ?? '').slice(SECRET.length + 1)] : undefined;
    if (!file) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(readFileSync(join(FIXTURES, file)));
  });
  const port = await freePort();
  await new Promise<void>((ok) => api.listen(port, '127.0.0.1', ok));
  apiUrl = `http://127.0.0.1:${port}`;
  registryFile = join(mkdtempSync(join(tmpdir(), 'rwa-registry-')), 'registry.json');
  writeFileSync(
    registryFile,
    JSON.stringify({
      chains: { ethereum: { chainId: 1, name: 'Ethereum', rpcEnv: 'RPC_URL_ETHEREUM', explorer: 'https://etherscan.io' } },
      assets: [
        {
          symbol: 'USDT',
          name: 'Tether USD',
          issuer: 'Tether',
          assetClass: 'Stablecoins',
          source: 'defillama',
          defillamaId: 1,
          price: { kind: 'fixed', usd: '1.00' },
          // Tether's published treasury (unreleased supply) is excluded, as the registry requires.
          deployments: [
            {
              chain: 'ethereum',
              address: '0xdac17f958d2ee523a2206206994597c13d831ec7',
              startBlock: 0,
              excludeHolders: ['0x5754284f345afc66a98fbb0a0afe71e0f007b949'],
            },
          ],
        },
        {
          symbol: 'TFUND',
          name: 'Test Treasury Fund',
          issuer: 'Test Asset Management',
          assetClass: 'U.S. Treasuries',
          source: 'defillama-protocol',
          defillamaProtocol: { slug: 'test-fund' },
          price: { kind: 'unavailable' },
          deployments: [],
        },
      ],
    }),
  );
  server = await startServer({ env: { INGEST_REGISTRY: registryFile } });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await new Promise((ok) => api?.close(ok));
});

describe('before any run: the snapshot, with its synthetic detail labelled where it is shown', () => {
  const LABEL = 'Illustrative: synthetic detail around the 12 Sep 2025 snapshot';

  it('labels the home chart, transfers, league table and 7-day changes, and the networks charts and changes', async () => {
    const home = await text('/');
    for (const id of ['rwa-value', 'top-transfers', 'league-table', 'government-securities', 'stablecoins']) {
      const el = section(home, id);
      expect(el, id).toContain('data-origin="illustrative"');
      expect(el, id).toContain(LABEL);
      expect(el, id).toContain('href="/sources#snapshot"');
    }
    // The cards are the spec's dated figures: no label there.
    expect(byTestId(home, 'metric-cards')).not.toContain('data-origin');
    const networks = await text('/networks');
    for (const id of ['network-metrics', 'network-table']) expect(section(networks, id), id).toContain(LABEL);
    expect(section(await text('/networks/ethereum'), 'network-history')).toContain(LABEL);
    const buidl = await text('/assets/buidl');
    expect(byTestId(buidl, 'figure-change-7d')).toContain(LABEL);
    expect(section(buidl, 'asset-transfers')).toContain(LABEL);
  });

  it('marks every API figure with its origin: the dated figures snapshot, the synthetic detail illustrative', async () => {
    expect((await json('/api/market-overview')).origin).toBe('snapshot');
    const chart = await json('/api/chart-data');
    expect(chart.at(-1)).toMatchObject({ date: '2025-09-12', origin: 'snapshot', source: null });
    expect(chart.slice(0, -1).every((p: { origin: string }) => p.origin === 'illustrative')).toBe(true);
    const assets = await json('/api/assets');
    expect(
      assets.every((a: { origin: string; change7dOrigin: string }) => a.origin === 'snapshot' && a.change7dOrigin === 'illustrative'),
    ).toBe(true);
    const transfers = await json('/api/transfers?days=30');
    expect(transfers.length).toBeGreaterThan(0);
    expect(transfers.every((t: { origin: string }) => t.origin === 'illustrative')).toBe(true);
    const series = await json('/api/networks/time-series?metricType=tokenized-asset-value');
    expect(series.at(-1).origin).toBe('snapshot');
    expect(series[0].origin).toBe('illustrative');
    expect((await json('/api/stablecoins')).origin).toBe('snapshot');
  });
});

describe('a run takes the history from the public history APIs', () => {
  beforeAll(async () => {
    const r = await runIngestCli(['--date', DATE, '--source', 'defillama,defillama-protocol,defillama-history'], {
      DATABASE_URL: server.databaseUrl,
      INGEST_REGISTRY: registryFile,
      DEFILLAMA_STABLECOINS_URL: `${apiUrl}/${SECRET}`,
      DEFILLAMA_TVL_URL: `${apiUrl}/${SECRET}`,
    });
    runLog = r.stdout + r.stderr;
    expect(r.code, runLog).toBe(0);
  }, 120_000);

  it('draws the stacked chart from the stablecoin market and the protocol history, each point with its source', async () => {
    const chart = await json('/api/chart-data');
    const dates = chart.map((p: { date: string }) => p.date);
    // Month ends of the history, every day of the last 31, the day read: nothing between is invented.
    expect(dates.slice(0, 3)).toEqual(['2025-09-30', '2025-10-31', '2025-11-30']);
    expect(dates).not.toContain('2025-11-15');
    expect(dates).toContain('2025-12-15');
    expect(dates.at(-1)).toBe(DATE);
    expect(chart.every((p: { origin: string }) => p.origin === 'live')).toBe(true);
    const oct = chart.find((p: { date: string }) => p.date === '2025-10-31');
    expect(Number(oct.stablecoins)).toBeCloseTo(marketOn('stablecoincharts-all.json', '2025-10-31') / 1e9, 9);
    expect(Number(oct.usTreasuryDebt)).toBeCloseTo(fundOn('2025-10-31') / 1e9, 9);
    // Each URL as the one rule shows it: the configured path (the key) left out.
    expect(oct.source).toContain(`${apiUrl}/…/stablecoincharts/all`);
    expect(oct.source).toContain(`${apiUrl}/…/protocol/test-fund`);
    // The day read: the fund from the run's own read of the protocol, the stablecoins from the market total.
    const last = chart.at(-1);
    expect(last.source).toContain('ingest runs');
    expect(Number(last.usTreasuryDebt)).toBeCloseTo(fundOn(DATE) / 1e9, 9);
    expect(Number(last.stablecoins)).toBeCloseTo(marketOn('stablecoincharts-all.json', DATE) / 1e9, 9);
    // The API's intraday "now" point (1 dollar) is no close: never drawn.
    expect(chart.some((p: { stablecoins: string }) => Number(p.stablecoins) < 1)).toBe(false);

    const overview = await json('/api/market-overview');
    expect(overview.origin).toBe('live');
    expect(Number(overview.totalStablecoinValue)).toBeCloseTo(marketOn('stablecoincharts-all.json', DATE), 0);
    const then = marketOn('stablecoincharts-all.json', '2025-12-10');
    expect(overview.changes30d.totalStablecoinValue).toBeCloseTo(((overview.totalStablecoinValue - then) / then) * 100, 1);
    // The stablecoin card is the market's total, the RWA card our list's: each says so, in the API and under the card.
    const MARKET = 'every stablecoin DefiLlama lists, on every chain (its market total)';
    expect(overview.basis.totalStablecoinValue).toBe(MARKET);
    expect(overview.basis.totalRWAValue).toMatch(/^the \d+ tracked products?, each counted once; not the whole market$/);
    const cards = byTestId(await text('/'), 'metric-cards');
    expect(cards).toContain(MARKET);
    expect(cards).toContain(overview.basis.totalRWAValue);
  });

  it('draws the networks charts per chain from the per-chain stablecoin chart and the protocol history', async () => {
    const caps = await json('/api/networks/time-series?metricType=stablecoin-market-caps');
    const nov = caps.find((p: { date: string }) => p.date === '2025-11-30');
    expect(nov.origin).toBe('live');
    expect(nov.networks.Ethereum).toBeCloseTo(marketOn('stablecoincharts-Ethereum.json', '2025-11-30'), 0);
    expect(nov.sources).toEqual([`${apiUrl}/…/stablecoincharts/Ethereum`]);
    const value = await json('/api/networks/time-series?metricType=tokenized-asset-value');
    expect(value.find((p: { date: string }) => p.date === '2025-10-31').networks.Ethereum).toBeCloseTo(fundOn('2025-10-31'), 0);
    // Activity comes from logs only: no day without a read gets a zero.
    expect(await json('/api/networks/time-series?metricType=active-addresses')).toEqual([]);
  });
});

/** The snapshot's synthetic values (content/data/SOURCES.md): the generated transfers, the history before the as-of date. */
function syntheticValues(): Set<string> {
  const data = (f: string) => JSON.parse(readFileSync(join(ROOT, 'content/data', f), 'utf8'));
  const out = new Set<string>();
  // Distinctive numbers only (6+ digits): "3", "2025" or a formatted "153.85" (B) on a live page is no sign of the snapshot.
  const add = (n: unknown) => {
    if (typeof n === 'number' && n > 0 && String(n).replace(/\D/g, '').length >= 6) out.add(String(n));
  };
  for (const row of data('transfers.json').rows as unknown[][]) add(row[2]);
  for (const p of (data('chart-data.json') as Record<string, unknown>[]).slice(0, -1)) Object.values(p).forEach(add);
  const series = data('network-series.json') as { metrics: Record<string, Record<string, number[]>> };
  for (const byNetwork of Object.values(series.metrics)) for (const values of Object.values(byNetwork)) values.slice(0, -1).forEach(add);
  return out;
}

describe('after the run: nothing synthetic is served anywhere', () => {
  it('walks every public endpoint and finds no illustrative origin, label or synthetic value', async () => {
    const synthetic = syntheticValues();
    expect(synthetic.size).toBeGreaterThan(2000);
    const sitemap = await text('/sitemap.xml');
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(pages).toContain('/networks');
    const lists = [
      '/api/market-overview',
      '/api/chart-data',
      '/api/assets',
      '/api/networks',
      '/api/issuers',
      '/api/coverage',
      '/api/stablecoins',
      '/api/stablecoin-overview',
      '/api/treasuries',
      '/api/private-credit',
      ...[7, 30, 90].map((d) => `/api/transfers?days=${d}`),
      ...NETWORK_METRICS.map((m) => `/api/networks/time-series?metricType=${m}`),
    ];
    // Every id of every kind, with every view its OpenAPI path names.
    const doc = await json('/api/openapi.json');
    const views = (kind: string) =>
      Object.keys(doc.paths)
        .map((p) => new RegExp(`^/api/${kind}/\\{id\\}/([a-z-]+)$`).exec(p)?.[1])
        .filter((v): v is string => !!v);
    // A path offers CSV when its OpenAPI entry names the `format` parameter (json or csv).
    const offersCsv = (template: string) =>
      ((doc.paths[template]?.get?.parameters ?? []) as Array<{ name: string }>).some((p) => p.name === 'format');
    const csvPaths = lists.filter((p) => offersCsv(p.split('?')[0]));
    const entities: string[] = [];
    const images: string[] = [];
    for (const [kind, card] of [
      ['assets', 'asset'],
      ['networks', 'network'],
      ['issuers', 'issuer'],
    ] as const) {
      const ids = (await json(`/api/${kind}`)).map((e: { id: string }) => e.id);
      expect(ids.length, kind).toBeGreaterThan(0);
      for (const id of ids) {
        const at = `/api/${kind}/${encodeURIComponent(id)}`;
        entities.push(at, ...views(kind).map((v) => `${at}/${v}`));
        for (const template of [`/api/${kind}/{id}`, ...views(kind).map((v) => `/api/${kind}/{id}/${v}`)])
          if (offersCsv(template)) csvPaths.push(template.replace('{id}', encodeURIComponent(id)));
        images.push(`/og/data/${card}/${encodeURIComponent(id)}.png`);
      }
    }
    expect(csvPaths.length).toBeGreaterThan(10);
    const sep = (p: string) => (p.includes('?') ? '&' : '?');
    const downloads = [
      ...[...lists, ...entities].map((p) => `${p}${sep(p)}download=1`),
      ...csvPaths.flatMap((p) => [`${p}${sep(p)}format=csv`, `${p}${sep(p)}format=csv&download=1`]),
    ];
    const walked = [...new Set([...pages, '/', '/sources', '/rss.xml', ...lists, ...entities, ...downloads])];
    let checked = 0;
    for (const path of walked) {
      const res = await fetch(server.baseUrl + path);
      expect(res.status, path).toBe(200);
      const body = await res.text();
      expect(body, path).not.toContain('data-origin="illustrative"');
      expect(body, path).not.toMatch(/"origin":\s*"illustrative"|&quot;origin&quot;:&quot;illustrative&quot;|(^|,)illustrative(,|\r?$)/m);
      expect(body, path).not.toContain('Illustrative: synthetic detail');
      expect(body, path).not.toContain(SECRET);
      const found = (body.match(/\d+(?:\.\d+)?/g) ?? []).filter((n) => synthetic.has(n));
      expect(found, `${path} serves the snapshot's synthetic values`).toEqual([]);
      checked++;
    }
    // The snapshot file's 7-day changes (too short to find by value) are gone from every asset page, served or not.
    for (const id of (await json('/api/assets')).map((a: { id: string }) => a.id).concat(['buidl', 'benji'])) {
      const page = await json(`/api/assets/${id}`);
      for (const f of ['marketCap', 'change7d', 'change30d', 'supply', 'holders', 'price'])
        expect(page[f].origin, `${id} ${f}`).not.toBe('illustrative');
      expect(page.change7d.value === null || page.change7d.origin === 'live', id).toBe(true);
    }
    // Each social card is a PNG of the card's size, drawn for its own page: no two are the same picture.
    const cards = new Map<string, string>();
    for (const path of images) {
      const res = await fetch(server.baseUrl + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain('image/png');
      const png = Buffer.from(await res.arrayBuffer());
      expect(png.subarray(0, 8).toString('hex'), path).toBe('89504e470d0a1a0a');
      expect(png.subarray(12, 16).toString('ascii'), path).toBe('IHDR');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], path).toEqual([CARD.width, CARD.height]);
      const hash = createHash('sha256').update(png).digest('hex');
      expect(cards.get(hash), `${path} is the same picture as`).toBeUndefined();
      cards.set(hash, path);
    }
    expect(cards.size).toBe(images.length);
    expect(checked).toBeGreaterThan(100);
  }, 300_000);

  it("finds the configured URLs' key in no log and no row of the database", async () => {
    expect(runLog).toContain('defillama-history');
    expect(runLog).not.toContain(SECRET);
    expect(server.output()).not.toContain(SECRET);
    const db = createClient({ url: server.databaseUrl });
    try {
      const tables = (await db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")).rows.map((r) => String(r.name));
      expect(tables).toContain('chart_points');
      for (const table of tables)
        for (const row of (await db.execute(`SELECT * FROM "${table}"`)).rows) expect(JSON.stringify(row), table).not.toContain(SECRET);
    } finally {
      db.close();
    }
  });
});
