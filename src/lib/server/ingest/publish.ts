/**
 * From raw observations to what the site serves. After a run, every published figure (market
 * overview, chart data, networks, the six network series, assets, transfers) is derived from the
 * stored observations and transfers and written in ONE transaction, replacing the previous
 * figures: a reader sees the previous run or this one, never half of each. Only accepted rows
 * (published by an earlier run) and the run's own rows are read; which figure each cell shows
 * (fresh, stale, held) is decided by the pure steps of cells.ts, and each published table is built
 * by one pure step of derive/. This file holds the reads and the writer. The breaker (breaker.ts)
 * runs before this, in run.ts. A figure no source gives (holders from an API that has none, a
 * change without an earlier day) is left out or null, never filled in.
 */
import { and, eq, gte, inArray, lt, lte, or } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import {
  assets,
  chartPoints,
  datasetMeta,
  ingestCheckpoints,
  ingestHistory,
  ingestObservations,
  ingestReceipts,
  ingestRuns,
  ingestTransfers,
  networks,
  networkSeries,
  publishedCells,
  publishedRuns,
  publishedTotals,
  transfers,
  READ_MODEL_MARKER,
  type SnapshotComparison,
} from '#db/schema/index.ts';
import { cellKey } from '#lib/server/catalogue/cell-key.ts';
import {
  carryStale,
  failureFor,
  knownCells,
  pickObservations,
  stalePriceCells,
  type CellFigure,
  type Failure,
  type Obs,
  type StalePriceNote,
} from './cells.ts';
import { historyOf } from './history.ts';
import { HISTORY_DAYS } from '#lib/server/catalogue/aggregators.ts';
import { familyOf, reserveWallets, type Registry } from '#lib/server/catalogue/registry.ts';
import { chainDisplayName } from './external-names.ts';
import { DAY_MS, dayEnd, shiftDay } from '#lib/shared/utc-day.ts';
import { buildAssets } from './derive/assets.ts';
import { buildChart } from './derive/chart.ts';
import { gridOf } from './derive/grid.ts';
import { buildNetworks } from './derive/networks.ts';
import { round } from './derive/numbers.ts';
import { buildOverview, MARKET_STABLECOIN_BASIS, marketStablecoins, type Totals } from './derive/overview.ts';
import { buildSeries } from './derive/series.ts';
import { buildTransfers } from './derive/transfers.ts';
import { buildCellRows, buildTotals, type CellRow, type TotalRow } from './derive/read-model.ts';
import { indexingAt } from './indexing.ts';
import { buildHoldings, reserveKey, type ReserveReads } from './derive/holdings.ts';
import type { Holding } from '#lib/shared/schemas/holdings.ts';
import type { EvmReceipt } from '#lib/shared/receipts.ts';
import { METHOD_VERSION } from '#lib/server/catalogue/rules.ts';
import { type StaleCell } from '#lib/shared/stale-cell.ts';
import { servedRun } from '#lib/server/figures/run-state.ts';

/** Published transfers cover the longest window the API offers (90 days). */
const TRANSFER_WINDOW_DAYS = 90;

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
  /** The read model: one row per day, product and chain, and the totals of those rows. */
  cellRows: CellRow[];
  totalRows: TotalRow[];
  /** Per `SYMBOL|chain`, the share of its history read. */
  indexing: Record<string, number>;
  /** Who holds whom on every day published (the totals net it); the as-of day's is the run's row. */
  holdings: Holding[];
  /**
   * The cells (`SYMBOL|chain`) this run refused: held by the breaker, or covered by any failure (a
   * whole chain, a whole asset, or one asset on one chain). Their rows of this run are never accepted,
   * so no reader of accepted rows (receipts, supply, alerts, concentration, the next breaker) sees them.
   */
  refused: string[];
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
  /** The plan's carryBack: this run's rows of the days before (the sources read at the close) stand for today's missing cells (cells.ts carryStale). */
  carryBack?: number;
  /** The indexing shares to publish; else the last ones a run's log phase wrote (indexing.ts). */
  indexing?: Record<string, number>;
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
  const known = knownCells(registry, rows, runId);
  const { picked, stale: carried } = carryStale(
    pickObservations(rows, runId),
    accepted,
    known,
    asOf,
    runId,
    failures,
    held,
    opts.now,
    opts.carryBack,
  );
  const stale = [...carried, ...stalePriceCells(picked, opts.stalePrices ?? [], asOf, opts.now)];
  const holdings = buildHoldings(registry, picked.values(), await reserveReads(db, registry, picked.values()));
  const g = gridOf(picked.values(), registry, holdings);
  const dates = [...new Set([...picked.values()].map((o) => o.date))].sort();
  const dateAtOrBefore = (date: string) => [...dates].reverse().find((d) => d <= date);
  const { totals, overview } = buildOverview(g, registry, asOf);
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
    overview.basis.totalStablecoinValue = MARKET_STABLECOIN_BASIS;
  }
  // A day the runs read: its figures come from the observations (blocks and API URLs, on the asset pages).
  const readLabel = 'ingest runs: the chain and API reads of the day';
  const networkRows = buildNetworks(g, asOf, totals.rwa, chainName, (key) => familyOf(registry, key));
  const assetRows = buildAssets(g, registry, asOf, dateAtOrBefore(shiftDay(asOf, -1)), stale);
  const chartRows = buildChart(g, [...new Set([...dates, ...h.dates])].sort(), registry, h, readLabel, holdings);
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
  const indexing = opts.indexing ?? (await indexingAt(db, runId));
  const considered = rows.filter((r) => r.accepted || r.runId === runId);
  const cellRows = buildCellRows({ picked, considered, asOf, stale, held, indexing });
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
    cellRows,
    totalRows: buildTotals(cellRows, registry, holdings),
    indexing,
    holdings,
    refused: refusedCells(known, failures, held),
  };
}

/**
 * The reserve balances the picked EVM figures' receipts kept (state.ts reads them with the supply,
 * at the same block): only the products a reserve wallet is named for, only the runs and days picked.
 */
async function reserveReads(db: Database, registry: Registry, picked: Iterable<Obs>): Promise<ReserveReads> {
  const held = new Set(registry.assets.filter((a) => reserveWallets(a).length > 0).map((a) => a.symbol));
  const wanted = new Set<string>();
  const runs = new Set<number>();
  for (const o of picked)
    if (o.source === 'evm' && held.has(o.assetSymbol)) {
      wanted.add(reserveKey(o.runId, o.date, o.assetSymbol, o.chain));
      runs.add(o.runId);
    }
  const out: ReserveReads = new Map();
  if (!wanted.size) return out;
  const rows = await db
    .select({
      runId: ingestReceipts.runId,
      date: ingestReceipts.date,
      asset: ingestReceipts.assetSymbol,
      chain: ingestReceipts.chain,
      body: ingestReceipts.body,
    })
    .from(ingestReceipts)
    .where(and(eq(ingestReceipts.source, 'evm'), inArray(ingestReceipts.assetSymbol, [...held]), inArray(ingestReceipts.runId, [...runs])));
  for (const r of rows) {
    const key = reserveKey(r.runId, r.date, r.asset, r.chain);
    const reserves = (r.body as EvmReceipt).reserves;
    if (wanted.has(key) && reserves) out.set(key, reserves);
  }
  return out;
}

/** Every known cell a failure covers or the breaker holds, whatever the failure names. */
export function refusedCells(known: Array<{ asset: string; chain: string }>, failures: Failure[], held: Map<string, string>): string[] {
  return known
    .filter(({ asset, chain }) => held.has(cellKey(asset, chain)) || failureFor(failures, asset, chain))
    .map((c) => cellKey(c.asset, c.chain));
}

const CHUNK = 500;
/** published_cells has 20 columns: 40 rows a statement stay under SQLite's 999 bound parameters of older builds. */
const CELL_CHUNK = 40;
const TOTAL_CHUNK = 100;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The read model's cells and totals (db/schema/published.ts), replaced whole inside the publish
 * transaction. They carry no change-counter trigger (a trigger per row would double a publish's
 * writes); the run's own row (writeRunRow), written in the same transaction, moves the counter once.
 */
async function writeReadModel(tx: Tx | Database, d: Derived): Promise<void> {
  await tx.delete(publishedCells);
  await tx.delete(publishedTotals);
  for (let i = 0; i < d.cellRows.length; i += CELL_CHUNK) await tx.insert(publishedCells).values(d.cellRows.slice(i, i + CELL_CHUNK));
  for (let i = 0; i < d.totalRows.length; i += TOTAL_CHUNK) await tx.insert(publishedTotals).values(d.totalRows.slice(i, i + TOTAL_CHUNK));
}

/** The run's typed row (the run's state the pages read: figures/run-state.ts). */
async function writeRunRow(tx: Tx, runId: number, d: Derived, comparison?: SnapshotComparison): Promise<void> {
  const run = {
    asOf: d.asOf,
    publishedAt: new Date().toISOString(),
    methodVersion: METHOD_VERSION,
    staleCells: d.stale,
    indexing: d.indexing,
    overview: d.overview,
    holdings: d.holdings.filter((h) => h.date === d.asOf),
    snapshotComparison: comparison ?? null,
  };
  // A head-first run publishes twice: its row is updated, and a run that compared with the snapshot keeps that comparison.
  const { snapshotComparison, ...again } = run;
  await tx
    .insert(publishedRuns)
    .values({ runId, ...run })
    .onConflictDoUpdate({ target: publishedRuns.runId, set: snapshotComparison ? run : again });
}

/** Replaces the published figures with `d` and marks the run published, in one transaction. */
export async function writePublished(db: Database, runId: number, d: Derived, comparison?: SnapshotComparison): Promise<void> {
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
    await writeReadModel(tx, d);
    await writeRunRow(tx, runId, d, comparison);
    // Published figures replace the snapshot: a later first start must not load it over them.
    await tx.insert(datasetMeta).values({ key: 'seeded:analytics', value: new Date().toISOString() }).onConflictDoNothing();
    // This run's rows become servable history, except the cells it failed or held (never reused).
    await tx.update(ingestObservations).set({ accepted: true }).where(eq(ingestObservations.runId, runId));
    for (const key of d.refused) {
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

/**
 * A database published before the read model existed: the migration that moved its run's keys into
 * a published_runs row left `setup:read-model` naming that run; its cells and totals are built here
 * from the rows it accepted (held and failed cells were never accepted), with the stale cells' reasons
 * it published, so the pages that read them show the figures they showed before the deploy. The run's
 * row and the analytics tables are left as they are. The marker goes in the same transaction.
 */
export async function rebuildReadModel(db: Database, registry: () => Registry): Promise<boolean> {
  const [marker] = await db.select().from(datasetMeta).where(eq(datasetMeta.key, READ_MODEL_MARKER));
  if (!marker) return false;
  const run = await servedRun(db);
  if (run && run.runId === Number(marker.value)) {
    const d = await derive(db, registry(), run.asOf, { indexing: run.indexing });
    const published = new Map(run.staleCells.map((s) => [cellKey(s.asset, s.chain), s]));
    for (const row of d.cellRows) {
      const s = row.date === run.asOf ? published.get(cellKey(row.asset, row.chain)) : undefined;
      if (s && row.state === 'stale') Object.assign(row, { note: s.reason, since: s.since, ageHours: s.ageHours });
    }
    await db.transaction(async (tx) => {
      await writeReadModel(tx, d);
      await tx.delete(datasetMeta).where(eq(datasetMeta.key, READ_MODEL_MARKER));
    });
    return true;
  }
  // A run published since (or none at all): nothing of the old one to build.
  await db.delete(datasetMeta).where(eq(datasetMeta.key, READ_MODEL_MARKER));
  return false;
}
