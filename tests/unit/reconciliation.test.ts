/**
 * The reconciliation of one asset (src/lib/server/open-data/reconciliation.ts), on rows: the
 * chain's figure, the issuer's published AUM, DefiLlama's and the class reference side by side;
 * only a gap over 5% either way is flagged, and an unknown figure says why.
 */
import { describe, expect, it } from 'vitest';
import { reconcile } from '#lib/server/open-data/reconciliation.ts';
import { parseRegistry, type RegistryAsset } from '#lib/server/catalogue/registry.ts';
import registryJson from '../../content/registry/registry.json';

const day = '2026-11-10';
const obs = (chain: string, source: string, value: number | null, apiUrl: string | null = null) => ({
  runId: 3,
  date: day,
  assetSymbol: 'BENJI',
  chain,
  source,
  value,
  apiUrl,
});
const registry = parseRegistry(registryJson);
const benji = registry.assets.find((a) => a.symbol === 'BENJI')!;
/** BENJI with an issuer figure of `usd` dated the same day. */
const withAum = (usd: string): RegistryAsset => ({ ...benji, issuerAum: { usd, date: day, source: 'https://example.com/fund' } });
const kinds = (r: ReturnType<typeof reconcile>) => Object.fromEntries(r.rows.map((x) => [x.kind, x]));

describe('reconciliation', () => {
  it('issuer, DefiLlama and chain 3% apart: nothing flagged; 8% apart: both flagged', () => {
    // The chain's figure is two readers' sum: 600,000 + 400,000.
    const chain = [obs('ethereum', 'evm', 600_000), obs('arbitrum', 'evm', 400_000)];
    const llama = (v: number) => [
      obs('ethereum', 'defillama-protocol', v * 0.6, 'https://api.llama.fi/protocol/x'),
      obs('arbitrum', 'defillama-protocol', v * 0.4),
    ];
    const near = kinds(
      reconcile({ asOf: day, date: day, day: [...chain, ...llama(1_030_000)], asset: withAum('970000'), assetClass: 'U.S. Treasuries' }),
    );
    expect(near.chain).toMatchObject({ value: 1_000_000, gapPct: null, flagged: false });
    expect(near.issuer).toMatchObject({ value: 970_000, gapPct: -3, flagged: false });
    expect(near.defillama).toMatchObject({ value: 1_030_000, gapPct: 3, flagged: false, url: 'https://api.llama.fi/protocol/x' });
    const far = kinds(
      reconcile({ asOf: day, date: day, day: [...chain, ...llama(1_080_000)], asset: withAum('920000'), assetClass: 'U.S. Treasuries' }),
    );
    expect(far.issuer).toMatchObject({ gapPct: -8, flagged: true });
    expect(far.defillama).toMatchObject({ gapPct: 8, flagged: true });
    // The class reference is the whole class, from a primary source only: none today, so unknown, never a gap, never flagged.
    expect(far.classReference).toMatchObject({ value: null, gapPct: null, flagged: false });
    expect(far.classReference.note).toMatch(/^Unknown: no figure of the whole class from a primary source .*reposts are not used/);
  });

  it('exactly 5% is not over 5%', () => {
    const r = kinds(
      reconcile({ asOf: day, date: day, day: [obs('ethereum', 'evm', 100)], asset: withAum('105'), assetClass: 'U.S. Treasuries' }),
    );
    expect(r.issuer).toMatchObject({ gapPct: 5, flagged: false });
  });

  it('says which chains each side covers when they differ, and how far apart the dates are', () => {
    const r = kinds(
      reconcile({
        asOf: day,
        date: day,
        day: [obs('ethereum', 'evm', 100), obs('ethereum', 'defillama-protocol', 90), obs('stellar', 'defillama-protocol', 20)],
        asset: { ...benji, issuerAum: { usd: '130', date: '2026-10-31', source: 'https://example.com/fund', note: 'All share classes' } },
        assetClass: 'U.S. Treasuries',
      }),
    );
    expect(r.defillama.note).toMatch(/covers ethereum, stellar where the chain's figure covers ethereum/);
    expect(r.issuer.note).toMatch(/^All share classes\. Dated 10 days before/);
  });

  it('unknown figures are null with why, never invented, and never flagged', () => {
    const plain: RegistryAsset = { ...benji, issuerAum: undefined, defillamaProtocol: undefined };
    const r = kinds(reconcile({ asOf: day, date: null, day: [], asset: plain, assetClass: 'Managed Strategies' }));
    for (const row of Object.values(r)) expect(row).toMatchObject({ value: null, gapPct: null, flagged: false });
    expect(r.issuer.note).toMatch(/^Unknown: no dated public figure/);
    expect(r.defillama.note).toMatch(/^Unknown/);
    expect(r.classReference).toMatchObject({ label: 'The public reference of its class (Managed Strategies)', value: null });
  });

  it('the registry carries a dated, sourced issuer figure where one was found', () => {
    for (const a of registry.assets.filter((x) => x.issuerAum)) {
      expect(a.issuerAum!.source, a.symbol).toMatch(/^https:\/\//);
      expect(Number(a.issuerAum!.usd), a.symbol).toBeGreaterThan(0);
    }
    expect(registry.assets.filter((x) => x.issuerAum).map((a) => a.symbol)).toEqual(expect.arrayContaining(['BENJI', 'XAUt']));
    expect(() =>
      parseRegistry({
        ...registryJson,
        assets: [{ ...registryJson.assets[0], issuerAum: { usd: '1', date: 'yesterday', source: 'http://x' } }],
      }),
    ).toThrow(/issuerAum/);
  });
});
