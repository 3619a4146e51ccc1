import { describe, expect, it } from 'vitest';
import { buildCatalog } from '#lib/server/open-data/catalog.ts';
import { withAssetIds } from '#lib/shared/open-data/ids.ts';
import { parseRegistry } from '#lib/server/catalogue/registry.ts';
import registryJson from '../../content/registry/registry.json';
import { snapshot } from '#lib/server/figures/asset-class-data.ts';
import { assetRowsOf } from '#lib/server/figures/snapshot-dataset.ts';

const snapshotAssets = assetRowsOf(snapshot);

const registry = parseRegistry(registryJson, 'registry.json');
const chainName = (k: string) => registry.chains[k]?.name ?? k;

describe('open-data catalog', () => {
  it('gives served assets the ids the home page computes from its own list, whatever the order', () => {
    const served = [...snapshotAssets].reverse();
    const catalog = buildCatalog(served, registry.assets, chainName);
    for (const a of withAssetIds(snapshotAssets)) expect(catalog.bySymbol.get(a.symbol)?.id).toBe(a.id);
  });

  // Every snapshot asset is tracked by the registry now; without FDIT's entry it is a snapshot-only asset again.
  const withoutFdit = registry.assets.filter((a) => a.symbol !== 'FDIT');

  it('adds registry-only and snapshot-only assets with unique ids, matching symbols in any case once', () => {
    const live = [{ symbol: 'XAUt', name: 'Tether Gold', assetClass: 'Commodities', marketCap: 5, change7d: null }];
    const catalog = buildCatalog(live, withoutFdit, chainName);
    const ids = catalog.assets.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    // the snapshot's XAUT is the registry's XAUt: one page
    expect(catalog.assets.filter((a) => a.id.startsWith('xaut'))).toHaveLength(1);
    expect(catalog.byId.get('xaut')?.origin).toBe('served');
    expect(catalog.byId.get('buidl')).toEqual(expect.objectContaining({ origin: 'registry', marketCap: null }));
    expect(catalog.byId.get('fdit')).toEqual(expect.objectContaining({ origin: 'snapshot', marketCap: 203700000 }));
  });

  it('names issuers from the registry, else from the snapshot product tables, and groups their assets', () => {
    const catalog = buildCatalog(snapshotAssets, withoutFdit, chainName);
    const ondo = catalog.issuers.find((i) => i.id === 'ondo');
    expect(ondo?.assetIds).toEqual(expect.arrayContaining(['ousg', 'usdy']));
    expect(catalog.byId.get('buidl')?.issuer).toEqual(expect.objectContaining({ id: 'blackrock', name: 'BlackRock' }));
    expect(catalog.byId.get('fdit')?.issuer?.source).toBe("the 12 Sep 2025 snapshot's product list");
    expect(catalog.byId.get('buidl')?.chains).toContain('Ethereum');
  });
});
