/**
 * From raw observations to what the site serves. After a run, every published figure (market
 * overview, chart data, networks, the six network series, assets, transfers) is derived from the
 * stored observations and transfers and written in ONE transaction, replacing the previous
 * figures: a reader sees the previous run or this one, never half of each. Only accepted rows
 * (published by an earlier run) and the run's own rows are read; which figure each cell shows
 * (fresh, stale, held) is decided by the pure steps of cells.ts, and each published table is built
 * by one pure build* step here. The breakers (per asset and chain, then totals) run before this, in
 * run.ts. A figure no source gives (holders from an API that has none, a change without an earlier
 * day) is left out or null, never filled in.
 */
import { and, desc, eq, gte, lt, lte, or } from 'drizzle-orm';
import { formatUnits } from 'viem';
import type { Database } from '#db/client.ts';
import { configFor } from '#lib/server/config.ts';
import {
  assets,
  chartPoints,
  datasetMeta,
  ingestCheckpoints,
  ingestHistory,
  ingestObservations,
  ingestRuns,
  ingestTransfers,
  networks,
  networkSeries,
  transfers,
} from '#db/schema/index.ts';
import { MAX_USD, outOfBounds } from './bounds.ts';
import {
  carryStale,
  cellKey,
  failureFor,
  pickObservations,
  stalePriceCells,
  totalsBreaker,
  type CellFigure,
  type Failure,
  type Obs,
  type StaleCell,
  type StalePriceNote,
  type Totals,
} from './cells.ts';
import { historyOf, protocolFill, sourceOf, type History } from './history.ts';
import { priceMoveFlag } from './prices.ts';
import { HISTORY_DAYS } from './sources/defillama-history.ts';
import { issuanceWallets, type Registry } from './registry.ts';
import { chainDisplayName } from './external-names.ts';
import { countedOnce } from '#lib/server/figures/counted-once.ts';
import { DAY_MS, dayEnd, shiftDay } from '#lib/shared/utc-day.ts';

const ZERO = '0x0000000000000000000000000000000000000000';
/** Published transfers cover the longest window the API offers (90 days). */
const TRANSFER_WINDOW_DAYS = 90;

const CLASS_FIELD: Record<string, keyof Omit<typeof chartPoints.$inferInsert, 'date' | 'source'>> = {
  'U.S. Treasuries': 'usTreasuryDebt',
  'Private Credit': 'privateCredit',
  Commodities: 'commodities',
  'Institutional Funds': 'institutionalFunds',
  Stocks: 'stocks',
  'Global Bonds': 'governmentDebt',
  'Managed Strategies': 'managedStrategies',
  'Corporate Bonds': 'corporateBonds',
  Stablecoins: 'stablecoins',
};

/** Network icons shipped in public/icons/networks. */
const ICONS = new Set([
  'aptos',
  'arbitrum',
  'avalanche',
  'base',
  'bnb-chain',
  'celo',
  'ethereum',
  'mantra',
  'plume',
  'polygon',
  'provenance',
  'sei',
  'solana',
  'stellar',
  'tron',
  'xdc',
  'zksync-era',
]);
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const iconFor = (name: string) => (ICONS.has(slug(name)) ? `/icons/networks/${slug(name)}.svg` : '');

const round = (n: number, d = 2) => Number(n.toFixed(d));
const isoSeconds = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z');

export type { Totals } from './cells.ts';

export interface Derived {
  asOf: string;
  totals: Totals;
  overview: Record<string, unknown>;
  networkRows: Array<typeof networks.$inferInsert>;
  seriesRows: Array<typeof networkSeries.$inferInsert>;
  chartRows: Array<typeof chartPoints.$inferInsert>;
  assetRows: Array<typeof assets.$inferInsert>;
  transferRows: Array<typeof transfers.$inferInsert>;
  /** Per asset and chain, the figure published for the as-of day (the next run's per-asset breaker). */
  cells: Record<string, CellFigure>;
  /** Cells shown with an earlier day's figure. */
  stale: StaleCell[];
  /** Per asset class, the as-of day's value in dollars. */
  classValues: Record<string, number>;
}

export interface DeriveOptions {
  /** The run being published: its rows count although not yet accepted. */
  runId?: number;
  failures?: Failure[];
  /** Cells the per-asset breaker holds (`SYMBOL|chain` -> why). */
  held?: Map<string, string>;
  /** Assets valued at a price past its staleness bound. */
  stalePrices?: StalePriceNote[];
  now?: number;
  /** A head-first run: its rows of the day before (the sources read at the close) stand for today's missing cells (cells.ts carryStale). */
  head?: boolean;
}

/** `holders` sums the rows that count holders; null when none does (a source without holders never erases the others'). */
type Cell = { value: number; holders: number | null; assets: Set<string>; issuers: Set<string> };
type Grid = Map<string, Map<string, Cell>>; // date -> chain -> cell

/** Per date and chain, RWA and stablecoin cells; per date, class sums, asset values and prices. */
export function gridOf(obs: Iterable<Obs>, registry: Registry) {
  const byAsset = new Map(registry.assets.map((a) => [a.symbol, a]));
  const rwa: Grid = new Map();
  const stable: Grid = new Map();
  const classByDate = new Map<string, Record<string, number>>();
  const assetValue = new Map<string, Map<string, number>>();
  // date -> symbol -> unique holders across the EVM chains, plus the other families' (their address spaces do not overlap)
  const assetHolders = new Map<string, Map<string, number>>();
  const assetChainHolders = new Map<string, Map<string, number>>(); // date -> symbol -> per-chain counts summed (no unique figure)
  const otherHolders = new Map<string, Map<string, number>>(); // date -> symbol -> holders of rows without a cross-chain figure
  const priceOf = new Map<string, number>();
  const cellValue = new Map<string, number>(); // `${date}|${symbol}|${chain}` -> value
  // Totals (chains, classes) count a fund-of-funds' holdings once; an asset's own value stays whole.
  const counted = countedOnce(registry);
  for (const o of obs) {
    const a = byAsset.get(o.assetSymbol);
    if (!a) continue;
    if (o.price !== null) priceOf.set(`${o.date}|${o.assetSymbol}`, o.price);
    if (o.assetHolders !== null && o.assetHolders !== undefined)
      (assetHolders.get(o.date) ?? assetHolders.set(o.date, new Map()).get(o.date)!).set(o.assetSymbol, o.assetHolders);
    if (o.holders !== null) {
      const m = assetChainHolders.get(o.date) ?? assetChainHolders.set(o.date, new Map()).get(o.date)!;
      m.set(o.assetSymbol, (m.get(o.assetSymbol) ?? 0) + o.holders);
      if (o.assetHolders === null || o.assetHolders === undefined) {
        const x = otherHolders.get(o.date) ?? otherHolders.set(o.date, new Map()).get(o.date)!;
        x.set(o.assetSymbol, (x.get(o.assetSymbol) ?? 0) + o.holders);
      }
    }
    if (o.value === null) continue;
    cellValue.set(`${o.date}|${o.assetSymbol}|${o.chain}`, o.value);
    const target = a.assetClass === 'Stablecoins' ? stable : rwa;
    const perChain = target.get(o.date) ?? target.set(o.date, new Map()).get(o.date)!;
    const cell =
      perChain.get(o.chain) ?? perChain.set(o.chain, { value: 0, holders: null, assets: new Set(), issuers: new Set() }).get(o.chain)!;
    cell.value += counted(o.assetSymbol, o.value);
    if (o.holders !== null) cell.holders = (cell.holders ?? 0) + o.holders;
    if (o.value > 0) {
      cell.assets.add(o.assetSymbol);
      cell.issuers.add(a.issuer);
    }
    const cls = classByDate.get(o.date) ?? classByDate.set(o.date, {}).get(o.date)!;
    cls[a.assetClass] = (cls[a.assetClass] ?? 0) + counted(o.assetSymbol, o.value);
    const av = assetValue.get(o.date) ?? assetValue.set(o.date, new Map()).get(o.date)!;
    av.set(o.assetSymbol, (av.get(o.assetSymbol) ?? 0) + o.value);
  }
  // An asset on EVM chains and on Stellar (or another family): the EVM union plus the others' holders.
  for (const [date, m] of otherHolders)
    for (const [symbol, n] of m) {
      const union = assetHolders.get(date)?.get(symbol);
      if (union !== undefined) assetHolders.get(date)!.set(symbol, union + n);
    }
  return { rwa, stable, classByDate, assetValue, assetHolders, assetChainHolders, priceOf, cellValue };
}
type GridOf = ReturnType<typeof gridOf>;

const sumOf = (m: Map<string, Cell> | undefined, f: (c: Cell) => number | null) =>
  [...(m?.values() ?? [])].reduce((s, c) => s + (f(c) ?? 0), 0);
const pct = (now: number, before: number | undefined) => (before ? round(((now - before) / before) * 100) : null);

/**
 * Holders of RWAs: per asset its unique addresses across chains (an address on two chains is one
 * holder), summed over assets; per-chain counts where an asset has no cross-chain figure.
 */
function rwaHolders(g: GridOf, registry: Registry, date: string): number {
  let total = 0;
  for (const a of registry.assets) {
    if (a.assetClass === 'Stablecoins' || !g.assetValue.get(date)?.has(a.symbol)) continue;
    total += g.assetHolders.get(date)?.get(a.symbol) ?? g.assetChainHolders.get(date)?.get(a.symbol) ?? 0;
  }
  return total;
}

export function buildOverview(g: GridOf, registry: Registry, asOf: string, then30: string | undefined) {
  const rwaNow = g.rwa.get(asOf);
  const totals: Totals = { rwa: sumOf(rwaNow, (c) => c.value), stablecoins: sumOf(g.stable.get(asOf), (c) => c.value) };
  const holdersNow = rwaHolders(g, registry, asOf);
  const issuers = new Set([...(rwaNow?.values() ?? [])].flatMap((c) => [...c.issuers]));
  const overview = {
    totalRWAValue: String(round(totals.rwa)),
    totalAssetHolders: holdersNow,
    totalRWAHolders: holdersNow,
    totalAssetIssuers: issuers.size,
    totalStablecoinValue: String(round(totals.stablecoins)),
    changes30d: {
      totalRWAValue: pct(totals.rwa, then30 ? sumOf(g.rwa.get(then30), (c) => c.value) : undefined),
      totalAssetHolders: pct(holdersNow, then30 ? rwaHolders(g, registry, then30) : undefined),
      totalStablecoinValue: pct(totals.stablecoins, then30 ? sumOf(g.stable.get(then30), (c) => c.value) : undefined),
    },
  };
  return { totals, overview };
}

export function buildNetworks(g: GridOf, asOf: string, before30: string | undefined, total: number, chainName: (k: string) => string) {
  return [...(g.rwa.get(asOf)?.entries() ?? [])]
    .filter(([, c]) => c.value > 0)
    .map(([chain, c]) => {
      const then = before30 ? g.rwa.get(before30)?.get(chain)?.value : undefined;
      return {
        id: chain,
        name: chainName(chain),
        iconUrl: iconFor(chainName(chain)),
        rwaCount: c.assets.size,
        totalValue: round(c.value),
        marketShare: total > 0 ? round((c.value / total) * 100) : 0,
        change30d: then ? round(((c.value - then) / then) * 100) : null,
      };
    });
}

export function buildAssets(
  g: GridOf,
  registry: Registry,
  asOf: string,
  before7: string | undefined,
  dayBefore: string | undefined,
  stale: StaleCell[],
) {
  const byAsset = new Map(registry.assets.map((a) => [a.symbol, a]));
  return [...(g.assetValue.get(asOf)?.entries() ?? [])].map(([symbol, value]) => {
    const a = byAsset.get(symbol)!;
    const then = before7 ? g.assetValue.get(before7)?.get(symbol) : undefined;
    const mine = stale.filter((s) => s.asset === symbol);
    return {
      symbol,
      name: a.name,
      assetClass: a.assetClass,
      marketCap: round(value),
      change7d: then ? round(((value - then) / then) * 100) : null,
      priceFlag: dayBefore ? priceMoveFlag(g.priceOf.get(`${dayBefore}|${symbol}`), g.priceOf.get(`${asOf}|${symbol}`)) : null,
      stale: mine.length
        ? {
            since: mine.map((s) => s.since).sort()[0],
            ageHours: Math.max(...mine.map((s) => s.ageHours)),
            chains: mine.map((s) => s.chain),
            reason: mine[0].reason,
          }
        : null,
    };
  });
}

const NO_HISTORY: History = { dates: [], stablecoins: new Map(), stablecoinsByChain: new Map(), protocol: new Map() };

/**
 * The stacked chart per day: the runs' reads, filled from the history (history.ts says the rules),
 * each point with its source: the run's reads of that day (`readLabel`), else the history's URLs.
 */
export function buildChart(g: GridOf, dates: string[], registry?: Registry, h: History = NO_HISTORY, readLabel = 'observations') {
  const classOf = new Map(registry?.assets.map((a) => [a.symbol, a.assetClass]) ?? []);
  const read = (date: string, symbol: string, chain: string) => g.cellValue.has(`${date}|${symbol}|${chain}`);
  return dates.map((date) => {
    const row: typeof chartPoints.$inferInsert = {
      date,
      privateCredit: 0,
      usTreasuryDebt: 0,
      commodities: 0,
      institutionalFunds: 0,
      stocks: 0,
      governmentDebt: 0,
      managedStrategies: 0,
      corporateBonds: 0,
      stablecoins: 0,
    };
    const urls: string[] = [];
    for (const [cls, v] of Object.entries(g.classByDate.get(date) ?? {})) if (CLASS_FIELD[cls]) row[CLASS_FIELD[cls]] = v / 1e9;
    for (const f of protocolFill(h, date, read)) {
      const field = CLASS_FIELD[classOf.get(f.symbol) ?? ''];
      if (!field || field === 'stablecoins') continue;
      row[field] = (row[field] as number) + countedOnce(registry)(f.symbol, f.value) / 1e9;
      urls.push(f.url);
    }
    const market = h.stablecoins.get(date);
    if (market) {
      row.stablecoins = market.value / 1e9;
      urls.push(market.url);
    }
    row.source = sourceOf([...(g.classByDate.has(date) ? [readLabel] : []), ...urls]);
    return row;
  });
}

export interface TransferIn {
  chain: string;
  token: string;
  assetSymbol: string;
  txHash: string;
  blockTime: string;
  from: string;
  to: string;
  amount: string;
}

/**
 * Activity per day and chain, and the published list. Mints, burns and moves from or to issuer and
 * escrow wallets are issuance, not transfers between holders (issue 19.4). A cell not published
 * fresh (failed, held) publishes none of its transfers; a transfer worth more than its asset's
 * whole value on that chain that day or the day before cannot be real, and is left out (17.5).
 */
export function buildTransfers(
  g: GridOf,
  registry: Registry,
  rows: TransferIn[],
  decimals: Map<string, number>,
  asOf: string,
  windowStart: string,
  blocked: (asset: string, chain: string) => boolean,
  chainName: (k: string) => string,
) {
  const byAsset = new Map(registry.assets.map((a) => [a.symbol, a]));
  const issuance = new Map<string, Set<string>>();
  const issuanceOf = (asset: string, chain: string) => {
    const k = cellKey(asset, chain);
    let s = issuance.get(k);
    if (!s) issuance.set(k, (s = byAsset.has(asset) ? issuanceWallets(byAsset.get(asset)!, chain) : new Set()));
    return s;
  };
  const active = new Map<string, Set<string>>();
  const volume = new Map<string, number>();
  const transferRows: Array<typeof transfers.$inferInsert> = [];
  for (const t of rows) {
    if (blocked(t.assetSymbol, t.chain)) continue;
    const day = t.blockTime.slice(0, 10);
    const key = `${day}|${t.chain}`;
    const addrs = active.get(key) ?? active.set(key, new Set()).get(key)!;
    if (t.from !== ZERO) addrs.add(t.from);
    if (t.to !== ZERO) addrs.add(t.to);
    const own = issuanceOf(t.assetSymbol, t.chain);
    if (t.from === ZERO || t.to === ZERO || own.has(t.from) || own.has(t.to)) continue;
    const price = g.priceOf.get(`${day}|${t.assetSymbol}`) ?? g.priceOf.get(`${asOf}|${t.assetSymbol}`);
    const dec = decimals.get(`${t.chain}|${t.token}`);
    if (price === undefined || dec === undefined) continue;
    const usd = Number(formatUnits(BigInt(t.amount), dec)) * price;
    const cap = Math.max(
      g.cellValue.get(`${day}|${t.assetSymbol}|${t.chain}`) ?? 0,
      g.cellValue.get(`${shiftDay(day, -1)}|${t.assetSymbol}|${t.chain}`) ?? 0,
    );
    if (outOfBounds(usd, MAX_USD) || (cap > 0 && usd > cap)) continue;
    volume.set(key, (volume.get(key) ?? 0) + usd);
    if (t.blockTime >= windowStart)
      transferRows.push({
        assetSymbol: t.assetSymbol,
        usdAmount: round(usd),
        date: isoSeconds(t.blockTime),
        network: chainName(t.chain),
        txHash: t.txHash,
      });
  }
  return { active, volume, transferRows, indexedChains: new Set(rows.map((t) => t.chain)) };
}

/**
 * The six network series per day: the runs' reads (`dates`), and on the history's days (h.dates)
 * the values the history gives (history.ts). Activity (addresses, volume) and holders come from
 * the runs' logs only: a day no run read has none, never a zero.
 */
function buildSeries(
  g: GridOf,
  dates: string[],
  t: ReturnType<typeof buildTransfers>,
  chainName: (k: string) => string,
  registry: Registry,
  h: History,
  readLabel: string,
) {
  const read = new Set(dates);
  const all = [...new Set([...dates, ...h.dates])].sort();
  const monthEnd = new Map(all.map((d, i) => [d, all[i + 1]?.slice(0, 7) !== d.slice(0, 7)]));
  const stable = new Set(registry.assets.filter((a) => a.assetClass === 'Stablecoins').map((a) => a.symbol));
  const seriesRows: Array<typeof networkSeries.$inferInsert> = [];
  const push = (metric: string, date: string, chain: string, value: number, source: string) =>
    seriesRows.push({ metric, date, network: chainName(chain), value: round(value, 2), monthEnd: monthEnd.get(date)!, source });
  const cellRead = (date: string, symbol: string, chain: string) => g.cellValue.has(`${date}|${symbol}|${chain}`);
  for (const date of all) {
    const rwa = new Map<string, { value: number; urls: string[]; read: boolean }>();
    for (const [chain, c] of g.rwa.get(date) ?? []) rwa.set(chain, { value: c.value, urls: [], read: true });
    for (const f of protocolFill(h, date, cellRead)) {
      if (stable.has(f.symbol)) continue;
      const c = rwa.get(f.chain) ?? rwa.set(f.chain, { value: 0, urls: [], read: false }).get(f.chain)!;
      c.value += countedOnce(registry)(f.symbol, f.value);
      c.urls.push(f.url);
    }
    for (const [chain, c] of rwa)
      if (c.value > 0 || c.read)
        push('tokenized-asset-value', date, chain, c.value, sourceOf([...(c.read ? [readLabel] : []), ...c.urls])!);
    for (const [chain, c] of g.rwa.get(date) ?? []) if (c.holders !== null) push('rwa-holders', date, chain, c.holders, readLabel);
    const chains = new Set([
      ...(g.stable.get(date)?.keys() ?? []),
      ...[...h.stablecoinsByChain].filter(([, s]) => s.has(date)).map(([k]) => k),
    ]);
    for (const chain of chains) {
      const market = h.stablecoinsByChain.get(chain)?.get(date);
      const c = g.stable.get(date)?.get(chain);
      if (market) push('stablecoin-market-caps', date, chain, market.value, market.url);
      else if (c) push('stablecoin-market-caps', date, chain, c.value, readLabel);
      if (c && c.holders !== null) push('stablecoin-holders', date, chain, c.holders, readLabel);
    }
    if (!read.has(date)) continue;
    for (const chain of t.indexedChains) {
      push('active-addresses', date, chain, t.active.get(`${date}|${chain}`)?.size ?? 0, readLabel);
      push('transfer-volume', date, chain, t.volume.get(`${date}|${chain}`) ?? 0, readLabel);
    }
  }
  return seriesRows;
}

/** The stablecoin headline from the market's history when it has the day (history.ts), with its 30-day change. */
function marketStablecoins(h: History, asOf: string): { now: number; change30d: number | null } | null {
  const now = h.stablecoins.get(asOf);
  if (!now) return null;
  const then = [...h.stablecoins.keys()]
    .filter((d) => d <= shiftDay(asOf, -30))
    .sort()
    .at(-1);
  return { now: now.value, change30d: then ? pct(now.value, h.stablecoins.get(then)!.value) : null };
}

/** Every (asset, chain) the registry or an earlier accepted row knows of: the cells a failure can leave stale. */
function knownCells(registry: Registry, rows: Obs[], runId: number) {
  const seen = new Map<string, { asset: string; chain: string }>();
  for (const a of registry.assets) for (const d of a.deployments) seen.set(cellKey(a.symbol, d.chain), { asset: a.symbol, chain: d.chain });
  // This run's own cells too: a head-first run's aggregator cells (DefiLlama's chains) have no accepted row on a first run.
  for (const o of rows)
    if (o.accepted || o.runId === runId) seen.set(cellKey(o.assetSymbol, o.chain), { asset: o.assetSymbol, chain: o.chain });
  return [...seen.values()];
}

/** Everything the site serves, computed from the stored observations up to `asOf`. */
export async function derive(db: Database, registry: Registry, asOf: string, opts: DeriveOptions = {}): Promise<Derived> {
  const runId = opts.runId ?? -1;
  const chainName = (key: string) => chainDisplayName(registry, key);
  const rows = (await db
    .select()
    .from(ingestObservations)
    .where(
      and(lte(ingestObservations.date, asOf), or(eq(ingestObservations.accepted, true), eq(ingestObservations.runId, runId))),
    )) as Obs[];
  const failures = opts.failures ?? [];
  const held = opts.held ?? new Map<string, string>();
  const accepted = pickObservations(
    rows.filter((r) => r.accepted),
    -1,
  );
  const { picked, stale: carried } = carryStale(
    pickObservations(rows, runId),
    accepted,
    knownCells(registry, rows, runId),
    asOf,
    runId,
    failures,
    held,
    opts.now,
    opts.head,
  );
  const stale = [...carried, ...stalePriceCells(picked, opts.stalePrices ?? [], asOf, opts.now)];
  const g = gridOf(picked.values(), registry);
  const dates = [...new Set([...picked.values()].map((o) => o.date))].sort();
  const dateAtOrBefore = (date: string) => [...dates].reverse().find((d) => d <= date);
  const before30 = dateAtOrBefore(shiftDay(asOf, -30));
  const { totals, overview } = buildOverview(g, registry, asOf, before30);
  const h = historyOf(
    await db
      .select()
      .from(ingestHistory)
      .where(and(lte(ingestHistory.date, asOf), gte(ingestHistory.date, shiftDay(asOf, -HISTORY_DAYS)))),
    asOf,
  );
  const market = marketStablecoins(h, asOf);
  if (market) {
    totals.stablecoins = market.now;
    overview.totalStablecoinValue = String(round(market.now));
    overview.changes30d.totalStablecoinValue = market.change30d;
  }
  // A day the runs read: its figures come from the observations (blocks and API URLs, on the asset pages).
  const readLabel = 'ingest runs: the chain and API reads of the day';
  const networkRows = buildNetworks(g, asOf, before30, totals.rwa, chainName);
  const assetRows = buildAssets(g, registry, asOf, dateAtOrBefore(shiftDay(asOf, -7)), dateAtOrBefore(shiftDay(asOf, -1)), stale);
  const chartRows = buildChart(g, [...new Set([...dates, ...h.dates])].sort(), registry, h, readLabel);
  const decimals = new Map((await db.select().from(ingestCheckpoints)).map((c) => [`${c.chain}|${c.token}`, c.decimals]));
  const tRows = await db
    .select({
      chain: ingestTransfers.chain,
      token: ingestTransfers.token,
      assetSymbol: ingestTransfers.assetSymbol,
      txHash: ingestTransfers.txHash,
      blockTime: ingestTransfers.blockTime,
      from: ingestTransfers.from,
      to: ingestTransfers.to,
      amount: ingestTransfers.amount,
    })
    .from(ingestTransfers)
    .where(and(gte(ingestTransfers.blockTime, dates[0] ?? asOf), lt(ingestTransfers.blockTime, new Date(dayEnd(asOf)).toISOString())));
  const windowStart = new Date(dayEnd(asOf) - TRANSFER_WINDOW_DAYS * DAY_MS).toISOString();
  const blocked = (asset: string, chain: string) => held.has(cellKey(asset, chain)) || !!failureFor(failures, asset, chain);
  const t = buildTransfers(g, registry, tRows, decimals, asOf, windowStart, blocked, chainName);
  const seriesRows = buildSeries(g, dates, t, chainName, registry, h, readLabel);
  const cells: Record<string, CellFigure> = {};
  for (const o of picked.values()) if (o.date === asOf) cells[cellKey(o.assetSymbol, o.chain)] = { value: o.value, holders: o.holders };
  return {
    asOf,
    totals,
    overview,
    networkRows,
    seriesRows,
    chartRows,
    assetRows,
    transferRows: t.transferRows,
    cells,
    stale,
    classValues: g.classByDate.get(asOf) ?? {},
  };
}

export interface BreakerResult {
  ok: boolean;
  reason?: string;
}

/** The bound on a published figure's drop between runs (INGEST_MAX_CHANGE, a fraction; default 0.5). */
export function maxChange(env: NodeJS.ProcessEnv = process.env): number {
  return configFor(env).ingest.maxChange;
}

/** The last published run's totals and cells, for the breaker. */
export async function lastPublished(db: Database) {
  const [prev] = await db
    .select({ id: ingestRuns.id, totals: ingestRuns.totals, cells: ingestRuns.cells })
    .from(ingestRuns)
    .where(eq(ingestRuns.status, 'published'))
    .orderBy(desc(ingestRuns.id))
    .limit(1);
  return prev;
}

/**
 * The fresh cells of the as-of day (this run's rows) the per-asset breaker compares. A head-first
 * run's cells read at the day before's close are published today too, so they are compared too.
 */
export async function freshCells(db: Database, runId: number, asOf: string, head = false): Promise<Map<string, CellFigure>> {
  const from = head ? shiftDay(asOf, -1) : asOf;
  const rows = await db
    .select()
    .from(ingestObservations)
    .where(and(eq(ingestObservations.runId, runId), gte(ingestObservations.date, from), lte(ingestObservations.date, asOf)));
  const out = new Map<string, CellFigure>();
  // Oldest first: a cell read today replaces its row of the day before.
  const picked = [...pickObservations(rows, runId).values()].sort((a, b) => a.date.localeCompare(b.date));
  for (const o of picked) out.set(cellKey(o.assetSymbol, o.chain), { value: o.value, holders: o.holders });
  return out;
}

/** Compares the totals with the last published run; a first run is only checked for finite, non-negative totals. */
export async function checkBreaker(db: Database, totals: Totals, bound: number, maxJump = 5): Promise<BreakerResult> {
  const prev = await lastPublished(db);
  const why = totalsBreaker(prev?.totals ?? null, totals, bound, maxJump);
  if (!why) return { ok: true };
  return { ok: false, reason: prev ? `${why} (run ${prev.id} published)` : why };
}

const CHUNK = 500;

/** Replaces the published figures with `d` and marks the run published, in one transaction. */
export async function writePublished(
  db: Database,
  runId: number,
  d: Derived,
  notAccepted: Iterable<string> = [],
  comparison?: unknown,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(networks);
    await tx.delete(networkSeries);
    await tx.delete(chartPoints);
    await tx.delete(assets);
    await tx.delete(transfers);
    for (let i = 0; i < d.networkRows.length; i += CHUNK) await tx.insert(networks).values(d.networkRows.slice(i, i + CHUNK));
    for (let i = 0; i < d.seriesRows.length; i += CHUNK) await tx.insert(networkSeries).values(d.seriesRows.slice(i, i + CHUNK));
    for (let i = 0; i < d.chartRows.length; i += CHUNK) await tx.insert(chartPoints).values(d.chartRows.slice(i, i + CHUNK));
    for (let i = 0; i < d.assetRows.length; i += CHUNK) await tx.insert(assets).values(d.assetRows.slice(i, i + CHUNK));
    for (let i = 0; i < d.transferRows.length; i += CHUNK) await tx.insert(transfers).values(d.transferRows.slice(i, i + CHUNK));
    for (const [key, value] of [
      ['asOf', d.asOf],
      ['marketOverview', d.overview],
      ['publishedRun', runId],
      ['staleCells', d.stale],
      ...(comparison ? ([['snapshotComparison', comparison]] as const) : []),
    ] as const) {
      await tx.insert(datasetMeta).values({ key, value }).onConflictDoUpdate({ target: datasetMeta.key, set: { value } });
    }
    // Published figures replace the snapshot: a later first start must not load it over them.
    await tx.insert(datasetMeta).values({ key: 'seeded:analytics', value: new Date().toISOString() }).onConflictDoNothing();
    // This run's rows become servable history, except the cells it failed or held (never reused).
    await tx.update(ingestObservations).set({ accepted: true }).where(eq(ingestObservations.runId, runId));
    for (const key of notAccepted) {
      const [asset, chain] = key.split('|');
      await tx
        .update(ingestObservations)
        .set({ accepted: false })
        .where(and(eq(ingestObservations.runId, runId), eq(ingestObservations.assetSymbol, asset), eq(ingestObservations.chain, chain)));
    }
    await tx
      .update(ingestRuns)
      .set({ status: 'published', totals: { ...d.totals }, cells: d.cells, finishedAt: new Date().toISOString() })
      .where(eq(ingestRuns.id, runId));
  });
}
