/**
 * What the /sources page shows about live data: the registry of tracked assets (the one the
 * ingest uses: INGEST_REGISTRY or content/registry/registry.json), each deployment's latest
 * observation with its block or API URL, and the last runs with their status.
 */
import { desc } from 'drizzle-orm';
import registryJson from '../../../../content/registry/registry.json';
import { ingestRuns } from '#db/schema/index.ts';
import { servedRunRead, servedFactsRead, snapshotComparisonRead } from './run-state.ts';
import { combine, read } from '#lib/server/db/reads.ts';
import { config } from '#lib/server/config.ts';
import { getDb } from '#lib/server/db/client.ts';
import { loadRegistry, parseRegistry, type Registry } from '#lib/server/catalogue/registry.ts';
import { cellKey } from '#lib/server/catalogue/cell-key.ts';
import { publishedCellsQuery } from './read-model.ts';
import { type StaleCell } from '#lib/shared/stale-cell.ts';
import type { SnapshotComparison } from '#db/schema/index.ts';

/** A deployment's newest published figure, as the page lists it (the day it was read, where, how much). */
export interface LatestFigure {
  assetSymbol: string;
  chain: string;
  source: string;
  /** The day the figure was read. */
  date: string;
  supply: string;
  value: number | null;
  holders: number | null;
  blockNumber: number | null;
  blockTime: string | null;
  apiUrl: string | null;
  /** When an API figure was fetched (null for a contract read). */
  fetchedAt: string | null;
}

let bundled: { registry?: Registry; error?: string } | undefined;

/** The registry in git is bundled and parsed once; one named by INGEST_REGISTRY is read on each call (it may be edited). */
export function siteRegistry(): { registry?: Registry; error?: string } {
  const read = (f: () => Registry) => {
    try {
      return { registry: f() };
    } catch (e) {
      return { error: (e as Error).message };
    }
  };
  const file = config().ingest.registry;
  if (file) return read(() => loadRegistry(file));
  bundled ??= read(() => parseRegistry(registryJson, 'content/registry/registry.json'));
  return bundled;
}

/**
 * Products' display names: the registry's, the one name every page, table, download and answer
 * uses (a table written by an older run or seed may hold another); a product the registry does not
 * list keeps its `stored` name. Reads the registry once per call, not per product.
 */
export function productNames(): (symbol: string, stored: string) => string {
  const names = new Map((siteRegistry().registry?.assets ?? []).map((a) => [a.symbol.toLowerCase(), a.name]));
  return (symbol, stored) => names.get(symbol.toLowerCase()) ?? stored;
}

export type Run = typeof ingestRuns.$inferSelect;

export interface SourcesData {
  registry?: Registry;
  registryError?: string;
  /** The published run, if any; otherwise the site serves the snapshot. */
  publishedRun?: number;
  asOf: string;
  /** cellKey(symbol, chain) -> the figure published for the as-of date (or the cell's newest published one). */
  observations: Map<string, LatestFigure>;
  runs: Run[];
  /** cellKey(symbol, chain) -> the cell shown with an earlier day's figure, its age and why. */
  stale: Map<string, StaleCell>;
  /** The first published run against the snapshot, per asset class. */
  comparison: SnapshotComparison;
}

/** Everything the page shows, in one round trip: the observations' filter reads the published run in SQL. */
export function sourcesRead() {
  const db = getDb();
  return combine(
    [
      servedFactsRead(),
      servedRunRead(),
      read(publishedCellsQuery({ latest: true }), (rows) => rows),
      read(db.select().from(ingestRuns).orderBy(desc(ingestRuns.id)).limit(10), (rows) => rows),
      snapshotComparisonRead(),
    ],
    ([{ asOf, publishedRun }, run, rows, runs, comparison]): SourcesData => {
      const { registry, error } = siteRegistry();
      const observations = new Map(
        rows.map((c): [string, LatestFigure] => [cellKey(c.asset, c.chain), { ...c, assetSymbol: c.asset, date: c.readDate }]),
      );
      const stale = new Map((run?.staleCells ?? []).map((c): [string, StaleCell] => [cellKey(c.asset, c.chain), c]));
      return { registry, registryError: error, publishedRun, asOf, observations, runs, stale, comparison };
    },
  );
}
