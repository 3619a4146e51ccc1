/**
 * The asset-class pages' snapshot: one source for the pre-rendered pages and the
 * /api/stablecoins, /api/stablecoin-overview, /api/treasuries and /api/private-credit endpoints.
 */
import stablecoinsJson from '../../../../content/data/stablecoins.json';
import treasuriesJson from '../../../../content/data/treasuries.json';
import privateCreditJson from '../../../../content/data/private-credit.json';
import commoditiesJson from '../../../../content/data/commodities.json';
import networksJson from '../../../../content/data/networks.json';
import {
  commoditiesSchema,
  networkIconsSchema,
  parseSnapshot,
  privateCreditSchema,
  stablecoinsSchema,
  treasuriesSchema,
} from './snapshot-schema.ts';
import type { StablecoinsData, TreasuriesData } from '#lib/shared/analytics-types.ts';
import { moneyString } from '#lib/shared/money.ts';
import { figureOrigin } from '#lib/shared/origin.ts';

export const stablecoins: StablecoinsData = parseSnapshot(stablecoinsSchema, 'stablecoins.json', stablecoinsJson);
export const treasuries: TreasuriesData = parseSnapshot(treasuriesSchema, 'treasuries.json', treasuriesJson);
export const privateCredit = parseSnapshot(privateCreditSchema, 'private-credit.json', privateCreditJson);
export const commodities = parseSnapshot(commoditiesSchema, 'commodities.json', commoditiesJson);

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

export function privateCreditResponse() {
  return {
    asOf: privateCredit.asOf,
    cards: privateCredit.cards,
    platformsTotal: privateCredit.platformsTotal,
    platforms: privateCredit.platforms.map((p) => ({
      ...p,
      totalLoans: money(p.totalLoans),
      activeLoans: money(p.activeLoans),
      defaultedAmount: money(p.defaultedAmount),
    })),
    poolsTotal: privateCredit.poolsTotal,
    pools: privateCredit.pools.map((p) => ({
      ...p,
      principalOutstanding: money(p.principalOutstanding),
      defaultedAmount: money(p.defaultedAmount),
    })),
    // No source reads private credit yet: always the snapshot's dated estimates (never synthetic).
    origin: figureOrigin(false),
  };
}

const iconByName = new Map(parseSnapshot(networkIconsSchema, 'networks.json', networksJson).map((n) => [n.name, n.iconUrl]));

/** The icon of a network of the snapshot by its display name, if there is one. */
export function networkIcon(name: string): string | undefined {
  return iconByName.get(name);
}

/** Every network icon of the snapshot by display name, for components that draw several. */
export const NETWORK_ICONS: Readonly<Record<string, string>> = Object.fromEntries(iconByName);
