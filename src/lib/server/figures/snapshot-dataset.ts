/**
 * The snapshot dataset: content/data/products.json joined with the registry, the one source of
 * every product's snapshot figures. The database's asset rows (setup/analytics.ts), the asset-class
 * pages and their API answers (asset-class-data.ts), the catalog and the network pages all derive
 * from these rows, so without a run no two places can give one product two values or two names.
 * Pure: the callers read the files (bundled for the site, from disk for the seed).
 */
import { z } from 'zod';
import { parseSnapshot, productsSchema, type ProductsFile, type SnapshotFigure } from './snapshot-schema.ts';
import { formatDay } from '#lib/shared/format.ts';

export type { SnapshotFigure };

/** The registry's words for a product: the only ones the snapshot may use when the registry lists it. */
const registryNames = z.object({
  assets: z.array(z.object({ symbol: z.string(), name: z.string(), assetClass: z.string(), issuer: z.string() })),
});
export type RegistryNames = z.infer<typeof registryNames>['assets'];

/** The registry's names from its raw JSON (only the four fields the snapshot needs are read). */
export const registryNamesOf = (json: unknown): RegistryNames => registryNames.parse(json).assets;

export interface SnapshotProduct {
  /** As the registry spells it when it lists the product. */
  symbol: string;
  name: string;
  assetClass: string;
  issuer: string;
  /** The distribution platform (the treasury products' Platform column), else the issuer. */
  platform: string;
  networks: string[];
  marketCap: number;
  figure: SnapshotFigure;
  price: number | null;
  peggedCurrency: string | null;
  eligibleInvestors: string | null;
  type: string | null;
  change24h: number | null;
  change7d: number | null;
  /** Whether the registry tracks it (a run can replace its figure). */
  registered: boolean;
}

export interface SnapshotDataset {
  asOf: string;
  /** Largest first. */
  products: SnapshotProduct[];
  bySymbol: ReadonlyMap<string, SnapshotProduct>;
}

/**
 * The dataset from the parsed file and the registry. A product is matched to the registry by
 * symbol in any case (the file must spell it as the registry does: a second spelling would be a
 * second page); a product the registry does not list must name itself, its class and its issuer.
 */
export function snapshotDataset(file: unknown, registry: RegistryNames): SnapshotDataset {
  const data: ProductsFile = parseSnapshot(productsSchema, 'products.json', file);
  const bySymbolLower = new Map(registry.map((a) => [a.symbol.toLowerCase(), a]));
  const seen = new Set<string>();
  const products = data.products.map((p): SnapshotProduct => {
    const reg = bySymbolLower.get(p.symbol.toLowerCase());
    if (reg && reg.symbol !== p.symbol) throw new Error(`content/data/products.json: ${p.symbol} is spelled ${reg.symbol} in the registry`);
    if (seen.has(p.symbol.toLowerCase())) throw new Error(`content/data/products.json: ${p.symbol} is listed twice`);
    seen.add(p.symbol.toLowerCase());
    const name = reg?.name ?? p.name;
    const assetClass = reg?.assetClass ?? p.assetClass;
    const issuer = reg?.issuer ?? p.issuer;
    if (!name || !assetClass || !issuer)
      throw new Error(`content/data/products.json: ${p.symbol} is not in the registry and needs its name, class and issuer`);
    return {
      symbol: p.symbol,
      name,
      assetClass,
      issuer,
      platform: p.platform ?? issuer,
      networks: p.networks,
      marketCap: p.marketCap,
      figure: p.figure,
      price: p.price ?? null,
      peggedCurrency: p.peggedCurrency ?? null,
      eligibleInvestors: p.eligibleInvestors ?? null,
      type: p.type ?? null,
      change24h: p.change24h ?? null,
      change7d: p.change7d ?? null,
      registered: reg !== undefined,
    };
  });
  products.sort((a, b) => b.marketCap - a.marketCap);
  return { asOf: data.asOf, products, bySymbol: new Map(products.map((p) => [p.symbol, p])) };
}

/** The products of one class, largest first. */
export const productsOf = (dataset: SnapshotDataset, assetClass: string) => dataset.products.filter((p) => p.assetClass === assetClass);

/**
 * A product's figure on one network: its whole figure when it lived on that network alone, else
 * null (the sources give no split per chain, and none is invented).
 */
export const valueOnNetwork = (p: SnapshotProduct, network: string): number | null =>
  p.networks.length === 1 && p.networks[0] === network ? p.marketCap : null;

/** The database's asset rows (the spec's Asset), one per product: what / and /api/assets serve without a run. */
export const assetRowsOf = (dataset: SnapshotDataset) =>
  dataset.products.map((p) => ({ symbol: p.symbol, name: p.name, assetClass: p.assetClass, marketCap: p.marketCap, change7d: p.change7d }));

/** A public figure's date as a page writes it: '12 Sep 2025', or 'Sep 2025' for a month. */
const figureDate = (date: string) => (date.length === 7 ? formatDay(`${date}-01`).replace(/^1 /, '') : formatDay(date));

/** The words a page shows beside a product's snapshot figure: what it is and where it comes from. */
export function figureLabel(f: SnapshotFigure): string {
  return f.kind === 'public' ? `public figure of ${figureDate(f.date)} (${f.source})` : `estimate: ${f.note}`;
}
