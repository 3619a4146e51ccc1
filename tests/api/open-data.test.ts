import { describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const json = (p: string) => fetch(base + p).then((r) => r.json());

/** The JSON-LD blocks of a page. */
async function ldOf(path: string): Promise<Array<Record<string, unknown>>> {
  const html = await (await fetch(base + path)).text();
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

describe('open-data pages for search engines', () => {
  it('lists every asset, network and issuer page in the sitemap with the data as-of date', async () => {
    const [assets, networks, issuers, overview] = await Promise.all([
      json('/api/assets'),
      json('/api/networks'),
      json('/api/issuers'),
      json('/api/market-overview'),
    ]);
    const xml = await (await fetch(base + '/sitemap.xml')).text();
    const paths = [
      ...assets.map((a: { url: string }) => a.url),
      ...networks.map((n: { id: string }) => `/networks/${n.id}`),
      ...issuers.map((i: { url: string }) => i.url),
    ];
    for (const p of paths)
      expect(xml, p).toMatch(
        new RegExp(`${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</loc><lastmod>${overview.asOf}T00:00:00.000Z</lastmod>`),
      );
  });

  it('puts a Dataset whose CSV and JSON distributions answer, and a BreadcrumbList, on each page kind', async () => {
    const [asset] = await json('/api/assets');
    const [network] = await json('/api/networks');
    const [issuer] = await json('/api/issuers');
    for (const path of [asset.url, `/networks/${network.id}`, issuer.url]) {
      const ld = await ldOf(path);
      const dataset = ld.find((x) => x['@type'] === 'Dataset') as { distribution: { contentUrl: string; encodingFormat: string }[] };
      const crumbs = ld.find((x) => x['@type'] === 'BreadcrumbList') as { itemListElement: { item: string }[] };
      expect(dataset.distribution.length, path).toBeGreaterThanOrEqual(4);
      expect(new URL(crumbs.itemListElement.at(-1)!.item).pathname).toBe(path);
      for (const d of dataset.distribution) {
        const res = await fetch(base + new URL(d.contentUrl).pathname + new URL(d.contentUrl).search);
        expect(res.status, d.contentUrl).toBe(200);
        expect(res.headers.get('content-type'), d.contentUrl).toContain(d.encodingFormat);
        expect(res.headers.get('content-disposition'), d.contentUrl).toMatch(/^attachment; filename="[\w.-]+\.(csv|json)"$/);
      }
    }
  });

  it('answers an unknown id with 404 on pages and API, and never 500 on odd ids', async () => {
    for (const p of [
      '/assets/%00',
      '/assets/..%2f..%2fetc',
      '/networks/__proto__',
      '/issuers/constructor',
      '/api/assets/__proto__',
      '/api/issuers/x/history',
    ])
      expect((await fetch(base + p)).status, p).toBe(404);
  });

  it('names the views of each page kind in a 404, checks the range before loading, and names the file after the id, view and range', async () => {
    const [asset] = await json('/api/assets');
    const [network] = await json('/api/networks');
    const [issuer] = await json('/api/issuers');
    const cases = [
      [`/api/assets/${asset.id}`, 'history, chains, transfers, yield, concentration or reconciliation', 'asset'],
      [`/api/networks/${network.id}`, 'history or assets', 'network'],
      [`/api/issuers/${issuer.id}`, 'history or assets', 'issuer'],
    ] as const;
    for (const [path, views, noun] of cases) {
      const unknownView = await fetch(`${base}${path}/constructor`);
      expect(unknownView.status, path).toBe(404);
      expect((await unknownView.json()).message).toBe(`No such view: ${views}.`);
      const unknownId = await fetch(`${base}/api/${noun}s/no-such-${noun}/history`);
      expect((await unknownId.json()).message).toBe(`No ${noun} with this id.`);
      expect((await fetch(`${base}/api/${noun}s/no-such-${noun}/history?range=2d`)).status, 'range checked first').toBe(400);
      const file = await fetch(`${base}${path}/history?range=30d&format=csv`);
      const id = path.split('/').at(-1);
      expect(file.headers.get('content-disposition')).toMatch(new RegExp(`filename="${id}-history-30d-\\d{4}-\\d{2}-\\d{2}\\.csv"`));
    }
  });

  it('gives each page an og:image carrying its name and headline figure, served with a long cache', async () => {
    const [asset] = await json('/api/assets');
    const html = await (await fetch(base + asset.url)).text();
    const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(og).toBeDefined();
    const img = await fetch(base + new URL(og!.replace(/&amp;/g, '&')).pathname + new URL(og!.replace(/&amp;/g, '&')).search);
    expect(img.status).toBe(200);
    expect(img.headers.get('cache-control')).toMatch(/max-age=(86400|31536000)/);
    // A 1200x630 PNG drawn from the page's own figures; its alt text says what it shows.
    expect(img.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await img.arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    const alt = /<meta property="og:image:alt" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(alt).toContain(asset.symbol);
    expect(alt).toMatch(/\$\d/);
    // Unknown ids and kinds have no card, and nothing in the URL reaches the image.
    expect((await fetch(`${base}/og/data/asset/no-such-asset.png`)).status).toBe(404);
    expect((await fetch(`${base}/og/data/secret/x.png`)).status).toBe(404);
  });

  it('shows on every asset and network page the figures of the API (snapshot)', async () => {
    const { formatCurrency, formatPercent } = await import('#lib/shared/format.ts');
    for (const a of await json('/api/assets')) {
      const html = await (await fetch(base + a.url)).text();
      expect(html, a.url).toMatch(
        new RegExp(`data-testid="figure-market-cap"[\\s\\S]{0,1000}?${formatCurrency(a.marketCap).replace(/[$.]/g, '\\$&')}`),
      );
      const data = await json(`/api/assets/${a.id}`);
      expect(Number(data.marketCap.value)).toBe(Number(a.marketCap));
      expect(data.change7d.value).toBe(a.change7d === null ? null : Number(a.change7d));
    }
    for (const n of await json('/api/networks')) {
      const html = await (await fetch(`${base}/networks/${n.id}`)).text();
      expect(html).toContain(formatCurrency(n.totalValue));
      expect(html).toContain(formatPercent(n.marketShare));
    }
  });

  it('links its receipt from every asset page, saying why there is none before a run has read the asset', async () => {
    const xml = await (await fetch(base + '/sitemap.xml')).text();
    const paths = [...xml.matchAll(/<loc>[^<]*?(\/assets\/[^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) {
      const html = await (await fetch(base + path)).text();
      expect(html, path).toMatch(
        new RegExp(
          `data-testid="asset-receipt" data-receipt="none"[^>]*>\\s*<a href="${path}/receipt"[^>]*>\\s*Receipt\\s*</a>: none yet\\. The site shows the dated snapshot`,
        ),
      );
    }
  });

  it('links the asset-class tables and /sources to asset and issuer pages that exist', async () => {
    const expected: Record<string, string[]> = {
      '/treasuries': ['/assets/buidl', '/issuers/blackrock', '/networks/ethereum'],
      '/stablecoins': ['/assets/usdt', '/issuers/tether', '/networks/ethereum'],
      '/commodities': ['/assets/paxg', '/issuers/paxos'],
      '/private-credit': ['/issuers/maple'],
      '/sources': ['/assets/buidl', '/issuers/blackrock'],
    };
    const checked = new Set<string>();
    for (const [page, must] of Object.entries(expected)) {
      const html = await (await fetch(base + page)).text();
      const links = [...new Set([...html.matchAll(/href="(\/(?:assets|issuers|networks)\/[^"?#]+)"/g)].map((m) => m[1]))];
      for (const m of must) expect(links, page).toContain(m);
      for (const l of links)
        if (!checked.has(l)) {
          checked.add(l);
          expect((await fetch(base + l)).status, `${page} -> ${l}`).toBe(200);
        }
    }
  });
});
