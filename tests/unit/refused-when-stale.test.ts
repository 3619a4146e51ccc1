/**
 * A price source that refuses to answer once its data is older than its bound (RedStone's
 * fundamental feeds revert): the registry marks it with its source; its revert values the asset at
 * its last accepted price, stale since the day that price was first accepted, never unknown; with
 * no earlier accepted price it is unknown, with why. Any other failure stays a failure.
 */
import { describe, expect, it } from 'vitest';
import { lastAcceptedPrice } from '#lib/server/ingest/prices.ts';
import { NoPriceAnswer, refusedWhenStale } from '#lib/server/ingest/sources/evm/price.ts';
import { parseRegistry, type RegistryAsset } from '#lib/server/catalogue/registry.ts';
import { methodStatements, priceMethodOf } from '#lib/server/catalogue/methods.ts';
import { configFor } from '#lib/server/config.ts';

const FEED = '0x' + '2'.repeat(40);
const registry = (prices: Record<string, unknown>) =>
  parseRegistry({
    chains: { ethereum: { chainId: 1, name: 'Ethereum', rpcEnv: 'RPC_URL_ETHEREUM' } },
    assets: Object.entries(prices).map(([symbol, price], i) => ({
      symbol,
      name: symbol,
      issuer: 'I',
      assetClass: 'Private Credit',
      price,
      deployments: [{ chain: 'ethereum', address: '0x' + String(i + 1).repeat(40) }],
    })),
  });
const marked = { kind: 'feed', chain: 'ethereum', address: FEED, revertsWhenStale: { source: 'https://example.org/feed-doc' } };
const reg = registry({
  RVT: marked,
  PLAIN: { kind: 'feed', chain: 'ethereum', address: FEED },
  NAV: { kind: 'call', chain: 'ethereum', address: FEED, method: 'tbillUsdcRate', decimals: 6, revertsWhenStale: { source: 'doc' } },
});
const asset = (symbol: string) => reg.assets.find((a) => a.symbol === symbol)!;
const history = (rows: Array<[string, number]>) => () => Promise.resolve(rows.map(([date, price]) => ({ date, price })));
const reverted = new NoPriceAnswer('the price contract gave no answer at block 42: the call reverted', 42n, true);

describe('lastAcceptedPrice', () => {
  it('values at the last accepted price, stale since the first day of its run of equal prices', () => {
    const p = lastAcceptedPrice(
      [
        { date: '2026-11-20', price: 1.04 },
        { date: '2026-11-23', price: 1.05 },
        { date: '2026-11-21', price: 1.05 },
      ],
      'the feed refuses to answer',
    );
    expect(p).toEqual({
      ok: true,
      price: 1.05,
      stale: { since: '2026-11-21', reason: 'the feed refuses to answer; valued at its last accepted price' },
    });
  });

  it('without any earlier accepted price: refused, with why', () => {
    expect(lastAcceptedPrice([], 'the feed refuses to answer')).toEqual({
      ok: false,
      reason: 'the feed refuses to answer, and no earlier price was accepted',
    });
  });
});

describe('refusedWhenStale', () => {
  it('a marked feed that reverted: stale since its last price, in plain words naming the block', async () => {
    const p = await refusedWhenStale(
      asset('RVT'),
      reverted,
      history([
        ['2026-11-24', 1.02],
        ['2026-11-25', 1.03],
      ]),
    );
    expect(p).toEqual({
      ok: true,
      price: 1.03,
      stale: {
        since: '2026-11-25',
        reason:
          'the feed refuses to answer once its data is older than its bound (it reverted at block 42); valued at its last accepted price',
      },
    });
  });

  it('a marked NAV method that reverted names the method; with no earlier price it is unknown, with why', async () => {
    expect(await refusedWhenStale(asset('NAV'), reverted, history([]))).toEqual({
      ok: false,
      reason:
        'the NAV contract (tbillUsdcRate()) refuses to answer once its data is older than its bound (it reverted at block 42), and no earlier price was accepted',
    });
  });

  it('leaves every other failure a failure: an unmarked feed, an answer that does not decode, any other error', async () => {
    const h = history([['2026-11-25', 1.03]]);
    expect(await refusedWhenStale(asset('PLAIN'), reverted, h)).toBeNull();
    expect(await refusedWhenStale(asset('RVT'), new NoPriceAnswer('no answer at block 42: no data', 42n, false), h)).toBeNull();
    expect(await refusedWhenStale(asset('RVT'), new Error('the call reverted'), h)).toBeNull();
  });
});

describe('the registry mark and the method text', () => {
  it('takes the mark on a feed or a NAV method, with its source; not on a vault, nor without a source', () => {
    expect((asset('RVT').price as Extract<RegistryAsset['price'], { kind: 'feed' }>).revertsWhenStale).toEqual({
      source: 'https://example.org/feed-doc',
    });
    expect(() =>
      registry({ V: { kind: 'vault', chain: 'ethereum', address: FEED, decimals: 6, revertsWhenStale: { source: 'x' } } }),
    ).toThrow(/revertsWhenStale/);
    expect(() => registry({ F: { ...marked, revertsWhenStale: {} } })).toThrow(/source/);
  });

  it('says it beside the price method and on /sources, naming the marked products', () => {
    expect(priceMethodOf(asset('RVT').price)).toMatch(
      /refuses to answer once stale: then valued at its last accepted price, marked stale$/,
    );
    expect(priceMethodOf(asset('PLAIN').price)).not.toMatch(/refuses/);
    const fresh = methodStatements(configFor({}).ingest, reg).find((s) => s.id === 'fresh')!;
    expect(fresh.text).toContain('the registry marks it, with the document that says so: RVT and NAV)');
  });
});
