import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '#db/client.ts';
import { assets, chartPoints, datasetMeta, networks, networkSeries, transfers } from '#db/schema/index.ts';
import { assetRowsOf, registryNamesOf, snapshotDataset } from '#lib/server/figures/snapshot-dataset.ts';
import { insertStatements } from './insert-statements.ts';

const read = <T>(dir: string, name: string): T => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;

interface SeriesFile {
  asOf: string;
  dates: string[];
  metrics: Record<string, Record<string, number[]>>;
}
interface TransfersFile {
  asOf: string;
  rows: Array<[number, string, number, string, string]>;
}
interface OverviewFile {
  asOf: string;
  [key: string]: unknown;
}

/** Rows per INSERT: well under SQLite's bound-parameter limit for every table here. */
const CHUNK = 500;

/**
 * Loads the analytics snapshot from content/data (see content/data/SOURCES.md) in one atomic
 * batch of multi-row INSERTs. Called once per database through seedOnce.
 */
export async function seedAnalytics(db: Database, dataDir: string) {
  if (!existsSync(join(dataDir, 'market-overview.json'))) return { loaded: false };
  const overview = read<OverviewFile>(dataDir, 'market-overview.json');
  const networkRows = read<Array<typeof networks.$inferInsert>>(dataDir, 'networks.json');
  const series = read<SeriesFile>(dataDir, 'network-series.json');
  const chart = read<Array<typeof chartPoints.$inferInsert>>(dataDir, 'chart-data.json');
  // One row per product of the snapshot dataset, named as the registry in git names it.
  const assetRows = assetRowsOf(
    snapshotDataset(read(dataDir, 'products.json'), registryNamesOf(read(join(dataDir, '..', 'registry'), 'registry.json'))),
  );
  const transferFile = read<TransfersFile>(dataDir, 'transfers.json');

  // The last date of each month in the file is the point the monthly chart shows.
  const monthEnd = series.dates.map((d, i) => series.dates[i + 1]?.slice(0, 7) !== d.slice(0, 7));
  const seriesRows: Array<typeof networkSeries.$inferInsert> = [];
  for (const [metric, byNetwork] of Object.entries(series.metrics)) {
    for (const [network, values] of Object.entries(byNetwork)) {
      values.forEach((value, i) => seriesRows.push({ metric, network, date: series.dates[i], value, monthEnd: monthEnd[i] }));
    }
  }
  const transferRows = transferFile.rows.map(([id, assetSymbol, usdAmount, date, network]) => ({
    id,
    assetSymbol,
    usdAmount,
    date,
    network,
  }));
  const { asOf, ...marketOverview } = overview;

  // One batch: a single request that applies every row or none, as a transaction would, but with no
  // interactive transaction left open between statements. On a remote database (sqld) a slow start
  // could outlive the server's transaction timeout mid-seed, and the start then died on the rollback.
  // Sent through the client as drizzle's db.batch would send it (insertStatements: without its builder).
  await db.$client.batch([
    ...insertStatements(networks, networkRows),
    ...insertStatements(networkSeries, seriesRows, { size: CHUNK }),
    ...insertStatements(chartPoints, chart),
    ...insertStatements(assets, assetRows),
    ...insertStatements(transfers, transferRows, { size: CHUNK }),
    ...insertStatements(
      datasetMeta,
      [
        { key: 'asOf', value: asOf },
        { key: 'marketOverview', value: marketOverview },
      ],
      { onConflictDoNothing: true },
    ),
  ]);
  return { loaded: true, networks: networkRows.length, transfers: transferRows.length };
}
