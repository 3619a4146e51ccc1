/**
 * Every asset and issuer the site knows, with its page id (architecture.md "Open data"): the
 * assets the site serves (the published run's, or the snapshot's), the registry's tracked assets,
 * and the snapshot's assets a live run no longer covers. One batch (the served asset rows and whether
 * a run is published); the registry and the snapshot dataset are bundled.
 */
import { combine, read, readOne } from '#lib/server/db/reads.ts';
import { servedAssetsQuery } from '#lib/server/figures/analytics.ts';
import { servedFactsRead } from '#lib/server/figures/run-state.ts';
import { siteRegistry } from '#lib/server/figures/sources-data.ts';
import { snapshot } from '#lib/server/figures/asset-class-data.ts';
import { assetRowsOf } from '#lib/server/figures/snapshot-dataset.ts';
import { chainNameIn, type RegistryAsset } from '#lib/server/catalogue/registry.ts';
import { OUR_TOKEN_LIST, snapshotWords } from '#lib/shared/plain-sources.ts';
import { assetUrl, assignIds, issuerUrl, slugify } from '#lib/shared/open-data/ids.ts';

export type FigureOrigin = 'served' | 'snapshot' | 'registry';

export interface CatalogAsset {
  id: string;
  url: string;
  /** The symbol as served (the asset table's, else the registry's, else the snapshot's). */
  symbol: string;
  name: string;
  assetClass: string;
  /** Where the market cap comes from: the served table (live run or snapshot load), the bundled snapshot file, or nowhere yet. */
  origin: FigureOrigin;
  marketCap: number | null;
  change7d: number | null;
  issuer: { id: string; name: string; url: string; source: string } | null;
  /**
   * Chain names with where they come from: without a run, the snapshot's chains of the product (as
   * of its date, the ones its class page lists); else, or for a product the snapshot lacks, the
   * registry's deployments.
   */
  chains: string[];
  chainsSource: string | null;
  registry?: RegistryAsset;
}

/** An asset as the open-data lists name it: its page and what it is (the lists add their figures beside it). */
export type AssetRef = Pick<CatalogAsset, 'id' | 'url' | 'symbol' | 'name' | 'assetClass'>;
export const assetRef = (a: CatalogAsset): AssetRef => ({ id: a.id, url: a.url, symbol: a.symbol, name: a.name, assetClass: a.assetClass });

export interface CatalogIssuer {
  id: string;
  name: string;
  url: string;
  assetIds: string[];
}

export interface Catalog {
  assets: CatalogAsset[];
  byId: Map<string, CatalogAsset>;
  bySymbol: Map<string, CatalogAsset>;
  issuers: CatalogIssuer[];
}

type Row = { symbol: string; name: string; assetClass: string; marketCap: number; change7d: number | null };
const snapshotAssets: Row[] = assetRowsOf(snapshot);

const lower = (s: string) => s.toLowerCase();
const snapshotByLower = new Map(snapshot.products.map((p) => [lower(p.symbol), p]));
const SNAPSHOT_LIST = `${snapshotWords(snapshot.asOf)}'s product list`;

/** Issuer and chains of a snapshot product (matched by symbol, any case). */
function snapshotFacts(symbol: string): { issuer?: string; issuerSource?: string; chains?: string[] } {
  const p = snapshotByLower.get(lower(symbol));
  return p ? { issuer: p.issuer, issuerSource: SNAPSHOT_LIST, chains: p.networks } : {};
}

/** Builds the catalog from the served rows (pure apart from the bundled files; tested through the pages). */
export function buildCatalog(
  served: Row[],
  registryAssets: RegistryAsset[],
  chainName: (key: string) => string,
  { live }: { live: boolean } = { live: false },
): Catalog {
  const entries: Array<Omit<CatalogAsset, 'id' | 'url' | 'issuer'> & { issuerName?: string; issuerSource?: string }> = [];
  const known = new Set<string>();
  const regByLower = new Map(registryAssets.map((a) => [lower(a.symbol), a]));
  const add = (row: Row | undefined, symbol: string, origin: FigureOrigin) => {
    known.add(lower(symbol));
    const reg = regByLower.get(lower(symbol));
    const facts = snapshotFacts(symbol);
    const regChains = reg ? [...new Set(reg.deployments.map((d) => chainName(d.chain)))] : [];
    const useSnapshotChains = !live && facts.chains !== undefined;
    entries.push({
      symbol,
      name: reg?.name ?? row?.name ?? symbol,
      assetClass: row?.assetClass ?? reg?.assetClass ?? 'Unknown',
      origin,
      marketCap: row ? row.marketCap : null,
      // The snapshot file's 7-day changes are synthetic detail (content/data/SOURCES.md): never served beside a live run.
      change7d: row && origin !== 'snapshot' ? row.change7d : null,
      chains: useSnapshotChains ? facts.chains! : regChains.length ? regChains : (facts.chains ?? []),
      // Plain words for a visitor (and the API): which list a fact comes from, never its file.
      chainsSource: useSnapshotChains ? SNAPSHOT_LIST : regChains.length ? OUR_TOKEN_LIST : facts.chains ? SNAPSHOT_LIST : null,
      registry: reg,
      issuerName: reg?.issuer ?? facts.issuer,
      issuerSource: reg ? OUR_TOKEN_LIST : facts.issuerSource,
    });
  };
  // Served rows first (largest first), so their ids win a case clash.
  for (const r of served) add(r, r.symbol, 'served');
  for (const a of registryAssets) if (!known.has(lower(a.symbol))) add(undefined, a.symbol, 'registry');
  for (const r of snapshotAssets) if (!known.has(lower(r.symbol))) add(r, r.symbol, 'snapshot');

  // Served symbols in code-point order first (servedAssetIds: the home page computes the same ids
  // from its own list), then the others, whose lower case never clashes with a served one.
  const servedCount = served.length;
  const ids = assignIds([
    ...entries
      .slice(0, servedCount)
      .map((e) => e.symbol)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    ...entries.slice(servedCount).map((e) => e.symbol),
  ]);
  const issuers = new Map<string, CatalogIssuer>();
  const list: CatalogAsset[] = entries.map(({ issuerName, issuerSource, ...e }) => {
    const id = ids.get(e.symbol)!;
    let issuer: CatalogAsset['issuer'] = null;
    const iid = issuerName ? slugify(issuerName) : '';
    if (issuerName && iid) {
      const entry = issuers.get(iid) ?? issuers.set(iid, { id: iid, name: issuerName, url: issuerUrl(iid), assetIds: [] }).get(iid)!;
      entry.assetIds.push(id);
      issuer = { id: iid, name: entry.name, url: entry.url, source: issuerSource ?? '' };
    }
    return { ...e, id, url: assetUrl(id), issuer };
  });
  return {
    assets: list,
    byId: new Map(list.map((a) => [a.id, a])),
    bySymbol: new Map(list.map((a) => [a.symbol, a])),
    issuers: [...issuers.values()].sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/**
 * The names the registry gives issuer `id` (the keys of its published totals: one, unless the
 * registry spells the issuer two ways that make the same id), found from the registry alone so that
 * a page can read the issuer's totals in the same batch as the catalog; none when no tracked product
 * is the issuer's (a snapshot-only issuer has no published totals).
 */
export function registryIssuerNames(id: string): string[] {
  return [...new Set((siteRegistry().registry?.assets ?? []).filter((a) => slugify(a.issuer) === id).map((a) => a.issuer))];
}

/** A chain key's display name from the registry (the key itself where the registry has none). */
export function registryChainName(key: string): string {
  return chainNameIn(siteRegistry().registry, key);
}

/** The catalog of these served rows, the registry's tracked assets and the snapshot's. */
function catalogOf(served: Row[], live = false): Catalog {
  return buildCatalog(served, siteRegistry().registry?.assets ?? [], registryChainName, { live });
}

/**
 * How many issuers the site tracks (its /issuers list), from rows a page has read already (the
 * home page's assets): no query of its own, so the page keeps its round trips.
 */
export const trackedIssuerCount = (served: { symbol: string; name: string; assetClass: string; marketCap: string | number }[]): number =>
  catalogOf(served.map((a) => ({ ...a, marketCap: Number(a.marketCap), change7d: null }))).issuers.length;

/** The catalog as the site serves it now: one query (the served asset rows), to batch with a page's others. */
export const catalogRead = () =>
  combine([read(servedAssetsQuery(), (rows) => rows), servedFactsRead()], ([served, facts]) =>
    catalogOf(served, facts.publishedRun !== undefined),
  );

/** The catalog as the site serves it now (one query). */
export async function loadCatalog(): Promise<Catalog> {
  return readOne(catalogRead());
}
