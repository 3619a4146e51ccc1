/**
 * Without a run, the site speaks with one voice: every page of the sitemap, every download they
 * link and every API answer gives each product the same name and the same figure (the snapshot
 * dataset's), and the spec's fixed texts, the only figures allowed to differ, are where the spec
 * puts them. The shared server has no run, so this is the snapshot's walk.
 */
import { describe, expect, inject, it } from 'vitest';
import { compare, csvRows, htmlSightings, rowSightings, type Canonical, type Sighting } from '../support/figure-walk.ts';
import { visibleText } from '../support/visible-text.ts';
import { SPEC_FIXED_TEXTS } from '#lib/shared/spec-fixed.ts';

const base = inject('baseUrl');

async function get(path: string): Promise<Response> {
  const res = await fetch(base + path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return res;
}
const json = async <T = Record<string, unknown>>(path: string) => (await (await get(path)).json()) as T;

/** Runs f over the items, a few at a time (the shared server serves the other files too). */
async function each<T, U>(items: T[], f: (item: T) => Promise<U>, width = 6): Promise<U[]> {
  const out: U[] = new Array<U>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await f(items[i]);
      }
    }),
  );
  return out;
}

type Row = Record<string, unknown>;

describe('the snapshot: one voice (no run)', () => {
  // Every page, download and answer, read one after another: on a busy machine (the API lane runs
  // beside the browser tests) it took 68 s of a fresh-clone run.
  it('gives each product one name and one figure on every page, download and API answer', { timeout: 240_000 }, async () => {
    // The catalog's list: every product the site knows, by page id, as the /assets download gives it.
    const catalog = await json<Row[]>('/assets?format=json');
    const idBySymbol = new Map(catalog.map((a) => [String(a.symbol).toLowerCase(), String(a.id)]));
    const idOf = (symbol: string) => idBySymbol.get(symbol.toLowerCase());
    const canonical = new Map<string, Canonical>(
      catalog.map((a) => [
        String(a.id),
        { name: String(a.name), symbol: String(a.symbol), figures: { marketCap: a.marketCap === null ? null : Number(a.marketCap) } },
      ]),
    );

    // Each network's products, with their value there, as its API answers.
    const networks = await json<Row[]>('/api/networks');
    const networkAnswers = await each(networks, (n) => json<{ assets: Row[] }>(`/api/networks/${String(n.id)}`));
    networks.forEach((n, i) => {
      for (const a of networkAnswers[i].assets) {
        const c = canonical.get(String(a.id));
        if (c) c.figures[`valueOnChain@${String(n.id)}`] = a.valueOnChain === null ? null : Number(a.valueOnChain);
      }
    });

    const sightings: Sighting[] = [];
    networks.forEach((n, i) =>
      sightings.push(...rowSightings(`/api/networks/${String(n.id)}`, networkAnswers[i].assets, idOf, { network: String(n.id) })),
    );

    // Every page of the sitemap, and every download a page links.
    const sitemap = await (await get('/sitemap.xml')).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(pages.length).toBeGreaterThan(50);
    const downloads = new Set<string>();
    await each(pages, async (path) => {
      const html = await (await get(path)).text();
      const network = /^\/networks\/([^/]+)$/.exec(path)?.[1];
      sightings.push(...htmlSightings(path, html, network));
      for (const m of html.matchAll(/href="([^"]*[?&](?:amp;)?format=(?:csv|json)[^"]*)"/g)) downloads.add(m[1].replace(/&amp;/g, '&'));
    });
    expect(downloads.size).toBeGreaterThan(20);
    await each([...downloads], async (href) => {
      const res = await get(href);
      const body = await res.text();
      const network = /^\/networks\/([^/?]+)/.exec(href)?.[1];
      const rows = href.includes('format=csv') ? csvRows(body) : (JSON.parse(body) as unknown);
      if (Array.isArray(rows)) sightings.push(...rowSightings(href, rows as Row[], idOf, { network }));
    });

    // The API answers: the asset list, each asset and issuer, the class pages' answers, the search.
    sightings.push(...rowSightings('/api/assets', await json<Row[]>('/api/assets'), idOf));
    await each(catalog, async (a) => {
      const page = await json<{ asset: Row; marketCap: { value: string | null } }>(`/api/assets/${String(a.id)}`);
      sightings.push({ place: `/api/assets/${String(a.id)}`, key: String(a.id), name: String(page.asset.name) });
      sightings.push({
        place: `/api/assets/${String(a.id)}`,
        key: String(a.id),
        measure: 'marketCap',
        value: page.marketCap.value === null ? null : Number(page.marketCap.value),
      });
    });
    const issuers = await json<Row[]>('/api/issuers');
    await each(issuers, async (i) =>
      sightings.push(
        ...rowSightings(`/api/issuers/${String(i.id)}`, (await json<{ assets: Row[] }>(`/api/issuers/${String(i.id)}`)).assets, idOf),
      ),
    );
    const classAnswers = {
      stablecoins: (await json<{ stablecoins: Row[] }>('/api/stablecoins')).stablecoins,
      treasuries: (await json<{ products: Row[] }>('/api/treasuries')).products,
      pools: (await json<{ pools: Row[] }>('/api/private-credit')).pools.filter((p) => p.product !== undefined),
    };
    // Every row of the class answers is a product the site lists (none is left out of the comparison).
    for (const r of [...classAnswers.stablecoins, ...classAnswers.treasuries])
      expect(idOf(String(r.ticker)), String(r.ticker)).toBeDefined();
    expect(classAnswers.pools.length).toBeGreaterThan(0);
    sightings.push(...rowSightings('/api/stablecoins', classAnswers.stablecoins, idOf));
    sightings.push(...rowSightings('/api/treasuries', classAnswers.treasuries, idOf));
    sightings.push(...rowSightings('/api/private-credit pools', classAnswers.pools, idOf, { valueField: 'principalOutstanding' }));
    for (const a of catalog.slice(0, 12)) {
      const found = await json<{ results: { title: string; url: string }[] }>(`/api/search?q=${encodeURIComponent(String(a.symbol))}`);
      const hit = found.results.find((r) => r.url === a.url);
      expect(hit, `search for ${String(a.symbol)}`).toBeDefined();
      sightings.push({ place: `/api/search?q=${String(a.symbol)}`, key: String(a.id), name: hit!.title.replace(/ \([^)]*\)$/, '') });
    }

    // Enough was seen for the comparison to mean something: every product with a figure on its
    // class page, its asset page and the lists.
    const places = (key: string) =>
      new Set(sightings.filter((s) => s.key === key && s.measure === 'marketCap').map((s) => s.place.split(' ')[0]));
    for (const key of ['usdt', 'usdc', 'kau', 'usdtb', 'tbill', 'usyc', 'fdit', 'syrupusdt'])
      expect(places(key).size, key).toBeGreaterThanOrEqual(5);
    expect([...places('tbill')]).toContain('/networks/ethereum');

    expect(compare(canonical, sightings)).toEqual([]);
  });

  it("shows each of the spec's fixed texts where the spec puts it, and names them on /sources", async () => {
    const byPage = new Map<string, string>();
    for (const page of new Set(SPEC_FIXED_TEXTS.map((t) => t.page))) byPage.set(page, visibleText(await (await get(page)).text()));
    for (const t of SPEC_FIXED_TEXTS)
      for (const token of t.text.split(' ')) expect(byPage.get(t.page), `${t.page} ${t.place}`).toContain(token);
    const sources = visibleText(await (await get('/sources')).text());
    for (const t of SPEC_FIXED_TEXTS) expect(sources, t.place).toContain(`${t.place} ${t.text}`);
  });

  it('marks every change from synthetic detail "Illustrative", on the pages, in the downloads and in the answers', async () => {
    // The commodities table's 24-hour changes, the home lists' 7-day ones, the networks table's 30-day ones.
    const section = (html: string, id: string) =>
      html.slice(html.indexOf(`id="${id}"`), html.indexOf('</section>', html.indexOf(`id="${id}"`)));
    const commodities = await (await get('/commodities')).text();
    expect(section(commodities, 'commodities-table')).toMatch(/%<\/td>/);
    expect(section(commodities, 'commodities-table')).toContain('data-origin="illustrative"');
    expect(section(commodities, 'commodities-table')).toContain('(24h changes)');
    expect(section(await (await get('/networks')).text(), 'network-table')).toContain('data-origin="illustrative"');
    // The CSV downloads say it beside each change, as the JSON does.
    for (const [path, change, origin] of [
      ['/api/assets?format=csv', 'change7d', 'change7dOrigin'],
      ['/api/networks?format=csv', 'change30d', 'change30dOrigin'],
      ['/networks?format=csv', 'change30d', 'change30dOrigin'],
    ]) {
      const rows = csvRows(await (await get(path)).text());
      const changed = rows.filter((r) => r[change] !== '');
      expect(changed.length, path).toBeGreaterThan(0);
      for (const r of changed) expect(r[origin], `${path} ${String(r.id)}`).toBe('illustrative');
    }
    // The overview's totals are known without a run: never a made-up 0, and no live change beside the spec's fixed ones.
    const overview = await json('/api/market-overview');
    expect(Number(overview.totalRWAValue)).toBeGreaterThan(0);
    expect(overview.changes30d).toBeUndefined();
  });

  it('/api/assets says how many products it holds, how many the site lists, and where they all are', async () => {
    const res = await get('/api/assets');
    const rows = (await res.json()) as Row[];
    const catalog = await json<Row[]>('/assets?format=json');
    expect(Number(res.headers.get('X-Total-Count'))).toBe(rows.length);
    expect(Number(res.headers.get('X-Products-Listed'))).toBe(catalog.length);
    expect(catalog.length).toBeGreaterThan(rows.length);
    expect(res.headers.get('Link')).toContain('</assets?format=json>');
    expect(res.headers.get('Access-Control-Expose-Headers')).toContain('X-Products-Listed');
    // With a limit and a class, the count is of the class's matches, not of the rows sent.
    const limited = await get('/api/assets?assetClass=Stablecoins&limit=3');
    expect(((await limited.json()) as Row[]).length).toBe(3);
    expect(Number(limited.headers.get('X-Total-Count'))).toBe(rows.filter((r) => r.assetClass === 'Stablecoins').length);
    // The OpenAPI document says so too.
    const doc = await json<{ paths: Record<string, { get: { responses: Record<string, { headers?: Record<string, unknown> }> } }> }>(
      '/api/openapi.json',
    );
    expect(Object.keys(doc.paths['/api/assets'].get.responses['200'].headers ?? {})).toEqual([
      'X-Total-Count',
      'X-Products-Listed',
      'Link',
    ]);
  });
});
