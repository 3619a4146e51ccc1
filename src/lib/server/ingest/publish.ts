/**
 * From raw observations to what the site serves. After a run, every published figure (market
 * overview, chart data, networks, the six network series, assets, transfers) is derived from the
 * stored observations and transfers and written in ONE transaction, replacing the previous
 * figures: a reader sees the previous run or this one, never half of each. Before that, a circuit
 * breaker compares the new totals with the last published run; a move beyond the bound publishes
 * nothing and records why. A figure no source gives (holders from an API that has none, a change
 * without an earlier day) is left out or null, never filled in.
 */
import { and, desc, eq, gte, lt, lte } from 'drizzle-orm';
import { formatUnits } from 'viem';
import type { Database } from '../../../../db/client.ts';
import { configFor } from '../config.ts';
import {
  assets,
  chartPoints,
  datasetMeta,
  ingestCheckpoints,
  ingestObservations,
  ingestRuns,
  ingestTransfers,
  networks,
  networkSeries,
  transfers,
} from '../../../../db/schema/index.ts';
import type { Registry } from './registry.ts';
import { outranks } from './sources/precedence.ts';
import { DAY_MS, dayEnd } from './sources/types.ts';

const ZERO = '0x0000000000000000000000000000000000000000';
/** Published transfers cover the longest window the API offers (90 days). */
const TRANSFER_WINDOW_DAYS = 90;

const CLASS_FIELD: Record<string, keyof Omit<typeof chartPoints.$inferInsert, 'date'>> = {
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
const shiftDate = (date: string, days: number) => new Date(Date.parse(date + 'T00:00:00Z') + days * DAY_MS).toISOString().slice(0, 10);
const isoSeconds = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z');

export interface Totals {
  rwa: number;
  stablecoins: number;
}

export interface Derived {
  asOf: string;
  totals: Totals;
  overview: Record<string, unknown>;
  networkRows: Array<typeof networks.$inferInsert>;
  seriesRows: Array<typeof networkSeries.$inferInsert>;
  chartRows: Array<typeof chartPoints.$inferInsert>;
  assetRows: Array<typeof assets.$inferInsert>;
  transferRows: Array<typeof transfers.$inferInsert>;
}

/** Everything the site serves, computed from the stored observations up to `asOf`. */
export async function derive(db: Database, registry: Registry, asOf: string): Promise<Derived> {
  const byAsset = new Map(registry.assets.map((a) => [a.symbol, a]));
  const chainName = (key: string) => registry.chains[key]?.name ?? key;
  const obsRows = await db.select().from(ingestObservations).where(lte(ingestObservations.date, asOf));
  // One figure per date, asset and chain; the chain itself wins over an aggregator.
  const obs = new Map<string, (typeof obsRows)[number]>();
  for (const o of obsRows) {
    if (!byAsset.has(o.assetSymbol)) continue;
    const key = `${o.date}|${o.assetSymbol}|${o.chain}`;
    const prev = obs.get(key);
    if (!prev || outranks(o.source, prev.source)) obs.set(key, o);
  }
  const dates = [...new Set([...obs.values()].map((o) => o.date))].sort();

  type Cell = { value: number; holders: number | null; assets: Set<string>; issuers: Set<string> };
  const rwaByDateChain = new Map<string, Map<string, Cell>>();
  const stableByDateChain = new Map<string, Map<string, Cell>>();
  const classByDate = new Map<string, Record<string, number>>();
  const assetValue = new Map<string, Map<string, number>>(); // date -> symbol -> value
  const priceOf = new Map<string, number>(); // `${date}|${symbol}` -> price
  for (const o of obs.values()) {
    const a = byAsset.get(o.assetSymbol)!;
    if (o.price !== null) priceOf.set(`${o.date}|${o.assetSymbol}`, o.price);
    if (o.value === null) continue;
    const target = a.assetClass === 'Stablecoins' ? stableByDateChain : rwaByDateChain;
    const perChain = target.get(o.date) ?? target.set(o.date, new Map()).get(o.date)!;
    const cell =
      perChain.get(o.chain) ?? perChain.set(o.chain, { value: 0, holders: 0, assets: new Set(), issuers: new Set() }).get(o.chain)!;
    cell.value += o.value;
    cell.holders = cell.holders === null || o.holders === null ? null : cell.holders + o.holders;
    if (o.value > 0) {
      cell.assets.add(o.assetSymbol);
      cell.issuers.add(a.issuer);
    }
    const cls = classByDate.get(o.date) ?? classByDate.set(o.date, {}).get(o.date)!;
    cls[a.assetClass] = (cls[a.assetClass] ?? 0) + o.value;
    const av = assetValue.get(o.date) ?? assetValue.set(o.date, new Map()).get(o.date)!;
    av.set(o.assetSymbol, (av.get(o.assetSymbol) ?? 0) + o.value);
  }
  const sum = (m: Map<string, Cell> | undefined, f: (c: Cell) => number | null) =>
    [...(m?.values() ?? [])].reduce((s, c) => s + (f(c) ?? 0), 0);
  /** The latest observed date on or before `date`. */
  const dateAtOrBefore = (date: string) => [...dates].reverse().find((d) => d <= date);

  // Market overview.
  const rwaNow = rwaByDateChain.get(asOf);
  const totals: Totals = { rwa: sum(rwaNow, (c) => c.value), stablecoins: sum(stableByDateChain.get(asOf), (c) => c.value) };
  const holdersNow = sum(rwaNow, (c) => c.holders);
  const issuers = new Set([...(rwaNow?.values() ?? [])].flatMap((c) => [...c.issuers]));
  // 30-day changes of the totals, from the latest observed day at least 30 days back (null without one).
  const then30 = dateAtOrBefore(shiftDate(asOf, -30));
  const pct = (now: number, before: number | undefined) => (before ? round(((now - before) / before) * 100) : null);
  const overview = {
    totalRWAValue: String(round(totals.rwa)),
    totalAssetHolders: holdersNow,
    totalRWAHolders: holdersNow,
    totalAssetIssuers: issuers.size,
    totalStablecoinValue: String(round(totals.stablecoins)),
    changes30d: {
      totalRWAValue: pct(totals.rwa, then30 ? sum(rwaByDateChain.get(then30), (c) => c.value) : undefined),
      totalAssetHolders: pct(holdersNow, then30 ? sum(rwaByDateChain.get(then30), (c) => c.holders) : undefined),
      totalStablecoinValue: pct(totals.stablecoins, then30 ? sum(stableByDateChain.get(then30), (c) => c.value) : undefined),
    },
  };

  // Networks (tokenized assets other than stablecoins, as in the snapshot).
  const before30 = dateAtOrBefore(shiftDate(asOf, -30));
  const networkRows = [...(rwaNow?.entries() ?? [])]
    .filter(([, c]) => c.value > 0)
    .map(([chain, c]) => {
      const then = before30 ? rwaByDateChain.get(before30)?.get(chain)?.value : undefined;
      return {
        id: chain,
        name: chainName(chain),
        iconUrl: iconFor(chainName(chain)),
        rwaCount: c.assets.size,
        totalValue: round(c.value),
        marketShare: totals.rwa > 0 ? round((c.value / totals.rwa) * 100) : 0,
        change30d: then ? round(((c.value - then) / then) * 100) : null,
      };
    });

  // Assets with their 7-day change.
  const before7 = dateAtOrBefore(shiftDate(asOf, -7));
  const assetRows = [...(assetValue.get(asOf)?.entries() ?? [])].map(([symbol, value]) => {
    const a = byAsset.get(symbol)!;
    const then = before7 ? assetValue.get(before7)?.get(symbol) : undefined;
    return {
      symbol,
      name: a.name,
      assetClass: a.assetClass,
      marketCap: round(value),
      change7d: then ? round(((value - then) / then) * 100) : null,
    };
  });

  // Chart data: asset-class totals per observed date, in billions.
  const chartRows = dates.map((date) => {
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
    for (const [cls, v] of Object.entries(classByDate.get(date) ?? {})) if (CLASS_FIELD[cls]) row[CLASS_FIELD[cls]] = v / 1e9;
    return row;
  });

  // Transfers: activity per day and chain, and the published list of the last 90 days.
  const decimals = new Map((await db.select().from(ingestCheckpoints)).map((c) => [`${c.chain}|${c.token}`, c.decimals]));
  const firstDay = dates[0] ?? asOf;
  const windowStart = new Date(dayEnd(asOf) - TRANSFER_WINDOW_DAYS * DAY_MS).toISOString();
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
    .where(and(gte(ingestTransfers.blockTime, firstDay), lt(ingestTransfers.blockTime, new Date(dayEnd(asOf)).toISOString())));
  const active = new Map<string, Set<string>>(); // `${date}|${chain}` -> addresses
  const volume = new Map<string, number>();
  const indexedChains = new Set(tRows.map((t) => t.chain));
  const transferRows: Array<typeof transfers.$inferInsert> = [];
  for (const t of tRows) {
    const day = t.blockTime.slice(0, 10);
    const key = `${day}|${t.chain}`;
    const addrs = active.get(key) ?? active.set(key, new Set()).get(key)!;
    if (t.from !== ZERO) addrs.add(t.from);
    if (t.to !== ZERO) addrs.add(t.to);
    // Mints and burns are issuance, not transfers between holders: left out of volume and the list.
    if (t.from === ZERO || t.to === ZERO) continue;
    const price = priceOf.get(`${day}|${t.assetSymbol}`) ?? priceOf.get(`${asOf}|${t.assetSymbol}`);
    const dec = decimals.get(`${t.chain}|${t.token}`);
    if (price === undefined || dec === undefined) continue;
    const usd = Number(formatUnits(BigInt(t.amount), dec)) * price;
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

  // The six network series, one point per observed date (the chart keeps each month's last).
  const monthEnd = new Map(dates.map((d, i) => [d, dates[i + 1]?.slice(0, 7) !== d.slice(0, 7)]));
  const seriesRows: Array<typeof networkSeries.$inferInsert> = [];
  const push = (metric: string, date: string, chain: string, value: number) =>
    seriesRows.push({ metric, date, network: chainName(chain), value: round(value, 2), monthEnd: monthEnd.get(date)! });
  for (const date of dates) {
    for (const [chain, c] of rwaByDateChain.get(date) ?? []) {
      push('tokenized-asset-value', date, chain, c.value);
      if (c.holders !== null) push('rwa-holders', date, chain, c.holders);
    }
    for (const [chain, c] of stableByDateChain.get(date) ?? []) {
      push('stablecoin-market-caps', date, chain, c.value);
      if (c.holders !== null) push('stablecoin-holders', date, chain, c.holders);
    }
    for (const chain of indexedChains) {
      push('active-addresses', date, chain, active.get(`${date}|${chain}`)?.size ?? 0);
      push('transfer-volume', date, chain, volume.get(`${date}|${chain}`) ?? 0);
    }
  }
  return { asOf, totals, overview, networkRows, seriesRows, chartRows, assetRows, transferRows };
}

export interface BreakerResult {
  ok: boolean;
  reason?: string;
}

/** The bound on a published total's move between runs (INGEST_MAX_CHANGE, a fraction; default 0.5). */
export function maxChange(env: NodeJS.ProcessEnv = process.env): number {
  return configFor(env).ingest.maxChange;
}

/** Compares with the last published run; the first run has nothing to compare with. */
export async function checkBreaker(db: Database, totals: Totals, bound: number): Promise<BreakerResult> {
  const [prev] = await db
    .select({ id: ingestRuns.id, totals: ingestRuns.totals })
    .from(ingestRuns)
    .where(eq(ingestRuns.status, 'published'))
    .orderBy(desc(ingestRuns.id))
    .limit(1);
  if (!prev?.totals) return { ok: true };
  const labels: Record<keyof Totals, string> = { rwa: 'total RWA value', stablecoins: 'total stablecoin value' };
  for (const k of Object.keys(labels) as Array<keyof Totals>) {
    const before = Number(prev.totals[k] ?? 0);
    const after = totals[k];
    if (before > 0 && Math.abs(after - before) / before > bound) {
      const pct = (((after - before) / before) * 100).toFixed(1);
      return {
        ok: false,
        reason: `circuit breaker: ${labels[k]} would move ${pct}% (from ${before} to ${after}, run ${prev.id} published), more than the ${bound * 100}% bound`,
      };
    }
  }
  return { ok: true };
}

const CHUNK = 500;

/** Replaces the published figures with `d` and marks the run published, in one transaction. */
export async function writePublished(db: Database, runId: number, d: Derived): Promise<void> {
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
    ] as const) {
      await tx.insert(datasetMeta).values({ key, value }).onConflictDoUpdate({ target: datasetMeta.key, set: { value } });
    }
    // Published figures replace the snapshot: a later first start must not load it over them.
    await tx.insert(datasetMeta).values({ key: 'seeded:analytics', value: new Date().toISOString() }).onConflictDoNothing();
    await tx
      .update(ingestRuns)
      .set({ status: 'published', totals: { ...d.totals }, finishedAt: new Date().toISOString() })
      .where(eq(ingestRuns.id, runId));
  });
}
