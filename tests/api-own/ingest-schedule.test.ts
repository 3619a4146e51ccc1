/**
 * INGEST_SCHEDULE on the Node server: two built servers on the same database, each running the
 * ingest every second in-process. Runs happen, and the database lock keeps them apart: no two
 * recorded runs overlap in time. (A malformed expression stops the start: tests/reliability/security.test.ts.)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScenario, writeRegistry, type Scenario } from '../../scripts/lib/ingest-scenario.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let s: Scenario;
const servers: RunningServer[] = [];

beforeAll(async () => {
  s = await startScenario();
}, 120_000);

afterAll(async () => {
  for (const server of servers) await server.stop();
  await s?.stop();
});

describe('INGEST_SCHEDULE', () => {
  it('runs the ingest in-process on schedule, never two at once across two servers', async () => {
    const registryFile = join(mkdtempSync(join(tmpdir(), 'rwa-registry-')), 'registry.json');
    writeRegistry(s, registryFile);
    // Anvil's blocks are played in the past: read to the latest block, with no head-age bound.
    const env = {
      ...s.env,
      INGEST_REGISTRY: registryFile,
      // Every second: four runs come in about four seconds (every two seconds they took eight, a worker held waiting).
      INGEST_SCHEDULE: '* * * * * *',
      INGEST_BACKOFF_MS: '20',
      INGEST_HEAD_TAG: 'latest',
      INGEST_MAX_HEAD_AGE: '0',
    };
    const first = await startServer({ env });
    servers.push(first);
    servers.push(await startServer({ env, dir: first.dir }));
    expect(first.output()).toMatch(/ingest scheduled: "\* \* \* \* \* \*" \(UTC\), next run \d{4}-/);

    const db = createClient({ url: first.databaseUrl });
    let runs: Array<{ id: number; started: number; finished: number; status: string }> = [];
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline) {
      const rs = await db.execute("SELECT id, started_at, finished_at, status FROM ingest_runs WHERE status != 'running' ORDER BY id");
      runs = rs.rows.map((r) => ({
        id: Number(r.id),
        started: Date.parse(String(r.started_at)),
        finished: Date.parse(String(r.finished_at)),
        status: String(r.status),
      }));
      if (runs.length >= 4) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    db.close();
    expect(runs.length).toBeGreaterThanOrEqual(4);
    // The scheduled run measures yesterday: the chain's state then is the scenario's last day.
    expect(runs[0].status).toBe('published');
    for (let i = 1; i < runs.length; i++) expect(runs[i].started).toBeGreaterThanOrEqual(runs[i - 1].finished);
    const overview = await (await fetch(first.baseUrl + '/api/market-overview')).json();
    expect(overview.totalRWAValue).toBe('615050');
    expect(overview.asOf).toBe(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
  }, 120_000);
});
