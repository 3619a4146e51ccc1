/**
 * A fresh install's first start, as `npm start` runs it: the built server on
 * an EMPTY database, no `npm run ingest`, and no configuration but where the public endpoints are.
 * The registry (the scenario's two chains, scripts/lib/ingest-scenario.ts) lists each chain's public
 * RPC endpoints: first a loopback endpoint that answers 503 (recording what it was asked, and holding
 * its answers until the first page is taken, so the run cannot publish before it), then the Anvil
 * node (so the fallback to the next endpoint is exercised and seen); DefiLlama's stablecoins API is a loopback replay of its documented
 * shape (tests/fixtures/defillama, dates moved to yesterday). The server starts its own run, head
 * first (`--auto --head`): within 3 minutes, `/`, `/networks`, `/assets/tbill` and
 * `/api/market-overview` show today's figures at the chains' heads with their block, beside
 * DefiLlama's figure at yesterday's close, shown with that date (counted once), and no age note.
 *
 * The chains get fresh blocks at the current time after the scenario is played, so the default
 * finalized head and head-age bound apply (no INGEST_HEAD_TAG / INGEST_MAX_HEAD_AGE here).
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startScenario, type Scenario } from '../../scripts/lib/ingest-scenario.ts';
import { mineBlocks } from '../../scripts/lib/local-chains.ts';
import { closedPort, freePort } from '../../scripts/lib/free-port.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { openPage, useBrowser } from '../support/browser.ts';
import { getOk } from '../support/ingest.ts';
import { DAY_MS, dayEnd, isoDay } from '#lib/shared/utc-day.ts';
import { formatCurrency, formatLongDate, formatMillions } from '#lib/shared/format.ts';
import { byTestId } from '../support/html.ts';
import { AXE_DESKTOP, AXE_PHONE, axeContext, axeWalk } from './axe.ts';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/defillama');
/** Arbitrum's tokenized value after the run: TBILL's 50,000 bridged there at $1 (USDX is a stablecoin, not in it). */
const ARBITRUM_LIVE_VALUE = 50_000;
const browser = useBrowser();
const today = isoDay(Date.now());
const yesterday = isoDay(Date.now() - DAY_MS);
let s: Scenario;
let server: RunningServer;
let llama: Server;
const llamaAsked: string[] = [];
/** Each chain's first public endpoint: a 503 on loopback. What it was asked (by path: one per chain). */
let dead: Server;
const deadAsked: string[] = [];
let firstPageTaken: () => void;
const firstPage = new Promise<void>((ok) => (firstPageTaken = ok));

/** DefiLlama's `/stablecoin/2` (USDC, in the OpenAPI file's spelling), its last row moved to yesterday's close. */
function usdcReplay(): string {
  const doc = JSON.parse(readFileSync(join(FIXTURES, 'stablecoin-2.json'), 'utf8')) as {
    chainCirculating: Record<string, { tokens: Array<{ date: number | string }> }>;
  };
  const rows = Object.values(doc.chainCirculating).flatMap((c) => c.tokens);
  const shift = dayEnd(yesterday) / 1000 - Math.max(...rows.map((r) => Number(r.date)));
  for (const r of rows) r.date = Number(r.date) + shift;
  return JSON.stringify(doc);
}

async function rpc(url: string, method: string, params: unknown[]): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { error?: { message?: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
}

beforeAll(async () => {
  // Day 2 of the scenario is yesterday: the day a first run measures.
  s = await startScenario(3);
  // Today's blocks: a head minutes old, well past 64 blocks of yesterday's close.
  const start = Math.max(Math.floor(Date.now() / 1000) - 600, Math.floor(dayEnd(yesterday) / 1000) + 1);
  for (const url of [s.env.RPC_URL_LOCAL_A, s.env.RPC_URL_LOCAL_B]) {
    await rpc(url, 'evm_setNextBlockTimestamp', [start]);
    await mineBlocks({ url }, 100, 1);
  }
  const body = usdcReplay();
  llama = createServer((req, res) => {
    llamaAsked.push(req.url ?? '');
    if (req.url === '/stablecoin/2') return void res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
  });
  const llamaPort = await freePort();
  await new Promise<void>((ok) => llama.listen(llamaPort, '127.0.0.1', ok));
  const closed = `http://127.0.0.1:${await closedPort()}`;
  dead = createServer((req, res) => {
    deadAsked.push(req.url ?? '');
    req.resume();
    void firstPage.then(() => res.writeHead(503, { 'content-type': 'text/plain' }).end('unavailable'));
  });
  const deadPort = await freePort();
  await new Promise<void>((ok) => dead.listen(deadPort, '127.0.0.1', ok));
  const source = 'https://chainlist.org/';
  const registry = s.registry as { chains: Record<string, Record<string, unknown>>; assets: unknown[] };
  registry.chains.ethereum.publicRpc = [
    { url: `http://127.0.0.1:${deadPort}/ethereum`, source },
    { url: s.env.RPC_URL_LOCAL_A, source },
  ];
  registry.chains.arbitrum.publicRpc = [
    { url: `http://127.0.0.1:${deadPort}/arbitrum`, source },
    { url: s.env.RPC_URL_LOCAL_B, source },
  ];
  registry.assets.push({
    symbol: 'USDC',
    name: 'USD Coin',
    issuer: 'Circle',
    assetClass: 'Stablecoins',
    source: 'defillama',
    defillamaId: 2,
    price: { kind: 'fixed', usd: '1.00' },
    deployments: [{ chain: 'ethereum', address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', startBlock: 0, excludeHolders: [] }],
  });
  const registryFile = join(mkdtempSync(join(tmpdir(), 'rwa-registry-')), 'registry.json');
  writeFileSync(registryFile, JSON.stringify(registry, null, 2));
  server = await startServer({
    // A fresh install's first start is the subject: not a copy of the run's prepared database.
    fresh: true,
    env: {
      INGEST_AUTO: 'on',
      INGEST_REGISTRY: registryFile,
      DEFILLAMA_STABLECOINS_URL: `http://127.0.0.1:${llamaPort}`,
      DEFILLAMA_TVL_URL: closed,
      QUIET_START: '',
    },
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await s?.stop();
  if (llama) await new Promise((ok) => llama.close(ok));
  if (dead) await new Promise((ok) => dead.close(ok));
});

describe('npm start on an empty database, online', () => {
  it('answers at once with the snapshot, then serves the live figures of its own first run within 3 minutes', async () => {
    // The first page answers while the run starts: the snapshot (dated 12 Sep 2025), not an error nor a wait.
    const first = await fetch(server.baseUrl + '/');
    firstPageTaken();
    expect(first.status).toBe(200);
    const asOf = byTestId(await first.text(), 'data-as-of');
    expect(asOf).toContain('datetime="2025-09-12"');
    expect(asOf).toMatch(/days old: snapshot/);

    const overview = await vi.waitFor(
      async () => {
        const o = await getOk(server.baseUrl, '/api/market-overview');
        // Head first: the first run publishes today's figures, not yesterday's close.
        if (o.asOf !== today) throw new Error(`still ${o.asOf}; log:\n${server.output().slice(-2000)}`);
        return o;
      },
      { timeout: 180_000, interval: 1000 },
    );
    // TBILL 300,000 on Ethereum (900,000 held by the issuer's treasury) + 50,000 bridged to Arbitrum, GOLD 100 x $2,650.50.
    expect(Number(overview.totalRWAValue)).toBeCloseTo(615_050, 2);
    // USDX 5,000,000 on Arbitrum (on chain); USDC from DefiLlama: 45,000,000,000 on Ethereum and 4,250,000,000 on Base.
    // DefiLlama's figure is yesterday's close, published today beside the heads' figures, counted once.
    expect(Number(overview.totalStablecoinValue)).toBeCloseTo(49_255_000_000, 0);
    expect(llamaAsked).toContain('/stablecoin/2');
    // Read at the heads, published before the logs are read (the log phase's lines come after).
    // The log phase comes after the publish this test waited for: on a busy machine its line may not be written yet.
    await vi.waitFor(
      () =>
        expect(server.output()).toMatch(
          /evm ethereum: head block \d+[\s\S]*published: the figures read \(run 1\)[\s\S]*ethereum: blocks 0-/,
        ),
      { timeout: 60_000, interval: 250 },
    );
    // USDC's figure keeps its own date: read at yesterday's close (DefiLlama), never relabelled as today's.
    const list = (await getOk(server.baseUrl, '/api/assets')) as Array<{
      symbol: string;
      marketCap: string;
      stale?: { since: string; reason: string };
    }>;
    const usdc = list.find((a) => a.symbol === 'USDC')!;
    expect(Number(usdc.marketCap)).toBeCloseTo(49_250_000_000, 0);
    expect(usdc.stale?.since).toBe(yesterday);
    expect(usdc.stale?.reason).toMatch(/read at the close of .*defillama/);
    expect(list.find((a) => a.symbol === 'TBILL')?.stale).toBeUndefined();
    expect(server.output()).toMatch(/a live run starts in the background/);
    // The line comes when the run's process has ended, a moment after its publish.
    await vi.waitFor(() => expect(server.output()).toMatch(/Data: now serving ingest run \d+ as of/), { timeout: 30_000 });

    const tbill = await getOk(server.baseUrl, '/api/assets/tbill');
    expect(tbill.live).toBe(true);
    expect(tbill.chains.map((c: { chain: string }) => c.chain).sort()).toEqual(['arbitrum', 'ethereum']);
    for (const c of tbill.chains) expect(c.blockNumber).toBeGreaterThan(0);
    // Each chain's first public endpoint was asked and failed; its figures came from the second.
    expect(new Set(deadAsked)).toEqual(new Set(['/ethereum', '/arbitrum']));
  }, 200_000);

  it('shows the live figures on /, /networks and /assets/tbill, dated today, without an age note', async () => {
    const date = formatLongDate(today);
    // Arbitrum's row shows the run's own figure for it (the snapshot's is hundreds of millions).
    const arbitrum = ((await getOk(server.baseUrl, '/api/networks')) as Array<{ id: string; totalValue: string; origin: string }>).find(
      (n) => n.id === 'arbitrum',
    )!;
    expect(arbitrum.origin).toBe('live');
    expect(Number(arbitrum.totalValue)).toBeCloseTo(ARBITRUM_LIVE_VALUE, 2);
    // One tab, moved from page to page; /networks's one load carries its row check too.
    const { page, errors, close } = await openPage(browser(), server.baseUrl, '/');
    for (const path of ['/', '/networks']) {
      if (path !== '/') await page.goto(path);
      const asOf = page.getByTestId('data-as-of');
      await expect.poll(() => asOf.innerText()).toContain(`Data as of ${date}`);
      expect(await asOf.innerText()).not.toMatch(/days old/);
      expect(await page.getByTestId('data-age').getAttribute('data-days')).toBe('0');
      // Current figures: their age in words, and no notice across the top.
      expect(await asOf.innerText()).toContain('from today');
      expect(await page.getByTestId('freshness-notice').count()).toBe(0);
      const text = await page.locator('main').innerText();
      expect(text).not.toMatch(/illustrative/i);
    }
    const row = page.getByTestId('network-row').filter({ has: page.getByRole('link', { name: 'Arbitrum', exact: true }) });
    await expect.poll(() => row.innerText()).toContain(formatMillions(arbitrum.totalValue));

    await page.goto('/assets/tbill');
    const text = await page.locator('main').innerText();
    expect(text).toContain(formatCurrency(350_000));
    // Each chain's figure names its block.
    expect(text).toMatch(/block\s+[\d,]+/i);
    expect(text).not.toMatch(/illustrative/i);
    expect(errors).toEqual([]);
    await close();
  }, 60_000);

  it('passes axe at 1440 and 390 px, dark and light, on the pages a run fills: class pages with product links, entity pages with receipts', async () => {
    const issuers = (await getOk(server.baseUrl, '/api/issuers')) as Array<{ url: string }>;
    const paths = [
      '/',
      '/treasuries',
      '/stablecoins',
      '/commodities',
      '/assets/tbill',
      '/assets/tbill/receipt',
      '/networks/ethereum',
      issuers[0].url,
    ];
    expect(issuers[0].url).toMatch(/^\/issuers\/[\w-]+$/);
    // One walk: each page loaded once and checked at both widths, in both themes (tests/e2e/axe.ts).
    const context = await axeContext(browser(), server.baseUrl, AXE_DESKTOP);
    const walked = await axeWalk(
      await context.newPage(),
      paths.map((path) => ({ path, status: 200 })),
    );
    await context.close();
    expect(walked.found).toEqual([]);
    const both = { dark: paths.length, light: paths.length };
    expect(walked.themes).toEqual({ [AXE_DESKTOP.width]: both, [AXE_PHONE.width]: both });
  }, 240_000);
});
