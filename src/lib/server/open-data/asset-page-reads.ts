/**
 * The asset page's reads, in one batch. Which product an id names is known only once the catalog is
 * read (a served symbol's id depends on the served rows), yet the product's own reads (its published
 * figures, transfers, holder concentration, price receipts) depend on it. So they are sent, beside the
 * catalog, for every symbol the bundled lists (registry and snapshot) could give this id: nearly always
 * one, two for a case clash (USDe and USDE). The as-of date they count from is taken in SQL. The page
 * keeps the named product's reads; an id the guess missed (a served symbol in neither list) costs one
 * more round trip, never a wrong page.
 */
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { ingestReceipts, ingestRuns, networks, transfers } from '#db/schema/index.ts';
import { getDb } from '#lib/server/db/client.ts';
import { combine, read, readMany, readOne, type Read } from '#lib/server/db/reads.ts';
import { siteRegistry } from '#lib/server/figures/sources-data.ts';
import { snapshot } from '#lib/server/figures/asset-class-data.ts';
import { asOfSql, servedFactsRead, servedRunRead, type ServedRun } from '#lib/server/figures/run-state.ts';
import { publishedCellsQuery, type PublishedCell } from '#lib/server/figures/read-model.ts';
import { idBase } from '#lib/shared/open-data/ids.ts';
import { catalogRead, type Catalog, type CatalogAsset } from './catalog.ts';
import { concentrationQuery, type ConcentrationRow } from './concentration.ts';

export const TRANSFER_DAYS = 30;
const TRANSFER_ROWS = 10;
/** How far back the receipts of a quoted price chain are read (two months of NAVs and rates). */
const RECEIPT_DAYS = 62;

/** The product the dependent reads are for: its symbol as served, its registry symbol, the chain of a quoted NAV. */
export interface AssetTarget {
  symbol: string;
  regSymbol: string;
  quotedChain: string | null;
}

export interface AssetOwnReads {
  cells: PublishedCell[];
  transferRows: Array<typeof transfers.$inferSelect>;
  concentrationRows: ConcentrationRow[];
  priceReceipts: Array<{ runId: number; date: string; chain: string; source: string; body: unknown }>;
}

export interface AssetPageReads {
  asOf: string;
  publishedRun?: number;
  run: ServedRun | undefined;
  netRows: { id: string; name: string }[];
  catalog: Catalog;
  heldRuns: { id: number; reason: string | null; asOf: string }[];
  /** The product's own reads, per target key (targetKey). */
  own: Map<string, AssetOwnReads>;
}

const lower = (s: string) => s.toLowerCase();
export const targetKey = (t: AssetTarget) => `${t.symbol}\u0000${t.regSymbol}\u0000${t.quotedChain ?? ''}`;

/** The product an entry of the catalog names, for its own reads. */
export function targetOf(entry: CatalogAsset): AssetTarget {
  const price = entry.registry?.price;
  // A NAV in another currency yields from that NAV, which the price chain's receipts keep (own-currency-nav.ts).
  return {
    symbol: entry.symbol,
    regSymbol: entry.registry?.symbol ?? entry.symbol,
    quotedChain: price?.kind === 'feed' && price.quote ? price.chain : null,
  };
}

/** Every product of the bundled lists whose id could be `id` (its own symbol's, or one of a clash: `-2`, `-3`, ...). */
export function targetsFor(id: string): AssetTarget[] {
  const bases = new Set([id, id.replace(/-\d+$/, '')]);
  const registryAssets = siteRegistry().registry?.assets ?? [];
  const regByLower = new Map(registryAssets.map((a) => [lower(a.symbol), a]));
  const out = new Map<string, AssetTarget>();
  for (const symbol of [...registryAssets.map((a) => a.symbol), ...snapshot.products.map((p) => p.symbol)]) {
    if (!bases.has(idBase(symbol))) continue;
    const reg = regByLower.get(lower(symbol));
    const price = reg?.price;
    const t = { symbol, regSymbol: reg?.symbol ?? symbol, quotedChain: price?.kind === 'feed' && price.quote ? price.chain : null };
    out.set(targetKey(t), t);
  }
  return [...out.values()];
}

/** One product's own reads, counted from the as-of date in SQL so they travel with the read of that date. */
function ownReads(t: AssetTarget): Read<AssetOwnReads> {
  const db = getDb();
  const from = sql<string>`date(${asOfSql}, ${`${1 - TRANSFER_DAYS} days`})`;
  const to = sql<string>`date(${asOfSql}, '+1 day')`;
  const receiptsFrom = sql<string>`date(${asOfSql}, ${`-${RECEIPT_DAYS} days`})`;
  return readMany(
    [
      publishedCellsQuery({ asset: t.regSymbol }),
      db
        .select()
        .from(transfers)
        .where(and(eq(transfers.assetSymbol, t.symbol), gte(transfers.date, from), lt(transfers.date, to)))
        .orderBy(desc(transfers.usdAmount))
        .limit(TRANSFER_ROWS),
      concentrationQuery(t.regSymbol, asOfSql),
      db
        .select({
          runId: ingestReceipts.runId,
          date: ingestReceipts.date,
          chain: ingestReceipts.chain,
          source: ingestReceipts.source,
          body: ingestReceipts.body,
        })
        .from(ingestReceipts)
        .where(
          and(
            eq(ingestReceipts.assetSymbol, t.quotedChain ? t.regSymbol : ''),
            eq(ingestReceipts.chain, t.quotedChain ?? ''),
            gte(ingestReceipts.date, receiptsFrom),
          ),
        ),
    ],
    ([cells, transferRows, concentrationRows, priceReceipts]) => ({ cells, transferRows, concentrationRows, priceReceipts }),
  );
}

/** Everything the asset page `id` is built from, as one `Read` (one batch, with whatever the caller sends beside it). */
export function assetPageReads(id: string): Read<AssetPageReads> {
  const db = getDb();
  const targets = targetsFor(id);
  return combine(
    [
      servedFactsRead(),
      servedRunRead(),
      read(db.select({ id: networks.id, name: networks.name }).from(networks), (rows) => rows),
      catalogRead(),
      read(
        db
          .select({ id: ingestRuns.id, reason: ingestRuns.reason, asOf: ingestRuns.asOf })
          .from(ingestRuns)
          .where(eq(ingestRuns.status, 'held'))
          .orderBy(desc(ingestRuns.id))
          .limit(1),
        (rows) => rows,
      ),
      combine(targets.map(ownReads), (all) => new Map(all.map((r, i) => [targetKey(targets[i]), r]))),
    ],
    ([facts, run, netRows, catalog, heldRuns, own]) => ({ ...facts, run, netRows, catalog, heldRuns, own }),
  );
}

/** The product's own reads: from the batch when the guess had it, else read now (one more round trip). */
export async function ownReadsOf(reads: AssetPageReads, t: AssetTarget): Promise<AssetOwnReads> {
  return reads.own.get(targetKey(t)) ?? readOne(ownReads(t));
}
