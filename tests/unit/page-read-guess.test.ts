/**
 * A page's reads travel in one batch only if the product (or issuer) its id names is known before
 * the catalog is read: the asset page guesses it from the bundled lists (registry and snapshot) and
 * reads the guesses' figures beside the catalog; the issuer page takes its totals' key (the
 * registry's name for it) from the registry. The guess must cover every page the
 * catalog gives, before a run (the snapshot's rows served) and after one (the registry's), or that
 * page pays a second round trip.
 */
import { describe, expect, it } from 'vitest';
import { buildCatalog, registryIssuerNames, registryChainName } from '#lib/server/open-data/catalog.ts';
import { targetKey, targetOf, targetsFor } from '#lib/server/open-data/asset-page-reads.ts';
import { siteRegistry } from '#lib/server/figures/sources-data.ts';
import { snapshot } from '#lib/server/figures/asset-class-data.ts';
import { assetRowsOf } from '#lib/server/figures/snapshot-dataset.ts';

const registryAssets = siteRegistry().registry?.assets ?? [];
const snapshotRows = assetRowsOf(snapshot);
const registryRows = registryAssets.map((a) => ({
  symbol: a.symbol,
  name: a.name,
  assetClass: a.assetClass,
  marketCap: 1,
  change7d: null,
}));
const listed = new Set([...registryAssets.map((a) => a.symbol), ...snapshot.products.map((p) => p.symbol)]);
const catalogs = {
  'before a run (the snapshot served)': buildCatalog(snapshotRows, registryAssets, registryChainName),
  'after a run (the registry served)': buildCatalog(registryRows, registryAssets, registryChainName, { live: true }),
  'a case clash served (USDE beside USDe)': buildCatalog(
    [...registryRows, { symbol: 'USDE', name: 'Clash', assetClass: 'Stablecoins', marketCap: 1, change7d: null }],
    registryAssets,
    registryChainName,
    { live: true },
  ),
};

describe('the reads guessed from a page id', () => {
  for (const [when, catalog] of Object.entries(catalogs)) {
    it(`cover every asset page ${when}`, () => {
      const missed = catalog.assets.filter((a) => !targetsFor(a.id).some((t) => targetKey(t) === targetKey(targetOf(a))));
      // Only a served symbol in neither list (here USDE) is missed: its page reads its figures in a second round trip.
      expect(missed.map((a) => a.symbol)).toEqual(missed.filter((a) => !listed.has(a.symbol)).map((a) => a.symbol));
      expect(missed.length).toBe(when.includes('clash') ? 1 : 0);
    });
    it(`name every issuer of a tracked product as its published totals do ${when}`, () => {
      for (const issuer of catalog.issuers) {
        const tracked = issuer.assetIds.some((id) => catalog.byId.get(id)!.registry);
        expect(registryIssuerNames(issuer.id), issuer.id).toEqual(tracked ? [issuer.name] : []);
      }
    });
  }

  it("keep a quoted NAV's price chain, and guess nothing for an id no list gives", () => {
    expect(targetsFor('eutbl')).toContainEqual({ symbol: 'EUTBL', regSymbol: 'EUTBL', quotedChain: 'ethereum' });
    expect(targetsFor('no-such-product')).toEqual([]);
    expect(registryIssuerNames('no-such-issuer')).toEqual([]);
  });
});
