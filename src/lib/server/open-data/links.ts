/**
 * Links from names to their open-data pages for the asset-class pages and /sources, without a
 * query: the catalog built from the bundled snapshot and registry (every such asset has a page,
 * and its id is the same whether the site serves the snapshot or a live run, see catalog.ts).
 */
import { siteRegistry } from '#lib/server/figures/sources-data.ts';
import { buildCatalog, registryChainName, type Catalog } from './catalog.ts';
import { snapshot } from '#lib/server/figures/asset-class-data.ts';
import { assetRowsOf } from '#lib/server/figures/snapshot-dataset.ts';
import { networkUrl, slugify } from '#lib/shared/open-data/ids.ts';
import { networksRead } from '#lib/server/figures/analytics.ts';
import { orElse, type Read } from '#lib/server/db/reads.ts';
import { logSectionFailure } from '#lib/server/http/section-failure.ts';

export interface EntityLinks {
  /** The page of an asset by its symbol or ticker (any case), if the site has one. */
  asset(symbol: string): string | undefined;
  /** The id of that page (its path's last part), if the site has one. */
  assetId(symbol: string): string | undefined;
  /** The symbol of the asset whose page has this id. */
  symbolOf(id: string): string | undefined;
  /** The page of an issuer by its name, if the site has one. */
  issuer(name: string): string | undefined;
}

let cached: EntityLinks | undefined;
let catalogCached: Catalog | undefined;

/** The catalog of the bundled snapshot and registry: every asset that has a page, whatever the site serves. */
export function staticCatalog(): Catalog {
  catalogCached ??= buildCatalog(assetRowsOf(snapshot), siteRegistry().registry?.assets ?? [], registryChainName);
  return catalogCached;
}

/** The products of a class that have a page, and the /assets list filtered to that class (a Coming Soon page's line). */
export function trackedOfClass(assetClass: string): { assets: { url: string; symbol: string }[]; listHref: string } {
  const assets = staticCatalog()
    .assets.filter((a) => a.assetClass === assetClass)
    .map((a) => ({ url: a.url, symbol: a.symbol }))
    .sort((a, b) => a.symbol.localeCompare(b.symbol, 'en'));
  return { assets, listHref: `/assets?class=${slugify(assetClass)}#assets-table` };
}

export function staticLinks(): EntityLinks {
  if (cached) return cached;
  const catalog = staticCatalog();
  const assets = new Map<string, { url: string; id: string }>();
  for (const a of catalog.assets) if (!assets.has(a.symbol.toLowerCase())) assets.set(a.symbol.toLowerCase(), a);
  const issuers = new Map(catalog.issuers.map((i) => [i.id, i.url]));
  cached = {
    asset: (symbol) => assets.get(symbol.toLowerCase())?.url,
    assetId: (symbol) => assets.get(symbol.toLowerCase())?.id,
    symbolOf: (id) => catalog.byId.get(id)?.symbol,
    issuer: (name) => issuers.get(slugify(name)),
  };
  return cached;
}

/**
 * Network name -> page of the networks the site serves now (ids differ between the snapshot and a
 * live run, so this is read: one query, batched with the page's own reads). A failed read gives no
 * links rather than no page.
 */
export const networkLinksRead = (pathname: string) =>
  orElse(
    readMap(networksRead(), (list) => Object.fromEntries(list.map((n) => [n.name, networkUrl(n.id)])) as Record<string, string>),
    (error): Record<string, string> => {
      logSectionFailure(pathname)(error);
      return {};
    },
  );

/** The same read with its value mapped. */
function readMap<T, U>(r: Read<T>, f: (value: T) => U): Read<U> {
  return { queries: r.queries, map: (results) => f(r.map(results)) };
}
