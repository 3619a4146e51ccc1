/**
 * The asset-class pages' snapshot: one source for the server-rendered pages and the
 * /api/stablecoins, /api/stablecoin-overview, /api/treasuries and /api/private-credit endpoints.
 * Their rows derive from the snapshot dataset (snapshot-dataset.ts), their cards and counts are the
 * spec's fixed texts (spec-fixed.ts).
 */
import productsJson from '../../../../content/data/products.json';
import loanBookJson from '../../../../content/data/private-credit.json';
import registryJson from '../../../../content/registry/registry.json';
import networksJson from '../../../../content/data/networks.json';
import { loanBookSchema, networkIconsSchema, parseSnapshot } from './snapshot-schema.ts';
import { productsOf, registryNamesOf, snapshotDataset, type SnapshotDataset, type SnapshotProduct } from './snapshot-dataset.ts';
import type {
  CommoditiesData,
  CreditPool,
  PrivateCreditData,
  StablecoinsData,
  TreasuriesData,
  TreasuryEntity,
} from '#lib/shared/analytics-types.ts';
import { CLASS_PAGES } from '#lib/shared/spec-fixed.ts';
import { moneyString, withMoney } from '#lib/shared/money.ts';
import { figureOrigin } from '#lib/shared/origin.ts';

/** The snapshot dataset, joined with the registry in git (the snapshot's names, whatever registry a run reads). */
export const snapshot: SnapshotDataset = snapshotDataset(productsJson, registryNamesOf(registryJson));
const asOf = snapshot.asOf;

/** A product in the columns the stablecoin, treasury and commodity tables share. */
const listed = (p: SnapshotProduct) => ({
  name: p.name,
  ticker: p.symbol,
  platform: p.issuer,
  networks: p.networks,
  marketCap: p.marketCap,
});

export const stablecoins: StablecoinsData = {
  asOf,
  cards: [...CLASS_PAGES.stablecoins.cards],
  total: CLASS_PAGES.stablecoins.total,
  rows: productsOf(snapshot, 'Stablecoins').map((p) => ({ ...listed(p), price: p.price ?? 1, peggedCurrency: p.peggedCurrency ?? 'USD' })),
};

const treasuryProducts = productsOf(snapshot, 'U.S. Treasuries');

/** The Top Entities: the listed products summed by issuer (as a run's page sums them), largest first, a share of the class card's value. */
function topEntities(products: SnapshotProduct[], classTotal: number, count: number): TreasuryEntity[] {
  const byIssuer = new Map<string, { count: number; cap: number }>();
  for (const p of products) {
    const e = byIssuer.get(p.issuer) ?? { count: 0, cap: 0 };
    byIssuer.set(p.issuer, { count: e.count + 1, cap: e.cap + p.marketCap });
  }
  return rankIssuers(byIssuer, classTotal).slice(0, count);
}

/** Issuers largest first, each with its products' count, value and share of `total` (the snapshot's and a run's Top Entities). */
export function rankIssuers(byIssuer: Map<string, { count: number; cap: number }>, total: number): TreasuryEntity[] {
  return [...byIssuer.entries()]
    .sort((a, b) => b[1].cap - a[1].cap)
    .map(([protocol, e], i) => ({
      rank: i + 1,
      protocol,
      rwaCount: e.count,
      marketCap: e.cap,
      change30d: null,
      marketShare: total > 0 ? Number(((e.cap / total) * 100).toFixed(2)) : 0,
    }));
}

export const treasuries: TreasuriesData = {
  asOf,
  cards: [...CLASS_PAGES.treasuries.cards],
  topEntities: topEntities(treasuryProducts, Number(CLASS_PAGES.treasuries.cards[0].amount), 4),
  total: CLASS_PAGES.treasuries.total,
  products: treasuryProducts.map((p) => ({
    ...listed(p),
    platform: p.platform,
    issuer: p.issuer,
    yieldToMaturity: null,
    eligibleInvestors: p.eligibleInvestors ?? '',
  })),
};

const commodityProducts = productsOf(snapshot, 'Commodities');

/** Platform cards: the listed products by issuer, then the rest of the spec's total and product count as one card. */
function commodityPlatforms(products: SnapshotProduct[]) {
  const by = new Map<string, { marketCap: number; assetCount: number }>();
  for (const p of products) {
    const e = by.get(p.issuer) ?? { marketCap: 0, assetCount: 0 };
    by.set(p.issuer, { marketCap: e.marketCap + p.marketCap, assetCount: e.assetCount + 1 });
  }
  const listedCap = products.reduce((s, p) => s + p.marketCap, 0);
  const [total, count, , platforms] = CLASS_PAGES.commodities.cards.map((c) => Number(c.amount));
  const rest = { marketCap: total - listedCap, assetCount: count - products.length, platforms: platforms - by.size };
  return [
    ...[...by.entries()].map(([name, e]) => ({ name, ...e })),
    ...(rest.assetCount > 0 && rest.marketCap > 0
      ? [{ name: `Other platforms (${rest.platforms})`, marketCap: rest.marketCap, assetCount: rest.assetCount }]
      : []),
  ];
}

export const commodities: CommoditiesData = {
  asOf,
  cards: [...CLASS_PAGES.commodities.cards],
  rows: commodityProducts.map((p, i) => ({
    rank: i + 1,
    ...listed(p),
    type: p.type ?? '',
    price: p.price ?? 0,
    change24h: p.change24h,
  })),
  // The snapshot's 24-hour changes are its synthetic detail: marked so wherever they are shown.
  changeOrigin: 'illustrative',
  platforms: commodityPlatforms(commodityProducts),
};

const loanBook = parseSnapshot(loanBookSchema, 'private-credit.json', loanBookJson);

/** A pool of the loan book; a tracked product's pool takes its name and principal from the dataset. */
function pool(p: (typeof loanBook.pools)[number]): CreditPool {
  if (!('product' in p)) return p;
  const { product: symbol, ...rest } = p;
  const product = snapshot.bySymbol.get(symbol);
  if (!product) throw new Error(`content/data/private-credit.json: pool of ${symbol}, which products.json does not list`);
  return { ...rest, name: product.name, principalOutstanding: product.marketCap, product: product.symbol };
}

export const privateCredit: PrivateCreditData = {
  asOf,
  cards: [...CLASS_PAGES.privateCredit.cards],
  platformsTotal: CLASS_PAGES.privateCredit.platformsTotal,
  platforms: loanBook.platforms,
  poolsTotal: CLASS_PAGES.privateCredit.poolsTotal,
  pools: loanBook.pools.map(pool),
};

const snapshotStablecoins = stablecoins;
const snapshotTreasuries = treasuries;

/** The snapshot's own object is served unchanged without a run; a run's figures are a new object (asset-class-live.ts). */
const originOf = <T>(data: T, snapshot: T) => figureOrigin(data !== snapshot);

/** Dollar figures as numeric strings in API responses (spec: money travels as strings). */
const money = moneyString;

export function stablecoinsResponse(stablecoins: StablecoinsData = snapshotStablecoins) {
  return {
    asOf: stablecoins.asOf,
    total: stablecoins.total,
    stablecoins: stablecoins.rows.map((r) => ({ ...r, marketCap: money(r.marketCap), price: money(r.price) })),
    origin: originOf(stablecoins, snapshotStablecoins),
  };
}

export function stablecoinOverviewResponse(stablecoins: StablecoinsData = snapshotStablecoins) {
  const [marketCap, volume, active, holders] = stablecoins.cards;
  // An unavailable figure (a live run has no source for it) is null, not 0.
  const num = (amount: string) => (amount === '' ? null : Number(amount));
  return {
    asOf: stablecoins.asOf,
    marketCap: marketCap.amount || null,
    marketCapChange30d: marketCap.change,
    monthlyTransferVolume: volume.amount || null,
    monthlyTransferVolumeChange30d: volume.change,
    monthlyActiveAddresses: num(active.amount),
    monthlyActiveAddressesChange30d: active.change,
    holders: num(holders.amount),
    holdersChange30d: holders.change,
    totalStablecoins: stablecoins.total,
    cards: stablecoins.cards,
    origin: originOf(stablecoins, snapshotStablecoins),
  };
}

export function treasuriesResponse(treasuries: TreasuriesData = snapshotTreasuries) {
  return {
    asOf: treasuries.asOf,
    cards: treasuries.cards,
    topEntities: treasuries.topEntities.map((e) => ({ ...e, marketCap: money(e.marketCap) })),
    total: treasuries.total,
    products: treasuries.products.map((p) => ({ ...p, marketCap: money(p.marketCap) })),
    origin: originOf(treasuries, snapshotTreasuries),
  };
}

const snapshotPrivateCredit = privateCredit;

export function privateCreditResponse(data: PrivateCreditData = snapshotPrivateCredit) {
  return {
    asOf: data.asOf,
    cards: data.cards,
    platformsTotal: data.platformsTotal,
    platforms: data.platforms.map((p) => withMoney(p, ['totalLoans', 'activeLoans', 'defaultedAmount'])),
    poolsTotal: data.poolsTotal,
    pools: data.pools.map((p) => withMoney(p, ['principalOutstanding', 'defaultedAmount'])),
    // The snapshot's loan book holds dated estimates (never synthetic); a run's figures are live.
    origin: originOf(data, snapshotPrivateCredit),
  };
}

const iconByName = new Map(parseSnapshot(networkIconsSchema, 'networks.json', networksJson).map((n) => [n.name, n.iconUrl]));

/** The icon of a network of the snapshot by its display name, if there is one. */
export function networkIcon(name: string): string | undefined {
  return iconByName.get(name);
}

/** Every network icon of the snapshot by display name, for components that draw several. */
export const NETWORK_ICONS: Readonly<Record<string, string>> = Object.fromEntries(iconByName);
