import { describe, expect, it } from 'vitest';
import { DEFAULT_REGISTRY, loadRegistry, parseRegistry, RegistryError, scaleFactor } from '#lib/server/catalogue/registry.ts';
import { circulatingOn, stablecoinSchema } from '#lib/server/ingest/sources/defillama.ts';
import { isTooManyResults, isTransient } from '#lib/server/ingest/rpc.ts';

const minimal = {
  chains: { ethereum: { chainId: 1, name: 'Ethereum', rpcEnv: 'RPC_URL_ETHEREUM' } },
  assets: [
    {
      symbol: 'BUIDL',
      name: 'BlackRock USD Institutional Digital Liquidity Fund',
      issuer: 'BlackRock',
      assetClass: 'U.S. Treasuries',
      price: { kind: 'fixed', usd: '1.00' },
      deployments: [{ chain: 'ethereum', address: '0x7712c34205737192402172409a8f7ccef8aa2aec', startBlock: 19000000, excludeHolders: [] }],
    },
  ],
};

describe('registry', () => {
  it('accepts the minimal shape of the issue, and a feed price', () => {
    const r = parseRegistry(minimal);
    expect(r.assets[0].source).toBe('evm');
    const feed = structuredClone(minimal);
    (feed.assets[0] as { price: unknown }).price = {
      kind: 'feed',
      chain: 'ethereum',
      address: '0x4c48bcb2160F8e0aDbf9D4F3B034f1e36d1f8b3e',
    };
    expect(parseRegistry(feed).assets[0].price).toEqual({
      kind: 'feed',
      chain: 'ethereum',
      address: '0x4c48bcb2160f8e0adbf9d4f3b034f1e36d1f8b3e',
    });
  });

  it('accepts a feed price times a stated factor, and refuses a factor not above zero', () => {
    const withScale = (factor: string) => {
      const r = structuredClone(minimal);
      (r.assets[0] as { price: unknown }).price = {
        kind: 'feed',
        chain: 'ethereum',
        address: '0x214ed9da11d2fbe465a6fc601a91e62ebec1a0d6',
        scale: { factor, unit: 'a gram against a troy-ounce feed' },
      };
      return r;
    };
    const p = parseRegistry(withScale('1/31.1034768')).assets[0].price;
    expect(p.kind === 'feed' && p.scale).toEqual({ factor: '1/31.1034768', unit: 'a gram against a troy-ounce feed' });
    expect(scaleFactor('1/31.1034768')).toBe(1 / 31.1034768);
    expect(scaleFactor('0.5')).toBe(0.5);
    for (const bad of ['0', '0.000', '0/31.1', '1/0', '-1', '-1/31.1034768', '1/-2', 'abc', ''])
      expect(() => parseRegistry(withScale(bad)), bad).toThrow(RegistryError);
    expect(() => parseRegistry(withScale('0'))).toThrow(/scale\.factor: must be above zero/);
    expect(() => parseRegistry(withScale('-1'))).toThrow(/scale\.factor: must be a decimal or a fraction/);
  });

  it('every asset read from a chain has a price source: only the ones DefiLlama values in dollars have none', () => {
    const r = loadRegistry(DEFAULT_REGISTRY);
    const unpriced = r.assets.filter((a) => a.price.kind === 'unavailable');
    expect(unpriced.map((a) => [a.symbol, a.source])).toEqual([
      ['xStocks', 'defillama-protocol'],
      ['ONDO-GM', 'defillama-protocol'],
      ['dShares', 'defillama-protocol'],
    ]);
    // The NAV tokens accrue: none of them hides behind a fixed $1.00.
    const byKind = Object.fromEntries(r.assets.map((a) => [a.symbol, a.price.kind]));
    expect(byKind).toMatchObject({
      TBILL: 'vault',
      USTBL: 'call',
      USTB: 'feed',
      ACRED: 'feed',
      syrupUSDC: 'vault',
      JTRSY: 'centrifuge',
      OUSG: 'call',
    });
  });

  it('every chain of the registry in git has keyless public endpoints, each with its source', () => {
    for (const [key, chain] of Object.entries(loadRegistry(DEFAULT_REGISTRY).chains)) {
      expect(chain.publicRpc.length, key).toBeGreaterThanOrEqual(1);
      for (const e of chain.publicRpc) {
        expect(new URL(e.url).protocol, key).toBe('https:');
        expect(e.source, key).toMatch(/^https:\/\//);
      }
    }
    // http is for loopback replays only, and a URL never carries credentials.
    const chains = (publicRpc: unknown) => ({ ...minimal, chains: { ethereum: { ...minimal.chains.ethereum, publicRpc } } });
    const src = 'https://chainlist.org/chain/1';
    expect(() => parseRegistry(chains([{ url: 'http://rpc.example.com', source: src }]), 'x')).toThrow(/publicRpc.*https:\/\/ URL/);
    expect(() => parseRegistry(chains([{ url: 'https://user:key@rpc.example.com', source: src }]), 'x')).toThrow(/without credentials/);
    expect(parseRegistry(chains([{ url: 'http://127.0.0.1:8545', source: src }]), 'x').chains.ethereum.publicRpc).toHaveLength(1);
  });

  it('the registry in git is valid and tracks the treasury/commodity tokens and six stablecoins', () => {
    const r = loadRegistry(DEFAULT_REGISTRY);
    expect(r.assets.filter((a) => a.assetClass !== 'Stablecoins').length).toBeGreaterThanOrEqual(11);
    expect(r.assets.filter((a) => a.source === 'defillama').map((a) => a.symbol)).toEqual([
      'USDT',
      'USDC',
      'DAI',
      'FDUSD',
      'PYUSD',
      'USDe',
      'USDS',
      'USD1',
      'USDG',
      'USDTB',
      'USD0',
      'USDO',
      'RLUSD',
    ]);
  });

  it('names the entry and field of each problem', () => {
    const bad = structuredClone(minimal) as typeof minimal & { assets: Array<Record<string, unknown>> };
    bad.assets[0].deployments[0].address = '0xnothex';
    bad.assets.push({
      ...structuredClone(minimal.assets[0]),
      symbol: 'OUSG',
      deployments: [{ chain: 'solana', address: '0x1B19C19393e2d034D8Ff31ff34c81252FcBbee92', startBlock: 0 }],
    });
    bad.assets.push({
      ...structuredClone(minimal.assets[0]),
      symbol: 'X',
      assetClass: 'Art',
      price: { kind: 'feed', chain: 'base', address: '0x1B19C19393e2d034D8Ff31ff34c81252FcBbee92' },
    });
    let message = '';
    try {
      parseRegistry(bad);
    } catch (e) {
      expect(e).toBeInstanceOf(RegistryError);
      message = (e as Error).message;
    }
    expect(message).toContain('assets[0] (BUIDL) deployments[0].address: must be a 0x-prefixed 20-byte hex address');
    expect(message).toContain('assets[1] (OUSG) deployments[0].chain: unknown chain "solana"');
    expect(message).toContain('assets[2] (X) assetClass:');
    expect(message).toContain('assets[2] (X) price.chain: unknown chain "base"');
  });
});

describe('DefiLlama rows', () => {
  it('picks the row closing the day and leaves out a chain with only older rows', () => {
    const s = stablecoinSchema.parse({
      chainCirculating: {
        A: { tokens: [{ date: 1768003200, totalCirculating: { peggedUSD: 5 } }] },
        B: { tokens: [{ date: '1767571200', totalCirculating: { peggedUSD: 7 } }] },
      },
    });
    const { byChain, stale } = circulatingOn(s, '2026-01-09');
    expect([...byChain]).toEqual([['A', 5]]);
    expect(stale).toEqual(['B']);
  });
});

describe('RPC error classes', () => {
  it('tells "too many results" (shrink the range) from rate limits and server errors (wait)', () => {
    expect(isTooManyResults(new Error('query returned more than 10000 results'))).toBe(true);
    expect(isTooManyResults(new Error('Log response size exceeded.'))).toBe(true);
    expect(isTransient(new Error('HTTP request failed.\n\nStatus: 429'))).toBe(true);
    expect(isTransient(Object.assign(new Error('x'), { status: 503 }))).toBe(true);
    expect(isTransient(new Error('execution reverted'))).toBe(false);
  });
});
