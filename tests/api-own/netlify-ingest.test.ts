/**
 * The Netlify ingest functions on real parts, offline: two Anvil chains (scripts/lib/ingest-scenario.ts)
 * whose last played day is yesterday (the day a scheduled run measures), a real libSQL file, and the
 * functions' own handlers. The background function must read INGEST_REGISTRY (the scenario's chains;
 * the bundled registry names real chains without RPC URLs here, so it failed); the scheduled function
 * must judge by the run recorded in the database, not by the background function's 202. The 202 comes
 * from a loopback server that answers as Netlify does (at once) and then runs the background handler,
 * or, in the second case, runs nothing.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { startScenario, writeRegistry, type Scenario } from '../../scripts/lib/ingest-scenario.ts';
import ingestBackground from '../../netlify/functions/ingest-background.mts';
import { triggerIngest } from '../../netlify/functions/ingest-scheduled.mts';

const SECRET = 'netlify-ingest-test-secret-0123456789';
let s: Scenario;
let env: NodeJS.ProcessEnv;
let netlify: Server;
let runBackground = true;
const finished: Promise<Response>[] = [];
const url = `file:${join(mkdtempSync(join(tmpdir(), 'rwa-netlify-ingest-')), 'app.db')}`;
const opened = openDatabase({ url });

beforeAll(async () => {
  s = await startScenario(3);
  const registryFile = join(mkdtempSync(join(tmpdir(), 'rwa-registry-')), 'registry.json');
  writeRegistry(s, registryFile);
  await migrateDatabase(opened.db, opened.client, url);
  // Netlify's background functions: 202 at once, the work afterwards.
  netlify = createServer((req, res) => {
    const headers = new Headers(Object.entries(req.headers).map(([k, v]): [string, string] => [k, String(v)]));
    req.resume();
    res.writeHead(202).end();
    if (runBackground) finished.push(ingestBackground(new Request('http://netlify.invalid/', { method: 'POST', headers })));
  });
  await new Promise<void>((ok) => netlify.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${(netlify.address() as { port: number }).port}`;
  env = { ...s.env, DATABASE_URL: url, INGEST_REGISTRY: registryFile, INGEST_TRIGGER_SECRET: SECRET, URL: origin, INGEST_BACKOFF_MS: '20' };
  Object.assign(process.env, env);
}, 120_000);

afterAll(async () => {
  await new Promise<void>((ok) => netlify?.close(() => ok()));
  opened.client.close();
  await s?.stop();
});

describe('Netlify ingest functions', () => {
  it('the background function refuses a caller without the secret', async () => {
    const res = await ingestBackground(new Request('http://netlify.invalid/', { method: 'POST', headers: { 'x-ingest-secret': 'wrong' } }));
    expect(res.status).toBe(403);
  });

  it('the scheduled run reads the run it started from the database; the background run used INGEST_REGISTRY and published', async () => {
    const log = vi.spyOn(console, 'log');
    const res = await triggerIngest(env, 20_000);
    expect(res.status).toBe(204);
    expect(log.mock.calls.map((c) => String(c[0])).find((l) => l.startsWith('ingest-scheduled:'))).toMatch(
      /^ingest-scheduled: run 1 \(as of \d{4}-\d\d-\d\d\) (running|published)/,
    );
    const done = await finished[0];
    expect(done.status).toBe(200);
    const runs = await opened.client.execute('SELECT id, status, as_of FROM ingest_runs ORDER BY id');
    expect(runs.rows.map((r) => [r.id, r.status, r.as_of])).toEqual([[1, 'published', s.days[2]]]);
    // The scenario's tokens on the scenario's chains: only INGEST_REGISTRY names them.
    const symbols = await opened.client.execute('SELECT DISTINCT asset_symbol FROM ingest_observations ORDER BY 1');
    expect(symbols.rows.map((r) => r.asset_symbol)).toEqual(expect.arrayContaining(['GOLD', 'TBILL']));
    log.mockRestore();
  }, 90_000);

  it('fired again that day, it starts no run: the day is read at its close', async () => {
    runBackground = false;
    // (The scenario's chains stop inside the day, so run 1 closed it early: here it read the close.)
    await opened.client.execute(`UPDATE ingest_runs SET counts = '{}' WHERE id = 1`);
    const log = vi.spyOn(console, 'log');
    const res = await triggerIngest(env, 1500);
    expect(res.status).toBe(204);
    expect(log.mock.calls.map((c) => String(c[0]))).toContain(
      `ingest-scheduled: no run started: run 1 published ${s.days[2]} at its close`,
    );
    log.mockRestore();
  });

  it('a day closed early is read again once its retry time has come', async () => {
    // Run 1 closed the day early, 10 minutes ago: its next read is due 20 minutes later, not now.
    const closedEarly = (minutesAgo: number) =>
      opened.client.execute({
        sql: 'UPDATE ingest_runs SET counts = \'{"evm":{"earlyCloses":1}}\', finished_at = ? WHERE id = 1',
        args: [new Date(Date.now() - minutesAgo * 60_000).toISOString()],
      });
    await closedEarly(10);
    const log = vi.spyOn(console, 'log');
    expect((await triggerIngest(env, 1500)).status).toBe(204);
    expect(log.mock.calls.map((c) => String(c[0])).at(-1)).toMatch(
      new RegExp(`^ingest-scheduled: no run started: run 1 closed ${s.days[2]} early; to be read again after \\d{4}-`),
    );
    log.mockRestore();
    // 40 minutes ago: due. The next test starts it (its background function records nothing).
    await closedEarly(40);
  });

  it('a 202 after which no run is recorded is a failure', async () => {
    runBackground = false;
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await triggerIngest(env, 1500);
    expect(res.status).toBe(502);
    expect(err.mock.calls.map((c) => String(c[0]))).toContain('ingest-scheduled: the background function answered 202 but recorded no run');
    err.mockRestore();
  });
});
