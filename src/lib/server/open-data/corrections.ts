/**
 * The public correction log, read side: what /corrections and /api/corrections list,
 * newest first. The ingest records the entries (ingest/corrections.ts).
 */
import { desc } from 'drizzle-orm';
import { corrections } from '#db/schema/index.ts';
import { getDb } from '#lib/server/db/client.ts';
import { read, readAll } from '#lib/server/db/reads.ts';
import { catalogRead, registryChainName } from './catalog.ts';

/** The log is kept whole; a page shows the latest this many. */
const SHOWN = 500;

export async function loadCorrections() {
  // One batch: the log and the catalog that names its assets.
  const [rows, catalog] = await readAll([
    read(getDb().select().from(corrections).orderBy(desc(corrections.id)).limit(SHOWN), (r) => r),
    catalogRead(),
  ]);
  const byRegistrySymbol = new Map(catalog.assets.map((a) => [a.registry?.symbol ?? a.symbol, a]));
  return rows.map((r) => {
    const a = r.assetSymbol ? byRegistrySymbol.get(r.assetSymbol) : undefined;
    return {
      id: r.id,
      recordedAt: r.recordedAt,
      date: r.date,
      asset: r.assetSymbol ? { id: a?.id ?? '', symbol: a?.symbol ?? r.assetSymbol, url: a?.url ?? '' } : null,
      chain: r.chain ? registryChainName(r.chain) : null,
      source: r.source || null,
      figure: r.figure as 'value' | 'supply' | 'price' | 'holders' | 'method',
      before: r.before,
      after: r.after,
      reason: r.reason,
      methodVersion: r.methodVersion,
      runId: r.runId,
      previousRunId: r.previousRunId,
    };
  });
}
