import { describe, expect, inject, it } from 'vitest';

/**
 * The site search knows an asset's class and chains, not only its name and symbol, so a
 * class or a chain with another word narrows the hits the way the /assets filters do.
 */
const base = inject('baseUrl');

interface Hit {
  kind: string;
  title: string;
  detail: string;
  url: string;
  marketCap?: string | null;
}
const search = async (q: string): Promise<Hit[]> => {
  const res = await fetch(`${base}/api/search?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: Hit[] }).results;
};

describe('search by class and chain', () => {
  it('a class finds its assets, whose names do not say it', async () => {
    const hits = await search('commodities');
    expect(hits.filter((h) => h.kind === 'asset').map((h) => h.url)).toContain('/assets/paxg');
    for (const h of hits.filter((x) => x.kind === 'asset')) expect(h.detail).toMatch(/^Commodities/);
  });

  it('a class and a chain together find the assets of both, and the network that has them', async () => {
    const hits = await search('stablecoins ethereum');
    const assets = hits.filter((h) => h.kind === 'asset');
    expect(assets.length).toBeGreaterThan(2);
    for (const h of assets) expect(h.detail).toMatch(/^Stablecoins/);
    // Each asset hit is on the chain asked for, as its own page lists its chains; so with a chain only
    // some of the class are on (every stablecoin listed is on Ethereum).
    const chainsOf = async (h: Hit) => {
      const res = await fetch(`${base}/api${h.url}`);
      expect(res.status, h.url).toBe(200);
      return ((await res.json()) as { asset: { chains: string[] } }).asset.chains;
    };
    for (const h of assets) expect(await chainsOf(h), h.url).toContain('Ethereum');
    const onSolana = (await search('treasuries solana')).filter((h) => h.kind === 'asset');
    expect(onSolana.length).toBeGreaterThan(0);
    for (const h of onSolana) expect(await chainsOf(h), h.url).toContain('Solana');
    // USDtb lives on Ethereum alone (the snapshot's chains): the best match of both words.
    expect(assets.map((h) => h.url)).toContain('/assets/usdtb');
    expect(hits[0]).toMatchObject({ kind: 'network', url: '/networks/ethereum' });
    // An issuer is found by its assets' class.
    expect((await search('commodities')).some((h) => h.kind === 'issuer' && h.url === '/issuers/paxos')).toBe(true);
  });
});

describe('search by part of a word, by issuer, with market caps', () => {
  it('finds a name or symbol by a part inside the word: usdc finds syrupUSDC, after USDC itself', async () => {
    const urls = (await search('usdc')).map((h) => h.url);
    expect(urls).toContain('/assets/syrupusdc');
    expect(urls.indexOf('/assets/usdc')).toBe(0);
    expect((await search('bill')).map((h) => h.url)).toContain('/assets/tbill');
  });

  it("finds an issuer by its name and by its assets' symbols", async () => {
    const circle = (await search('circle')).find((h) => h.kind === 'issuer' && h.title === 'Circle');
    expect(circle?.url).toBe('/issuers/circle');
    expect((await search('usdc')).some((h) => h.kind === 'issuer' && h.url === '/issuers/circle')).toBe(true);
  });

  it('gives each asset hit its market cap as the asset list serves it, and none for other kinds', async () => {
    const hits = await search('treasury');
    const assets = hits.filter((h) => h.kind === 'asset');
    expect(assets.length).toBeGreaterThan(0);
    const list = (await (await fetch(`${base}/api/assets`)).json()) as Array<{ id: string; marketCap: string }>;
    const byUrl = new Map(list.map((a) => [`/assets/${a.id}`, a.marketCap]));
    for (const h of assets) {
      expect(h, h.url).toHaveProperty('marketCap');
      if (byUrl.has(h.url)) expect(h.marketCap, h.url).toBe(byUrl.get(h.url));
    }
    for (const h of hits.filter((x) => x.kind !== 'asset')) expect(h, h.url).not.toHaveProperty('marketCap');
    // The page without JavaScript says the same figure.
    const page = await (await fetch(`${base}/search?q=usdc`)).text();
    expect(page).toMatch(/data-testid="search-market-cap"[^>]*>\s*Market cap \$[\d.]+[KMB]?/);
  });
});
