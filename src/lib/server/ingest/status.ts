/** One line for the server's start: live figures (which run, as of when) or the snapshot. */
import { desc, eq } from 'drizzle-orm';
import { formatLongDate } from '#lib/shared/format.ts';
import { isOfflineRun } from '#lib/server/catalogue/offline.ts';
import { openDatabase } from '#db/client.ts';
import { configFor } from '#lib/server/config.ts';
import { ingestRuns } from '#db/schema/index.ts';
import { servedFacts } from '#lib/server/figures/run-state.ts';

export async function describeLiveData(env: NodeJS.ProcessEnv): Promise<string> {
  const { client, db } = openDatabase(configFor(env).database);
  try {
    const { asOf, publishedRun: runId } = await servedFacts(db);
    if (runId === undefined) return `  Data: serving the embedded snapshot as of ${asOf} (content/data); no ingest run has been published.`;
    const [run] = await db.select().from(ingestRuns).where(eq(ingestRuns.id, runId));
    return `  Data: serving ingest run ${runId} as of ${asOf} (published ${run?.finishedAt ?? '?'}).`;
  } finally {
    client.close();
  }
}

/**
 * One line after a run the server started by itself (auto.ts): what it serves now. An offline run
 * (offline.ts) says "offline: serving the snapshot of September 12, 2025" (or the last published run).
 */
export async function describeRunOutcome(env: NodeJS.ProcessEnv): Promise<string> {
  const { client, db } = openDatabase(configFor(env).database);
  try {
    const facts = await servedFacts(db);
    const asOf = formatLongDate(facts.asOf);
    const serving = facts.publishedRun === undefined ? `the snapshot of ${asOf}` : `ingest run ${facts.publishedRun} as of ${asOf}`;
    const [last] = await db.select().from(ingestRuns).orderBy(desc(ingestRuns.id)).limit(1);
    if (!last) return `  ingest (auto): no run recorded; serving ${serving}.`;
    if (isOfflineRun(last)) return `  offline: serving ${serving} (no source could be reached; see /sources).`;
    if (last.status === 'published') return `  Data: now serving ${serving} (ingest run ${last.id}, published ${last.finishedAt ?? '?'}).`;
    return `  ingest (auto): run ${last.id} ${last.status}${last.reason ? `: ${last.reason}` : ''}; serving ${serving}.`;
  } finally {
    client.close();
  }
}
