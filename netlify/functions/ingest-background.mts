/**
 * Netlify background function: the same ingest as `npm run ingest` (yesterday, UTC) against the
 * remote libSQL database, with the same settings (config.ts): INGEST_REGISTRY when set (a file the
 * deploy includes, see the README), else the registry bundled from content/registry (Functions have no
 * checkout to read it from); INGEST_MAX_CHANGE, the RPC_URL_* and the other INGEST_* variables through
 * the environment. Started by ingest-scheduled with the shared secret; anyone else gets 403. The
 * database lock keeps it from overlapping a run started elsewhere. A published run purges the figures
 * (cache tag `data`) from Netlify's CDN. Its answer is never seen (Netlify answers 202 at once): the
 * scheduled function reads the run's result in the database.
 */
import { timingSafeEqual } from 'node:crypto';
import registryJson from '../../content/registry/registry.json' with { type: 'json' };
import { openDatabase } from '#db/client.ts';
import { ConfigError, parseConfig } from '#lib/server/config.ts';
import { loadRegistry, parseRegistry } from '#lib/server/catalogue/registry.ts';
import { purgeTags, PUBLISHED_RUN_TAGS } from '#lib/server/cache/cdn.ts';
import { defaultDate, runIngest } from '#lib/server/ingest/run.ts';
import { isoDay } from '#lib/shared/utc-day.ts';
import { deliverDue } from '#lib/server/alerts/deliver.ts';

function authorized(secret: string | undefined, given: string | null): boolean {
  if (!secret || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export default async function ingestBackground(req: Request): Promise<Response> {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(`ingest-background: ${e.message}`);
    return new Response('not configured', { status: 500 });
  }
  if (req.method !== 'POST' || !authorized(config.ingest.triggerSecret, req.headers.get('x-ingest-secret')))
    return new Response('forbidden', { status: 403 });
  const { client, db } = openDatabase(config.database);
  try {
    const registry = config.ingest.registry
      ? loadRegistry(config.ingest.registry)
      : parseRegistry(registryJson, 'content/registry/registry.json');
    // ?head=1: the first run by itself (auto.ts firstRequestTrigger) reads today at the heads; the daily run reads the close.
    const head = new URL(req.url).searchParams.get('head') === '1';
    const r = await runIngest(db, {
      dates: [head ? isoDay(Date.now()) : defaultDate()],
      head,
      registry,
      env: process.env,
      progress: (line) => console.log(line),
    });
    console.log(`ingest-background: run ${r.runId || '-'} ${r.status} as of ${r.asOf}${r.reason ? `: ${r.reason}` : ''}`);
    if (r.status === 'published') await purgeTags(PUBLISHED_RUN_TAGS);
    // The run's alert webhooks, within this function's time; what fails waits for alerts-drain.
    if (r.status === 'published') await deliverDue(db, { ...config.alerts, origin: config.origin }, 60_000);
    return new Response(null, { status: r.status === 'published' ? 200 : 500 });
  } finally {
    client.close();
  }
}
