/**
 * The open-data pages after a live run (as `npm run ingest:local` leaves them), run by
 * ingest.test.ts on its scenario server (two Anvil chains, `npm run ingest` as a child process, the
 * real built server on the same file) after its run of days 0-2. Every asset, network and issuer of
 * the API has a page whose figures equal the API's, with the observation's block, the contract and
 * the transaction links on it; after the host's day 3, whose 11x jump of gold the breaker held, no
 * answer shows the held figure.
 */
import { createClient } from '@libsql/client';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Scenario } from '../../scripts/lib/ingest-scenario.ts';
import type { RunningServer } from '../support/server.ts';
import { getOk, type CliResult, type ScenarioServer } from '../support/ingest.ts';
import { formatCurrency } from '#lib/shared/format.ts';
import { parseCsv } from '#lib/shared/csv.ts';
import { PUBLISHED_RUN_TAGS } from '#lib/server/cache/cdn.ts';
import { daysBetween, isoDay } from '#lib/shared/utc-day.ts';
import { byTestId } from '../support/html.ts';

let s: Scenario;
let server: RunningServer;

const get = (path: string) => getOk(server.baseUrl, path);

/** The day 3 run the host made: gold jumped 11x on one chain; its published figure just before. */
export interface HeldJump {
  run: CliResult;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the asset API's JSON, read as the test expects it
  goldBefore: any;
}

function useScenario(ready: () => ScenarioServer) {
  beforeAll(() => {
    ({ scenario: s, server } = ready());
  });
}

/** Read after the host's run of days 0-2, before any later run (the as-of date is day 2's). */
export function openDataLiveSuite(ready: () => ScenarioServer) {
  useScenario(ready);
  describe('open-data pages after a live run', () => {
    it('gives every served asset a page with the published market cap, per-chain blocks and its history', async () => {
      const assets = await get('/api/assets');
      expect(assets.length).toBeGreaterThan(0);
      for (const a of assets) {
        const page = await get(`/api/assets/${a.id}`);
        expect(page.live).toBe(true);
        expect(Number(page.marketCap.value)).toBe(Number(a.marketCap));
        expect(page.quality.kind).toBe('fresh');
        expect(page.snapshotNote).toBeNull();
        const html = await get(a.url);
        expect(html).toContain(formatCurrency(a.marketCap));
        // Its receipt is linked from the top of the page.
        expect(html, a.url).toMatch(new RegExp(`data-testid="asset-receipt" data-receipt="yes"[^>]*>\\s*<a href="${a.url}/receipt"`));
        // each observed chain names its block (the history ends on the as-of date with the same market cap)
        for (const c of page.chains.filter((c: { source: string }) => c.source === 'evm')) expect(c.blockNumber).toBeGreaterThan(0);
        expect(Number(page.history.at(-1).marketCap)).toBeCloseTo(Number(a.marketCap), 2);
        const csv = parseCsv(await get(`/api/assets/${a.id}/history?range=all&format=csv`));
        expect(csv.length - 1).toBe(page.history.length);
      }
    });

    it('an asset embed and a comparison draw the published history, marked live, with the figures of the asset API', async () => {
      const ids = ((await get('/api/assets')) as { id: string }[])
        .slice(0, 2)
        .map((a) => a.id)
        .sort();
      const embed = (await get(`/embed/assets/${ids[0]}?range=all`)) as string;
      expect(embed).toContain('Live: read on-chain by the published ingest run');
      expect(embed).toMatch(/<g data-series="market-cap"><path d="M[\d. L]+"/);
      const page = (await get(`/compare?assets=${ids.join(',')}&range=all&scale=indexed`)) as string;
      expect(page.match(/<g data-series="/g)?.length).toBe(2);
      const history = (await get(`/api/compare?assets=${ids.join(',')}&view=history&range=all`)) as Record<string, string | null>[];
      for (const id of ids) {
        const own = (await get(`/api/assets/${id}/history?range=all`)) as { date: string; marketCap: string | null }[];
        expect(
          history.map((h) => h[id]).filter((v) => v !== null),
          id,
        ).toEqual(own.map((h) => h.marketCap).filter((v) => v !== null));
      }
    });

    it('shows TBILL with its contract, excluded treasury wallet, price method and transaction links', async () => {
      const page = await get('/api/assets/tbill');
      const eth = page.chains.find((c: { chain: string }) => c.chain === 'ethereum');
      expect(eth.excluded.length).toBeGreaterThan(0);
      expect(eth.contract).toMatch(/^0x[0-9a-f]{40}$/);
      expect(page.price.method).toMatch(/NAV|feed|\(\)/);
      expect(page.holders.value).toBeGreaterThan(0);
      // The scenario moves TBILL on both chains: its transfers are listed, each with its transaction.
      expect(page.transfers.length).toBeGreaterThan(0);
      expect(page.transfers.every((t: { txHash: string }) => /^0x[0-9a-f]{64}$/.test(t.txHash))).toBe(true);
    });

    it('a $1-NAV fund shows its yield unknown and why, on the page, in the API and in the download, with the method (25.7)', async () => {
      const page = await get('/api/assets/tbill');
      const why = 'a $1.00-NAV fund: its price stays at $1.00, and its income is paid as new tokens or distributions, which are not read';
      expect(page.yield7d).toMatchObject({ value: null, unknown: why });
      expect(page.yield30d).toMatchObject({ value: null, unknown: why });
      expect(page.yieldMethod).toContain('Annualised from the published daily NAVs');
      // Gold is priced by a market feed, not a NAV: no yield either, and why.
      expect((await get('/api/assets/gold')).yield7d.unknown).toContain('not a fund priced by its NAV');
      const csv = parseCsv(await get('/api/assets/tbill/yield?format=csv'));
      expect(csv[0]).toEqual(['window', 'yieldPct', 'fromDate', 'fromNav', 'toDate', 'toNav', 'method', 'unknown']);
      expect(csv.slice(1).map((r) => [r[0], r[1], r[7]])).toEqual([
        ['7d', '', why],
        ['30d', '', why],
      ]);
      const html = await get(page.asset.url);
      expect(html).toContain('7-day yield (annualised)');
      expect(html).toContain(`Why: ${why}`);
    });

    it('gives every network and issuer a page whose figures equal the API', async () => {
      for (const n of await get('/api/networks')) {
        const page = await get(`/api/networks/${n.id}`);
        expect(page.network.totalValue).toBe(n.totalValue);
        expect(page.assets.length).toBe(
          n.rwaCount + page.assets.filter((a: { assetClass: string }) => a.assetClass === 'Stablecoins').length,
        );
        expect(await get(`/networks/${n.id}`)).toContain(formatCurrency(n.totalValue));
      }
      for (const i of await get('/api/issuers')) {
        const page = await get(`/api/issuers/${i.id}`);
        expect(page.issuer).toEqual(i);
      }
    });

    it('figures of a run more than a day old: every data page says how old across the top, why, and links to /sources', async () => {
      const days = daysBetween(s.days[2], isoDay(Date.now()));
      expect(days).toBeGreaterThan(1);
      for (const path of [
        '/',
        '/networks',
        '/stablecoins',
        '/private-credit',
        '/assets',
        '/issuers',
        '/assets/tbill',
        '/networks/ethereum',
      ]) {
        const html = await get(path);
        const notice = byTestId(html, 'freshness-notice');
        expect(notice, path).toContain(`${days} days old: no run since`);
        expect(notice, path).toContain('href="/sources#runs"');
        expect(byTestId(html, 'data-as-of'), path).toContain(`${days} days old: no run since`);
      }
    });

    it('every route kind that shows figures carries a tag a published run purges, so the purge reaches it', async () => {
      const issuer = (await get('/api/issuers'))[0];
      const routes = [
        ['/', '/networks', '/networks/ethereum', '/api/networks', '/api/networks/ethereum', '/api/networks/ethereum/history?format=csv'],
        ['/assets', '/assets/gold', '/api/assets', '/api/assets?format=csv', '/api/assets/gold', '/api/assets/gold/chains?format=csv'],
        [
          '/issuers',
          issuer.url,
          '/api/issuers',
          '/api/issuers?format=csv',
          `/api/issuers/${issuer.id}`,
          `/api/issuers/${issuer.id}/assets`,
        ],
        ['/commodities', '/stablecoins', '/treasuries', '/api/stablecoins', '/api/treasuries', '/api/market-overview', '/api/chart-data'],
        ['/sources', '/api/coverage', '/docs/api', '/og/data/asset/gold.png', '/og/data/network/ethereum.png'],
        ['/assets/gold/receipt', '/api/assets/gold/receipt', '/corrections', '/api/corrections'],
        ['/alerts', '/api/alerts', '/api/alerts/feed.atom', '/api/alerts/feed.json', '/sitemap.xml'],
      ].flat();
      for (const path of routes) {
        const res = await fetch(server.baseUrl + path);
        await res.arrayBuffer();
        expect(res.status, path).toBe(200);
        // A shared cache may keep it (s-maxage), so the purge after a published run (netlify/functions/ingest-background.mts) must name it.
        expect(res.headers.get('cache-control'), path).toMatch(/s-maxage=[1-9]/);
        const tags = (res.headers.get('netlify-cache-tag') ?? '').split(',');
        expect(
          PUBLISHED_RUN_TAGS.some((t) => tags.includes(t)),
          `${path} is tagged ${tags.join(',') || 'with nothing'}`,
        ).toBe(true);
        expect(res.headers.get('cache-tag'), path).toBe(res.headers.get('netlify-cache-tag'));
      }
    });
  });
}

/** Read after the host's day 3 run (`jump`), which the per-asset breaker held for gold on Ethereum. */
export function heldFigureSuite(ready: () => ScenarioServer, jump: () => HeldJump) {
  useScenario(ready);
  it('says when a newer run was held by the circuit breaker, and keeps serving the published figures', async () => {
    // GOLD jumped 11x on one chain (the host's day 3): the per-asset breaker holds it while the rest publishes.
    const { goldBefore: before, run: r } = jump();
    expect(r.code).toBe(0);
    const after = await get('/api/assets/gold');
    expect(after.quality).toEqual({ kind: 'held', reason: expect.stringContaining('circuit breaker') });
    expect(after.marketCap.value).toEqual(before.marketCap.value);
    expect(await get('/assets/gold')).toContain('Held by the circuit breaker');
    // The held observation is never history on the page either.
    const history = after.history as Array<{ marketCap: string | null }>;
    expect(history.length).toBeGreaterThan(0);
    expect(Math.max(...history.map((h) => Number(h.marketCap ?? 0)))).toBeLessThanOrEqual(Number(before.marketCap.value));
  });

  it('a figure the breaker held appears on no page, in no API answer and in no download, for every route kind', async () => {
    // Runs after the held run above: GOLD's held row on Ethereum is stored, never accepted.
    const db = createClient({ url: server.databaseUrl });
    const held = (await db.execute('select asset_symbol, chain, value from ingest_observations where accepted = 0 and value is not null'))
      .rows as unknown as Array<{ asset_symbol: string; chain: string; value: number }>;
    db.close();
    expect(held.map((h) => `${h.asset_symbol}|${h.chain}`)).toContain('GOLD|ethereum');
    // Each held value in every form an answer writes it: a JSON or CSV number, grouped digits, the currency text.
    const forms = held.flatMap(({ value }) => [String(value), value.toLocaleString('en-US'), formatCurrency(value)]);
    expect(forms.length).toBeGreaterThan(0);
    const issuer = (await get('/api/issuers')).find((i: { name: string }) => i.name === 'Test Vaults');
    // The held run made its hold event: its page, the list, the feeds and the API give the reason and the published figure only.
    const hold = ((await get('/api/alerts')) as Array<{ id: string }>).find((e) => e.id.startsWith('hold-gold-ethereum-'));
    expect(hold).toBeDefined();
    const routes = [
      // assets
      '/api/assets',
      '/api/assets?format=csv',
      '/assets',
      '/api/assets/gold',
      '/assets/gold',
      '/api/assets/gold/history?range=all&format=csv',
      '/api/assets/gold/chains?format=csv',
      // networks
      '/api/networks',
      '/networks',
      '/api/networks/ethereum',
      '/networks/ethereum',
      '/api/networks/ethereum/assets?format=csv',
      '/api/networks/ethereum/assets',
      '/api/networks/ethereum/history?range=all&format=csv',
      // issuers
      '/api/issuers',
      '/api/issuers?format=csv',
      '/issuers',
      `/api/issuers/${issuer.id}`,
      issuer.url,
      `/api/issuers/${issuer.id}/history?range=all&format=csv`,
      `/api/issuers/${issuer.id}/assets?format=csv`,
      // the class pages
      '/commodities',
      '/',
      '/api/market-overview',
      '/api/chart-data',
      // sources and coverage
      '/sources',
      '/api/coverage',
      // alerts: the hold's own page and answer, the list, the feeds
      '/alerts',
      `/alerts/${hold!.id}`,
      '/api/alerts',
      `/api/alerts/${hold!.id}`,
      '/api/alerts/feed.atom',
      '/api/alerts/feed.json',
      '/api/alerts/feed.json?asset=gold',
    ];
    for (const path of routes) {
      const body = await get(path);
      // Nothing is stripped: the breaker's reason says the move as a ratio of the published figure, never the refused one.
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      for (const f of forms)
        expect(text.includes(f) ? text.slice(text.indexOf(f) - 200, text.indexOf(f) + 50) : '', `${path} shows the held figure ${f}`).toBe(
          '',
        );
    }
    // The issuer's total over time never counts the held row either (a sum would hide it from the search above).
    const page = await get(`/api/issuers/${issuer.id}`);
    for (const p of page.history as Array<{ totalMarketCap: string }>)
      expect(Number(p.totalMarketCap)).toBeLessThanOrEqual(Number(issuer.totalMarketCap));
  });
}
