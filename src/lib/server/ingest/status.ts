/** One line for the server's start: live figures (which run, as of when) or the snapshot. */
import { eq } from 'drizzle-orm';
import { openDatabase } from '#db/client.ts';
import { configFor, rpcUrl } from '#lib/server/config.ts';
import { loadRegistry, registryPath, type Registry } from './registry.ts';
import { datasetMeta, ingestRuns } from '#db/schema/index.ts';

export async function describeLiveData(env: NodeJS.ProcessEnv): Promise<string> {
  const { client, db } = openDatabase(configFor(env).database);
  try {
    const meta = new Map((await db.select().from(datasetMeta)).map((r) => [r.key, r.value]));
    const asOfValue = meta.get('asOf');
    const asOf = typeof asOfValue === 'string' ? asOfValue : 'unknown';
    const published = meta.get('publishedRun');
    const runId = Number(published);
    if (published === undefined || published === null || !Number.isInteger(runId))
      return `  Data: serving the embedded snapshot as of ${asOf} (content/data); no ingest run has been published.`;
    const [run] = await db.select().from(ingestRuns).where(eq(ingestRuns.id, runId));
    return `  Data: serving ingest run ${runId} as of ${asOf} (published ${run?.finishedAt ?? '?'}).`;
  } finally {
    client.close();
  }
}

/**
 * The registry names each chain's RPC variable (rpcEnv), so the schema cannot list them: check the
 * ones that are set here, at start, like every other variable (a ConfigError names the variable).
 * An unset one is not an error (that chain is reported by the ingest); an unreadable registry is
 * reported on /sources and by the ingest, not here.
 */
export function checkRpcUrls(env: NodeJS.ProcessEnv): void {
  let registry: Registry;
  try {
    registry = loadRegistry(registryPath(env));
  } catch {
    return;
  }
  for (const chain of Object.values(registry.chains)) rpcUrl(env, chain.rpcEnv);
}
