/**
 * An offline start: the built server on an empty database with the real
 * registry, every public endpoint unreachable (each public RPC rewritten to a loopback port nothing
 * listens on; one DefiLlama API at a name that never resolves, the other at that closed port), and
 * its own first run on (INGEST_AUTO). The first page answers with the snapshot; the run ends as
 * "offline" at once, by its own record's timestamps; the log has one "offline" line; /sources and
 * the pages say it. Nothing leaves loopback.
 *
 * On a machine without a network, an endpoint the run was told to leave alone fails like the closed
 * ones, so the run's outcome cannot show that nothing left: the server and its run carry a recorder
 * (a module preloaded through NODE_OPTIONS, written below) that notes every TCP connection they
 * open to a host other than loopback, before any name lookup. The one name given on purpose (the
 * unresolvable DefiLlama host) must be noted, which shows the recorder sits in the process that
 * makes the requests, and nothing else.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '@libsql/client';
import { closedPort } from '../../scripts/lib/free-port.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { byTestId } from '../support/html.ts';

let server: RunningServer;
/** The server-rendered pages of figures: each says how old they are, and why when old. */
const DATA_PAGES = [
  '/',
  '/networks',
  '/stablecoins',
  '/treasuries',
  '/private-credit',
  '/commodities',
  '/assets',
  '/issuers',
  '/assets/buidl',
  '/networks/ethereum',
  '/issuers/ondo',
];
let outbound: string;
const UNRESOLVABLE = 'stablecoins.rwa-offline-test.invalid';

/** Notes the host of every socket connect that is not to loopback (a Unix socket or a loopback address passes unnoted). */
const RECORDER = `
import net from 'node:net';
import { appendFileSync } from 'node:fs';
const connect = net.Socket.prototype.connect;
const loopback = (host) => host === 'localhost' || /^127\\./.test(host) || host === '::1' || host === '[::1]';
net.Socket.prototype.connect = function (...args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const o = first !== null && typeof first === 'object' ? first : { port: first, host: typeof args[1] === 'string' ? args[1] : undefined };
  if (!o.path && !loopback(o.host ?? 'localhost')) appendFileSync(process.env.OUTBOUND_LOG, o.host + '\\n');
  return connect.apply(this, args);
};
`;

beforeAll(async () => {
  const closed = `http://127.0.0.1:${await closedPort()}`;
  const dir = mkdtempSync(join(tmpdir(), 'rwa-offline-'));
  outbound = join(dir, 'outbound.log');
  writeFileSync(outbound, '');
  writeFileSync(join(dir, 'recorder.mjs'), RECORDER);
  server = await startServer({
    // The first start on an empty database is the subject: not a copy of the run's prepared one.
    fresh: true,
    env: {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(join(dir, 'recorder.mjs')).href}`.trim(),
      OUTBOUND_LOG: outbound,
      INGEST_AUTO: 'on',
      INGEST_PUBLIC_RPC_ORIGIN: closed,
      DEFILLAMA_STABLECOINS_URL: `http://${UNRESOLVABLE}`,
      DEFILLAMA_TVL_URL: closed,
      // The start's lines are the subject here.
      QUIET_START: '',
    },
  });
}, 90_000);

afterAll(() => server?.stop());

interface RunRow {
  status: string;
  reason: string | null;
  started: number;
  finished: number;
}

async function lastRun(): Promise<RunRow | undefined> {
  const db = createClient({ url: server.databaseUrl });
  try {
    const rs = await db.execute('SELECT status, reason, started_at, finished_at FROM ingest_runs ORDER BY id DESC LIMIT 1');
    const r = rs.rows[0];
    return r
      ? {
          status: String(r.status),
          reason: r.reason as string | null,
          started: Date.parse(String(r.started_at)),
          finished: Date.parse(String(r.finished_at)),
        }
      : undefined;
  } finally {
    db.close();
  }
}

describe('offline start', () => {
  it('answers the first page with the snapshot while the run starts', async () => {
    const res = await fetch(server.baseUrl + '/');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('datetime="2025-09-12"');
  });

  it('ends the run as offline within 30 s, says so in one log line, on /sources and beside the as-of date', async () => {
    const run = await vi.waitFor(
      async () => {
        const r = await lastRun();
        if (!r || r.status === 'running') throw new Error('the run has not ended yet');
        return r;
      },
      { timeout: 60_000, interval: 250 },
    );
    expect(run.status).toBe('failed');
    expect(run.reason).toMatch(/^offline: no source could be reached/);
    expect(run.finished - run.started).toBeLessThan(30_000);

    await vi.waitFor(() => expect(server.output()).toMatch(/offline: serving the snapshot of September 12, 2025/), { timeout: 10_000 });
    expect(server.output().match(/^ *offline: /gm)).toHaveLength(1);

    const sources = await (await fetch(server.baseUrl + '/sources')).text();
    expect(sources).toMatch(/data-testid="sources-offline"[^>]*>\s*<strong>Offline:<\/strong> serving the snapshot of/);
    const home = await (await fetch(server.baseUrl + '/')).text();
    expect(home).toMatch(/\d+ days old: offline snapshot/);
    // Every server-rendered data page, entity pages included, says so across the top and links to /sources.
    for (const path of DATA_PAGES) {
      const html = await (await fetch(server.baseUrl + path)).text();
      const notice = byTestId(html, 'freshness-notice');
      expect(notice, path).toMatch(/\d+ days old: offline snapshot/);
      expect(notice, path).toContain('href="/sources#runs"');
      expect(byTestId(html, 'data-as-of'), path).toMatch(/\d+ days old: offline snapshot/);
    }

    // Nothing left loopback but the one connection to the name given on purpose (which never resolves).
    const left = new Set(readFileSync(outbound, 'utf8').split('\n').filter(Boolean));
    expect([...left]).toEqual([UNRESOLVABLE]);
  }, 120_000);
});
