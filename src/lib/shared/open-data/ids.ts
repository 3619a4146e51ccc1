/**
 * Ids of the open-data pages (architecture.md "Open data"): an asset's id is its symbol in lower
 * case, made unique; an issuer's id is a slug of its name. Pure, so the pages, the API and the
 * sitemap give every entity the same address.
 */

/** 'Circle (Hashnote)' -> 'circle-hashnote'; '' for a name without letters or digits. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

/**
 * Lower-cased symbols made unique in the given order: the first 'USDe' gets 'usde', a later
 * 'USDE' 'usde-2'. Characters outside [a-z0-9.-] ('$') become '-', so an id is always safe in a path.
 */
/** A symbol's id before any clash is settled (a later clashing symbol gets `-2`, `-3`, ...). */
export const idBase = (symbol: string): string =>
  symbol
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '') || 'asset';

export function assignIds(symbols: readonly string[]): Map<string, string> {
  const ids = new Map<string, string>();
  const taken = new Set<string>();
  for (const symbol of symbols) {
    if (ids.has(symbol)) continue;
    const base = idBase(symbol);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    ids.set(symbol, id);
  }
  return ids;
}

export const assetUrl = (id: string) => `/assets/${encodeURIComponent(id)}`;
export const networkUrl = (id: string) => `/networks/${encodeURIComponent(id)}`;
export const issuerUrl = (id: string) => `/issuers/${encodeURIComponent(id)}`;

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The ids of the served assets (/api/assets), from their symbols alone, whatever their order: the
 * symbols are taken in code-point order, so any list of them (the home page's, the API's, the
 * catalog's) gives each the same id without another query. Other assets of the catalog never clash
 * with these (it adds only symbols whose lower case is not served).
 */
export function servedAssetIds(symbols: readonly string[]): Map<string, string> {
  return assignIds([...symbols].sort(byCodePoint));
}

/** The served assets with their page's id and url added (the spec's fields unchanged). */
export function withAssetIds<T extends { symbol: string }>(list: readonly T[]): Array<T & { id: string; url: string }> {
  const ids = servedAssetIds(list.map((a) => a.symbol));
  return list.map((a) => ({ ...a, id: ids.get(a.symbol)!, url: assetUrl(ids.get(a.symbol)!) }));
}
