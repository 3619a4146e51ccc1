/**
 * Netlify's first run by itself: the first request an instance serves starts the
 * background function when no run is published, once across instances (a lease in the lock table),
 * never while a run holds the run's lock, never with INGEST_AUTO=off, and not once the figures are
 * current. A loopback server stands in for the site's URL and counts the background function's starts;
 * a fresh import of the module is a fresh function instance.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ingestLock, ingestRuns, publishedRuns } from '#db/schema/index.ts';
import { acquireLock } from '#lib/server/ingest/lock.ts';
import { isoDay, DAY_MS } from '#lib/shared/utc-day.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { useScratchDatabase } from '../support/scratch-db.ts';

const scratch = useScratchDatabase('auto-trigger');
const SECRET = 'auto-trigger-test-secret-0123456789';
let site: Server;
let env: NodeJS.ProcessEnv;
const starts: Array<string | undefined> = [];

beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/.netlify/functions/ingest-background?head=1')
      starts.push(req.headers['x-ingest-secret'] as string);
    req.resume();
    res.writeHead(202).end();
  });
  const port = await freePort();
  await new Promise<void>((ok) => site.listen(port, '127.0.0.1', ok));
  env = { DATABASE_URL: scratch().url, URL: `http://127.0.0.1:${port}`, INGEST_TRIGGER_SECRET: SECRET };
});

afterAll(() => new Promise<void>((ok) => site.close(() => ok())));

/** A new function instance: the module afresh, with its own "first request" flag. */
async function instance() {
  vi.resetModules();
  return (await import('#lib/server/ingest/auto.ts')).firstRequestTrigger;
}

const quiet = () => {};

describe('the first request after a deploy', () => {
  it('starts nothing with INGEST_AUTO=off, nor while a run holds the lock', async () => {
    await (
      await instance()
    )(scratch().db, { ...env, INGEST_AUTO: 'off' }, quiet);
    await acquireLock(scratch().db, 'a-running-ingest', 60_000);
    await (
      await instance()
    )(scratch().db, env, quiet);
    expect(starts).toEqual([]);
    await scratch().db.delete(ingestLock);
  });

  it('starts the background function once, with the secret, however many requests and instances follow', async () => {
    const first = await instance();
    await first(scratch().db, env, quiet);
    await first(scratch().db, env, quiet);
    await (
      await instance()
    )(scratch().db, env, quiet);
    await (
      await instance()
    )(scratch().db, env, quiet);
    expect(starts).toEqual([SECRET]);
  });

  it('starts nothing once a run as of yesterday is published', async () => {
    await scratch().db.delete(ingestLock);
    const yesterday = isoDay(Date.now() - DAY_MS);
    const [run] = await scratch()
      .db.insert(ingestRuns)
      .values({ startedAt: new Date().toISOString(), status: 'published', asOf: yesterday })
      .returning({ id: ingestRuns.id });
    await scratch()
      .db.insert(publishedRuns)
      .values({ runId: run.id, asOf: yesterday, publishedAt: new Date().toISOString(), methodVersion: 1, overview: {} });
    await (
      await instance()
    )(scratch().db, env, quiet);
    expect(starts).toHaveLength(1);
  });
});
