import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '#db/client.ts';
import { assets, chartPoints, datasetMeta, networks, networkSeries, transfers } from '#db/schema/index.ts';
import { assetRowsOf, registryNamesOf, snapshotDataset } from '#lib/server/figures/snapshot-dataset.ts';

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

function chunks<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Loads the analytics snapshot from content/data (see content/data/SOURCES.md) in one
 * transaction, with multi-row INSERTs. Called once per database through seedOnce.
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

  await db.transaction(async (tx) => {
    await tx.insert(networks).values(networkRows);
    for (const part of chunks(seriesRows)) await tx.insert(networkSeries).values(part);
    await tx.insert(chartPoints).values(chart);
    await tx.insert(assets).values(assetRows);
    for (const part of chunks(transferRows)) await tx.insert(transfers).values(part);
    await tx
      .insert(datasetMeta)
      .values([
        { key: 'asOf', value: asOf },
        { key: 'marketOverview', value: marketOverview },
      ])
      .onConflictDoNothing();
  });
  return { loaded: true, networks: networkRows.length, transfers: transferRows.length };
}
