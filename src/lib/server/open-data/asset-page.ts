/**
 * Everything /assets/{id} shows, in one round trip (asset-page-reads.ts): the served figures,
 * the published figures behind them (per day and chain, with block or API URL: the read model,
 * figures/read-model.ts, so supply, history and changes are the ones publish decided, stale
 * carries and holds included), its largest recent transfers and its data quality. A figure that
 * cannot be known is null with a reason.
 */
import type { z } from 'zod';
import type { transfers } from '#db/schema/index.ts';
import type { assetHistorySchema, figureSchema } from '#lib/shared/schemas/responses.ts';
import type { WithNumbers } from '#lib/shared/money.ts';
import type { Holding } from '#lib/shared/schemas/holdings.ts';
import { readOne } from '#lib/server/db/reads.ts';
import { assetPageReads, ownReadsOf, targetOf, TRANSFER_DAYS, type AssetPageReads } from './asset-page-reads.ts';
import { siteRegistry } from '#lib/server/figures/sources-data.ts';
import { snapshot } from '#lib/server/figures/asset-class-data.ts';
import { figureLabel } from '#lib/server/figures/snapshot-dataset.ts';
import { isAggregator } from '#lib/server/figures/precedence.ts';
import { dayFigures, type PublishedCell, type PublishedStaleCell } from '#lib/server/figures/read-model.ts';
import { registryChainName, type CatalogAsset } from './catalog.ts';
import { explorerLink, priceMethod, supplyMethod } from './shared.ts';
import { changeOver, seriesOf } from '#lib/shared/change.ts';
import { transferWindow } from '#lib/server/figures/analytics.ts';
import { bridgingOf } from '#lib/server/catalogue/methods.ts';
import { navYield, noYieldReason, YIELD_METHOD, type YieldFigure } from '#lib/shared/nav-yield.ts';
import { detailOrigin, figureOrigin, type Origin } from '#lib/shared/origin.ts';
import { OUR_TOKEN_LIST, snapshotWords } from '#lib/shared/plain-sources.ts';
import { assessQuality, gapPercent, type Quality } from '#lib/shared/open-data/quality.ts';
import { historyLine } from '#lib/shared/open-data/empty-section.ts';
import { reconcile, type Reconciliation } from './reconciliation.ts';
import { concentrationFrom, type AssetConcentration, type ConcentrationRow } from './concentration.ts';
import { ownCurrencyNavHistory } from './own-currency-nav.ts';

/** A yield (percent a year) with the two NAVs it compares. */
export type YieldShown = Figure & { from: YieldFigure['from']; to: YieldFigure['to'] };

/** A figure with its as-of date and source, or null with why it is unknown (the price's and market cap's in dollars here, decimal strings in the answer). */
export type Figure = z.output<typeof figureSchema>;
export interface ChainSupply {
  chain: string;
  chainName: string;
  /** The id of the chain's network page, when the served networks list has it. */
  networkId: string | null;
  contract: string | null;
  contractUrl?: string;
  excluded: string[];
  supply: string | null;
  value: number | null;
  holders: number | null;
  source: string;
  date: string;
  blockNumber: number | null;
  blockUrl?: string;
  blockTime: string | null;
  apiUrl: string | null;
  fetchedAt: string;
  method: string;
  /** The 'Other chains' line: the chains it sums, each with its supply. */
  members?: Array<{ chain: string; supply: string }>;
}
/** A day of the asset's history: its answer's row, with the market cap in dollars. */
export type AssetHistoryPoint = WithNumbers<z.output<typeof assetHistorySchema>[number], 'marketCap'>;
export interface AssetTransfer {
  date: string;
  usdAmount: number;
  network: string;
  txHash: string | null;
  /** live, or illustrative for the snapshot's generated rows. */
  origin: Origin;
  txUrl?: string;
}
export interface AssetPage {
  asOf: string;
  live: boolean;
  publishedRun?: number;
  asset: Omit<CatalogAsset, 'registry'>;
  price: Figure & { method: string };
  /**
   * The currency the NAV is struck in when it is not dollars (EUTBL: EUR), converted to dollars at a
   * dollar-rate feed for the price and the value; null for a dollar price.
   */
  priceCurrency: string | null;
  marketCap: Figure;
  supply: Figure;
  /** While a deployment's Transfer logs are still read (head first), the share of its history read. */
  holders: Figure & { indexing?: { percent: number } };
  change7d: Figure;
  change30d: Figure;
  /** Annualised yields from the NAV history (nav-yield.ts), with the method; unknown with why for a $1-NAV fund. */
  yield7d: YieldShown;
  yield30d: YieldShown;
  yieldMethod: string;
  chains: ChainSupply[];
  bridging: string;
  crossCheck: { chain: number; aggregator: number; gapPercent: number | null; aggregatorSource: string } | null;
  history: AssetHistoryPoint[];
  historyNote: string | null;
  transfers: AssetTransfer[];
  transfersWindow: { from: string; to: string };
  quality: Quality;
  snapshotNote: string | null;
  /** Holder concentration per day, across chains and per chain. */
  concentration: AssetConcentration;
  /** Every figure known for the asset beside the chain's, with the gaps. */
  reconciliation: Reconciliation;
  /** Who holds it (other tracked funds' and stablecoins' reserves) and what it holds, on the served day: the published graph. */
  heldBy: Holding[];
  holds: Holding[];
  /** The largest other products of its class, for its "Compare with" link (set by loadAssetPage). */
  peers?: { id: string; symbol: string }[];
}

/**
 * Where a snapshot figure comes from, in a visitor's words, with what it is (a dated public figure
 * or an estimate) when the snapshot dataset lists the product (a function: SNAPSHOT_AS_OF is declared below).
 */
const snapshotSource = (symbol?: string) => {
  const p = symbol === undefined ? undefined : snapshotProduct(symbol);
  return `${snapshotWords(SNAPSHOT_AS_OF)}${p ? `, ${figureLabel(p.figure)}` : ''} (its sources are on the Sources page)`;
};
/** The asset page's data, or undefined for an unknown id (one round trip). */
export async function loadAssetPage(id: string): Promise<AssetPage | undefined> {
  return assetPageFrom(id, await readOne(assetPageReads(id)));
}

/** The asset page from its reads (asset-page-reads.ts), or undefined for an unknown id. */
export async function assetPageFrom(id: string, reads: AssetPageReads): Promise<AssetPage | undefined> {
  const { asOf, publishedRun, run, netRows, catalog, heldRuns } = reads;
  const allStaleCells = run?.staleCells ?? [];
  const allIndexing = run?.indexing ?? {};
  const { registry } = siteRegistry();
  const chainName = registryChainName;
  const entry = catalog.byId.get(id);
  if (!entry) return undefined;
  const live = publishedRun !== undefined;
  const target = targetOf(entry);
  const regSymbol = target.regSymbol;
  const window = transferWindow(asOf, TRANSFER_DAYS);
  const { cells, transferRows, concentrationRows, priceReceipts } = await ownReadsOf(reads, target);
  const networkIds = new Map(netRows.map((n) => [n.name, n.id]));
  // Cells the published run kept at an earlier figure (a failed read, or held by the per-asset breaker).
  const staleCells = allStaleCells.filter((c) => c.asset === regSymbol);
  // Head first: per `SYMBOL|chain`, the share of the history read so far (the EVM log phase).
  const indexing = Object.entries(allIndexing)
    .filter(([k]) => k.startsWith(`${regSymbol}|`))
    .map(([, v]) => v);
  // The products it is most often weighed against: the largest others of its class (its Compare link).
  const peers = catalog.assets
    .filter((a) => a.assetClass === entry.assetClass && a.id !== entry.id && a.marketCap !== null)
    .sort((a, b) => b.marketCap! - a.marketCap!)
    .slice(0, 2)
    .map((a) => ({ id: a.id, symbol: a.symbol }));
  const page = assemble({
    indexing,
    entry,
    asOf,
    live,
    publishedRun,
    cells,
    transferRows,
    heldRuns,
    staleCells,
    registry,
    chainName,
    window,
    networkIds,
    concentrationRows,
    priceReceipts,
    holdings: run?.holdings ?? [],
  });
  return { ...page, peers };
}

/** Everything the asset page is built from, read by loadAssetPage in one round trip. */
export interface AssetPageInput {
  indexing: number[];
  entry: CatalogAsset;
  asOf: string;
  live: boolean;
  publishedRun?: number;
  /** The asset's published figures, one per day and chain (the read model), oldest first. */
  cells: PublishedCell[];
  transferRows: Array<typeof transfers.$inferSelect>;
  heldRuns: { id: number; reason: string | null; asOf: string }[];
  staleCells: PublishedStaleCell[];
  registry: ReturnType<typeof siteRegistry>['registry'];
  chainName: (k: string) => string;
  window: { from: string; to: string };
  networkIds: Map<string, string>;
  /** Stored holder concentration rows a published run accepted (concentration.ts); none before a run. */
  concentrationRows?: ConcentrationRow[];
  /** Who holds whom on the served day (the published run's graph); none before a run. */
  holdings?: Holding[];
  /** For a NAV in another currency (a quote feed): the receipts of its price chain's reads, which keep the NAV feed's own answer. */
  priceReceipts?: Array<{ runId: number; date: string; chain: string; source: string; body: unknown }>;
}

/**
 * The asset page from its reads: a pure function (no database, no clock), so each rule of the page
 * (which observation counts, the cross-check, unknown figures with why, a held figure's note) is
 * unit-tested on rows (tests/unit/asset-page.test.ts).
 */
export function assemble(input: AssetPageInput): AssetPage {
  const { entry, asOf, live, publishedRun, cells, registry, chainName } = input;
  const { registry: reg, ...asset } = entry;
  // The publish step chose one figure per day and chain; the aggregator's, where it read one, sits beside it.
  const aggregatorByDate = new Map<string, number>();
  const chainByDate = new Map<string, number>();
  for (const c of cells) {
    if (c.value !== null && !isAggregator(c.source)) chainByDate.set(c.date, (chainByDate.get(c.date) ?? 0) + c.value);
    const agg = isAggregator(c.source) ? c : c.others.find((x) => isAggregator(x.source));
    if (agg?.value != null) aggregatorByDate.set(c.date, (aggregatorByDate.get(c.date) ?? 0) + agg.value);
  }
  const byDate = new Map<string, PublishedCell[]>();
  for (const c of cells) (byDate.get(c.date) ?? byDate.set(c.date, []).get(c.date)!).push(c);
  const dates = [...byDate.keys()].sort();
  const history: AssetHistoryPoint[] = dates.map((date) => {
    const rows = byDate.get(date)!;
    const sum = (f: (o: PublishedCell) => number | null) =>
      rows.reduce<number | null>((s, o) => (s === null || f(o) === null ? null : s + f(o)!), 0);
    return {
      date,
      marketCap: sum((o) => o.value),
      supply: sum((o) => Number(o.supply)),
      holders: sum((o) => o.holders),
    };
  });
  const lastDate = dates[dates.length - 1];
  const latest = lastDate ? byDate.get(lastDate)! : [];
  // The day the newest figure shown was read (a carried stale figure was read before the day it stands for).
  const lastObserved = latest.length
    ? latest
        .map((c) => c.readDate)
        .sort()
        .at(-1)
    : undefined;
  const point = (date: string | undefined) => (date ? history.find((h) => h.date === date) : undefined);
  const now = point(lastDate);

  // The latest published figure of each chain (a chain may lag the others: it then shows its own date).
  const latestPerChain = new Map<string, PublishedCell>();
  for (const o of cells) {
    const prev = latestPerChain.get(o.chain);
    if (!prev || o.date > prev.date) latestPerChain.set(o.chain, o);
  }
  const deployments = reg?.deployments ?? [];
  const chains: ChainSupply[] = [...latestPerChain.values()].map((o) => {
    const d = deployments.find((x) => x.chain === o.chain);
    const contract = o.contract ?? d?.address ?? null;
    return {
      chain: o.chain,
      chainName: chainName(o.chain),
      networkId: input.networkIds.get(chainName(o.chain)) ?? null,
      contract,
      contractUrl: contract ? explorerLink(registry, o.chain, 'token', contract) : undefined,
      excluded: d?.excludeHolders ?? [],
      supply: o.supply,
      value: o.value,
      holders: o.holders,
      source: o.source,
      date: o.readDate,
      blockNumber: o.blockNumber,
      blockUrl: o.blockNumber !== null ? explorerLink(registry, o.chain, 'block', String(o.blockNumber)) : undefined,
      blockTime: o.blockTime,
      apiUrl: o.apiUrl,
      fetchedAt: o.fetchedAt ?? '',
      method: isAggregator(o.source) ? `${o.source} API` : supplyMethod(registry, o.chain),
      ...(o.members ? { members: o.members } : {}),
    };
  });
  // Registry deployments not observed yet are listed too, with unknown figures.
  for (const d of deployments)
    if (!latestPerChain.has(d.chain))
      chains.push({
        chain: d.chain,
        chainName: chainName(d.chain),
        networkId: input.networkIds.get(chainName(d.chain)) ?? null,
        contract: d.address,
        contractUrl: explorerLink(registry, d.chain, 'token', d.address),
        excluded: d.excludeHolders,
        supply: null,
        value: null,
        holders: null,
        source: 'not observed yet',
        date: '',
        blockNumber: null,
        blockTime: null,
        apiUrl: null,
        fetchedAt: '',
        method: supplyMethod(registry, d.chain),
      });

  const runSource = live ? `published ingest run #${publishedRun}` : snapshotSource(entry.symbol);
  const servedHere = entry.origin === 'served';
  const figureSource = servedHere ? runSource : entry.origin === 'snapshot' ? snapshotSource(entry.symbol) : 'none';
  // A change beside it is the snapshot's synthetic detail, not the market cap's public figure or estimate: the snapshot alone.
  const detailSource = figureSource === 'none' ? 'none' : live && servedHere ? runSource : snapshotSource();
  const snapshotFigures = !live || entry.origin === 'snapshot';
  // The run's figures are live; the served table before any run, or a snapshot-only asset, the snapshot's.
  const shownOrigin = figureOrigin(live && servedHere);
  const marketCap: Figure =
    entry.marketCap !== null
      ? { value: entry.marketCap, asOf: servedHere ? asOf : SNAPSHOT_AS_OF, source: figureSource, origin: shownOrigin }
      : {
          value: null,
          asOf: null,
          source: 'none',
          origin: shownOrigin,
          unknown: reg?.price.kind === 'unavailable' ? 'no price source is checked for this asset yet' : 'no published figure yet',
        };
  const change7d: Figure =
    entry.change7d !== null
      ? // The served table's change before any run is the snapshot's synthetic detail.
        { value: entry.change7d, asOf: marketCap.asOf, source: detailSource, origin: servedHere ? detailOrigin(live) : shownOrigin }
      : {
          value: null,
          asOf: null,
          source: 'none',
          origin: shownOrigin,
          unknown: entry.marketCap === null ? 'no market cap' : 'no figure 7 days earlier',
        };
  // The one change rule (#lib/shared/change.ts) over the market cap's published series.
  const change30 =
    live && lastDate
      ? changeOver(
          seriesOf(dates, (d) => point(d)?.marketCap),
          lastDate,
          30,
        )
      : null;
  const change30d: Figure =
    change30?.value != null
      ? { value: change30.value, asOf: lastDate!, source: `published figures ${change30.from} to ${change30.to}`, origin: 'live' }
      : {
          value: null,
          asOf: null,
          source: 'none',
          origin: shownOrigin,
          unknown: !live
            ? 'the snapshot gives no 30-day change per asset'
            : change30?.value === null && change30.why === 'a zero base'
              ? 'a zero market cap 30 days earlier'
              : 'no observation 30 days earlier',
        };
  const supply: Figure =
    live && now?.supply != null
      ? { value: now.supply, asOf: lastDate!, source: `published figures of ${latest.length} chain(s)`, origin: 'live' }
      : {
          value: null,
          asOf: null,
          source: 'none',
          origin: shownOrigin,
          unknown: live ? 'not observed on every chain' : 'the snapshot gives no supply per asset',
        };
  const indexed = input.indexing.length ? Math.min(...input.indexing) : 100;
  const holders: AssetPage['holders'] =
    live && now?.holders != null
      ? { value: now.holders, asOf: lastDate!, source: `unique addresses per chain, ${latest.length} chain(s)`, origin: 'live' }
      : live && indexed < 100
        ? {
            value: null,
            asOf: lastDate ?? null,
            source: "Transfer logs from each deployment's first block",
            origin: 'live',
            unknown: `indexing, ${indexed}% of history read`,
            indexing: { percent: indexed },
          }
        : {
            value: null,
            asOf: null,
            source: 'none',
            origin: shownOrigin,
            unknown: live
              ? 'a source of this asset gives no holder count (an API without holders)'
              : 'the snapshot gives no holder count per asset',
          };
  const observedPrice = latest.find((o) => o.price !== null)?.price ?? null;
  // The NAV per day (every chain is valued at the asset's one price), and the yields it gives. A NAV
  // struck in another currency (a quote feed) yields from that currency's NAV, kept in the price's receipts.
  const quoted = reg?.price.kind === 'feed' && reg.price.quote ? reg.price : null;
  const navHistory = quoted
    ? ownCurrencyNavHistory(
        quoted.address,
        // Each published figure's receipt: the run, day, chain and source it was read as.
        dates.flatMap((date) =>
          byDate
            .get(date)!
            .filter((o) => o.chain === quoted.chain && o.price !== null)
            .map((o) => ({ runId: o.receiptRunId, date: o.readDate, chain: o.chain, source: o.source })),
        ),
        input.priceReceipts ?? [],
      )
    : dates.flatMap((date) => {
        const p = byDate.get(date)!.find((o) => o.price !== null)?.price;
        return p == null ? [] : [{ date, nav: p }];
      });
  const noYield = reg ? noYieldReason(reg.price, reg.assetClass) : 'the asset is not in the registry: no price source';
  const yieldOf = (days: number): YieldShown => {
    const y = noYield
      ? { value: null, from: null, to: null, unknown: noYield }
      : live
        ? navYield(navHistory, asOf, days)
        : { value: null, from: null, to: null, unknown: 'the snapshot holds no NAV history' };
    return y.value === null
      ? { value: null, asOf: null, source: 'none', origin: shownOrigin, unknown: y.unknown, from: null, to: null }
      : {
          value: y.value,
          asOf: y.to!.date,
          source: quoted
            ? `NAVs in the fund's own currency (its NAV feed, before the dollar rate) of ${y.from!.date} and ${y.to!.date}`
            : `NAVs of ${y.from!.date} and ${y.to!.date}`,
          origin: 'live',
          from: y.from,
          to: y.to,
        };
  };
  const snapPrice = snapshotPrice(entry.symbol);
  const price: AssetPage['price'] =
    live && observedPrice !== null
      ? { value: observedPrice, asOf: lastDate!, source: 'observation', origin: 'live', method: priceMethod(reg) ?? 'observation' }
      : snapPrice !== null && snapshotFigures
        ? {
            value: snapPrice.price,
            asOf: SNAPSHOT_AS_OF,
            source: snapshotWords(SNAPSHOT_AS_OF),
            origin: 'snapshot',
            method: 'Market price in the snapshot',
          }
        : reg?.price.kind === 'fixed'
          ? // The card's title names the fixed NAV; its value is that same fact, not "Unknown".
            {
              value: Number(reg.price.usd),
              asOf: live ? asOf : SNAPSHOT_AS_OF,
              source: OUR_TOKEN_LIST,
              origin: shownOrigin,
              method: priceMethod(reg) ?? 'fixed NAV',
            }
          : {
              value: null,
              asOf: null,
              source: 'none',
              origin: shownOrigin,
              method: priceMethod(reg) ?? 'unknown',
              unknown: live ? 'no observation with a price' : 'the snapshot gives no price for this asset',
            };
  // A price past its bound values the asset at its last price, said so (prices.ts).
  const priceStale = input.staleCells.find((c) => c.kind === 'price');
  if (priceStale && price.value !== null && live) price.stale = { since: priceStale.since, reason: priceStale.reason };
  const lastChain = lastDate ? chainByDate.get(lastDate) : undefined;
  const lastAgg = lastDate ? aggregatorByDate.get(lastDate) : undefined;
  const aggSource =
    latest.map((c) => (isAggregator(c.source) ? c.source : c.others.find((x) => isAggregator(x.source))?.source)).find(Boolean) ?? '';
  const held = input.heldRuns[0];
  // A run newer than the published one that the circuit breaker held: its figures are not served
  // (architecture "Data truth"), so the page says the shown ones are older and why.
  // The per-asset breaker holds one asset on one chain while the rest publishes: that chain shows its
  // last accepted figure, and the page says which and why.
  const heldCells = input.staleCells.filter((c) => /circuit breaker/.test(c.reason));
  const heldReason =
    live && entry.origin === 'served' && held && held.asOf > asOf
      ? `the run of ${held.asOf} was held (${held.reason ?? 'no reason given'}); the figures shown are those of ${asOf}.`
      : live && heldCells.length > 0
        ? heldCells.map((c) => `${chainName(c.chain)}: ${c.reason}; the figure shown is that of ${c.since}.`).join(' ')
        : undefined;
  const t = input.transferRows.map((r) => {
    const chainKey = registry ? Object.keys(registry.chains).find((k) => registry.chains[k].name === r.network) : undefined;
    return {
      date: r.date,
      usdAmount: r.usdAmount,
      network: r.network,
      txHash: r.txHash,
      // The snapshot's generated transfers have no transaction: illustrative.
      origin: detailOrigin(r.txHash !== null),
      txUrl: r.txHash && chainKey ? explorerLink(registry, chainKey, 'tx', r.txHash) : undefined,
    };
  });
  return {
    asOf,
    live,
    publishedRun,
    asset,
    price,
    priceCurrency: quoted ? (quoted.currency ?? 'its own currency') : null,
    marketCap,
    supply,
    holders,
    change7d,
    change30d,
    yield7d: yieldOf(7),
    yield30d: yieldOf(30),
    yieldMethod: YIELD_METHOD,
    chains,
    bridging: bridgingOf(reg),
    crossCheck:
      lastChain !== undefined && lastAgg !== undefined
        ? { chain: lastChain, aggregator: lastAgg, gapPercent: gapPercent(lastChain, lastAgg), aggregatorSource: aggSource }
        : null,
    history: live ? history : [],
    historyNote: historyLine({ live, points: history.length, none: 'no observation of this asset yet' }),
    transfers: t,
    transfersWindow: input.window,
    quality: assessQuality({
      live: live && entry.origin !== 'snapshot',
      asOf: snapshotFigures ? SNAPSHOT_AS_OF : asOf,
      lastObserved,
      heldReason,
    }),
    snapshotNote: snapshotFigures
      ? `The figures on this page come from ${snapshotWords(SNAPSHOT_AS_OF)}, compiled from public reporting; they were not read from a chain.`
      : null,
    reconciliation: reconcile({
      asOf,
      date: live ? (lastDate ?? null) : null,
      day: live ? dayFigures(latest) : [],
      asset: reg,
      assetClass: entry.assetClass,
    }),
    concentration: concentrationFrom(input.concentrationRows ?? [], live, reg?.source === 'evm' && deployments.length > 0),
    heldBy: live ? (input.holdings ?? []).filter((h) => h.asset === regSymbolOf(entry)) : [],
    holds: live ? (input.holdings ?? []).filter((h) => h.holder === regSymbolOf(entry)) : [],
  };
}

/** The registry symbol a catalog entry stands for (the graph names products by it). */
const regSymbolOf = (entry: CatalogAsset) => entry.registry?.symbol ?? entry.symbol;

/** The snapshot's as-of date (content/data/SOURCES.md): its files share one date. */
const SNAPSHOT_AS_OF = snapshot.asOf;

const snapshotProduct = (symbol: string) => snapshot.products.find((p) => p.symbol.toLowerCase() === symbol.toLowerCase());

function snapshotPrice(symbol: string): { price: number } | null {
  const price = snapshotProduct(symbol)?.price;
  return price === null || price === undefined ? null : { price };
}
