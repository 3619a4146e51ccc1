/**
 * A depeg end to end from DefiLlama: `npm run ingest` reads USDC from a loopback
 * replay of DefiLlama's stablecoins API (the recorded answer's documented shape, one more day
 * appended). On the first day DefiLlama reports $0.9999 (no event: the first run is the baseline);
 * on the next it reports $0.97 while the supply stays. The depeg event appears once: on its page
 * with the reported price and the API call it came from, in the Atom feed (read by a feed parser)
 * and the JSON Feed, and in a signed webhook to a loopback receiver; a second run adds nothing.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '@libsql/client';
import { parseAtomFeed, parseJsonFeed } from 'feedsmith';
import { verifySignature } from '#lib/server/alerts/sign.ts';
import { dayEnd } from '#lib/shared/utc-day.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { getOk, runIngestCli } from '../support/ingest.ts';
import { api, loginCookie } from '../support/http.ts';

const FIXTURE = resolve(import.meta.dirname, '../fixtures/defillama/stablecoin-2.json');
const DAY1 = '2026-01-09';
const DAY2 = '2026-01-10';
const ID = `depeg-usdc-${DAY2}`;

let llama: Server;
let llamaUrl: string;
let hook: Server;
let server: RunningServer;
let env: Record<string, string>;
/** The price DefiLlama reports now (its `price` field is today's, beside the per-day circulating series). */
let reported = 0.9999;
const got: Array<{ event: string; verified: boolean; kind: string }> = [];
let secret = '';

/** The recorded answer, with each chain's series carried one day further at the same amount. */
function answer(): unknown {
  const body = JSON.parse(readFileSync(FIXTURE, 'utf8')) as {
    price: number;
    chainCirculating: Record<string, { tokens: Array<{ date: number; totalCirculating: unknown }> }>;
    totalCirculating: unknown[];
  };
  for (const c of Object.values(body.chainCirculating)) {
    const last = c.tokens.at(-1)!;
    expect(last.date * 1000).toBe(dayEnd(DAY1));
    c.tokens.push({ ...last, date: dayEnd(DAY2) / 1000 });
  }
  return { ...body, price: reported };
}

const get = (path: string) => getOk(server.baseUrl, path);
const ingest = (day: string) => runIngestCli(['--source', 'defillama', '--date', day], env);
async function until(done: () => boolean) {
  while (!done()) await new Promise((r) => setTimeout(r, 50));
}

/** Each delivery row in the server's database: its status and how many times it was sent. */
async function deliveries(): Promise<Array<[string, number]>> {
  const db = createClient({ url: server.databaseUrl });
  try {
    const rs = await db.execute('SELECT status, attempts FROM alert_deliveries ORDER BY id');
    return rs.rows.map((r) => [String(r.status), Number(r.attempts)]);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  llama = createServer((req, res) => {
    if (req.url !== '/stablecoin/2') return void res.writeHead(404).end('{}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer()));
  });
  await new Promise<void>((ok) => llama.listen(0, '127.0.0.1', ok));
  llamaUrl = `http://127.0.0.1:${(llama.address() as AddressInfo).port}`;
  hook = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({
        event: String(req.headers['x-alert-event']),
        verified: verifySignature(secret, body, String(req.headers['x-signature'])),
        kind: (JSON.parse(body) as { kind: string }).kind,
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((ok) => hook.listen(0, '127.0.0.1', ok));

  const registryFile = join(mkdtempSync(join(tmpdir(), 'rwa-depeg-')), 'registry.json');
  writeFileSync(
    registryFile,
    JSON.stringify({
      chains: { ethereum: { chainId: 1, name: 'Ethereum', rpcEnv: 'RPC_URL_ETHEREUM' } },
      assets: [
        {
          symbol: 'USDC',
          name: 'USD Coin',
          issuer: 'Circle',
          assetClass: 'Stablecoins',
          source: 'defillama',
          defillamaId: 2,
          price: { kind: 'fixed', usd: '1.00' },
          deployments: [{ chain: 'ethereum', address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', startBlock: 0, excludeHolders: [] }],
        },
      ],
    }),
  );
  server = await startServer({
    env: { INGEST_REGISTRY: registryFile, ALERTS_WEBHOOK_ALLOW_LOOPBACK: '1', ALERTS_WEBHOOK_BACKOFF_MS: '50' },
  });
  env = { DATABASE_URL: server.databaseUrl, INGEST_REGISTRY: registryFile, DEFILLAMA_STABLECOINS_URL: llamaUrl };
  const cookie = await loginCookie(server.baseUrl);
  const res = await api(server.baseUrl, '/api/alerts/webhooks', {
    body: { url: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook` },
    cookie,
  });
  expect(res.status).toBe(201);
  secret = ((await res.json()) as { secret: string }).secret;

  const first = await ingest(DAY1);
  expect(first.code, first.stdout + first.stderr).toBe(0);
  expect(first.stdout).not.toContain('alerts:');
  reported = 0.97;
  const second = await ingest(DAY2);
  expect(second.code, second.stdout + second.stderr).toBe(0);
  expect(second.stdout).toContain(`alerts: ${ID}`);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await Promise.all([llama, hook].map((s) => new Promise((ok) => (s ? s.close(ok) : ok(undefined)))));
});

describe('a depeg from a DefiLlama replay, end to end', () => {
  it('makes exactly one event, measured on the price DefiLlama reported, with the API call on its page', async () => {
    expect(((await get('/api/alerts')) as Array<{ id: string }>).map((e) => e.id)).toEqual([ID]);
    const e = await get(`/api/alerts/${ID}`);
    expect(e).toMatchObject({
      kind: 'depeg',
      asset: { symbol: 'USDC', class: 'Stablecoins' },
      evidence: { before: { day: DAY1, value: 0.9999 }, after: { day: DAY2, value: 0.97 } },
    });
    expect(e.evidence.change).toBeCloseTo(-0.03, 10);
    // The reads of both days, each chain DefiLlama gave, each with the API call it came from.
    const reads = e.evidence.reads as Array<{ day: string; apiUrl: string; source: string; marketPrice: number }>;
    expect(new Set(reads.map((r) => r.day))).toEqual(new Set([DAY1, DAY2]));
    expect(reads.every((r) => r.source === 'defillama' && r.apiUrl === `${llamaUrl}/stablecoin/2`)).toBe(true);
    expect(reads.filter((r) => r.day === DAY2).every((r) => r.marketPrice === 0.97)).toBe(true);
    const page = (await get(`/alerts/${ID}`)) as string;
    expect(page.split('data-testid="alert-page"').length - 1).toBe(1);
    expect(page).toContain('USDC at $0.97, 3.00% off its $1 peg');
    expect(page).toContain(`market price $0.97 as reported by defillama at ${llamaUrl}/stablecoin/2`);
    expect(page).toMatch(/data-testid="alert-after">\$0\.97</);
  });

  it('is in both feeds once (Atom read by a feed parser), and reaches the signed webhook once', async () => {
    const atom = parseAtomFeed((await get('/api/alerts/feed.atom?asset=usdc')) as string);
    expect((atom.entries ?? []).map((x) => x.id!.replace(/^.*\/alerts\//, ''))).toEqual([ID]);
    const json = parseJsonFeed(await get('/api/alerts/feed.json?class=stablecoins'));
    expect((json.items ?? []).map((i) => String(i.id).replace(/^.*\/alerts\//, ''))).toEqual([ID]);
    await until(() => got.length >= 1);
    expect(got).toEqual([{ event: ID, verified: true, kind: 'depeg' }]);
  });

  it('a second run of the same day adds no event and no delivery', async () => {
    const again = await ingest(DAY2);
    expect(again.code).toBe(0);
    expect(again.stdout).not.toContain('alerts:');
    expect(((await get('/api/alerts')) as unknown[]).length).toBe(1);
    // The server sends what a run queued every 50 ms: once nothing is pending in the database, the
    // one delivery row was sent once and the receiver got one request.
    const settled = await vi.waitFor(
      async () => {
        const rows = await deliveries();
        if (rows.some(([status]) => status === 'pending')) throw new Error(`still pending: ${JSON.stringify(rows)}`);
        return rows;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(settled).toEqual([['delivered', 1]]);
    expect(got.length).toBe(1);
  });
});
