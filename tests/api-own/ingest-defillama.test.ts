/**
 * The DefiLlama stablecoins adapter on recorded responses in the documented shape, served on
 * loopback: USDT in the server's spelling (chainBalances, circulating, dates as numbers and
 * strings), USDC in the OpenAPI file's (chainCirculating, totalCirculating). A chain without a
 * figure for the day is left out and reported, holders stay unavailable. Hostile answers (issue
 * 17.5): an amount of 1.7e308 is refused on its chain and wedges nothing; a 200 MB answer is cut
 * at the 20 MB cap while it streams in.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/local-chains.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { runIngestCli } from '../support/ingest.ts';
import { parseCsv } from '#lib/shared/csv.ts';
import { createClient } from '@libsql/client';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { exactAmount } from '#lib/shared/receipts.ts';
import { formatCurrency } from '#lib/shared/format.ts';
import { api as apiCall, loginCookie } from '../support/http.ts';

const execFileAsync = promisify(execFile);

const FIXTURES = resolve(import.meta.dirname, '../fixtures/defillama');
const DATE = '2026-01-09';
let api: Server;
let apiUrl: string;
let server: RunningServer;
let registryFile: string;
const requested: string[] = [];

beforeAll(async () => {
  api = createServer((req, res) => {
    requested.push(req.url ?? '');
    const m = /^\/stablecoin\/(\d+)$/.exec(req.url ?? '');
    if (!m) return void res.writeHead(404).end('{}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(readFileSync(join(FIXTURES, `stablecoin-${m[1]}.json`)));
  });
  const port = await freePort();
  await new Promise<void>((ok) => api.listen(port, '127.0.0.1', ok));
  apiUrl = `http://127.0.0.1:${port}`;
  registryFile = join(mkdtempSync(join(tmpdir(), 'rwa-registry-')), 'registry.json');
  const deployment = (address: string, excludeHolders: string[] = []) => [{ chain: 'ethereum', address, startBlock: 0, excludeHolders }];
  writeFileSync(
    registryFile,
    JSON.stringify({
      chains: {
        ethereum: { chainId: 1, name: 'Ethereum', rpcEnv: 'RPC_URL_ETHEREUM', explorer: 'https://etherscan.io' },
        base: { chainId: 8453, name: 'Base', rpcEnv: 'RPC_URL_BASE' },
      },
      assets: [
        {
          symbol: 'USDT',
          name: 'Tether USD',
          issuer: 'Tether',
          assetClass: 'Stablecoins',
          source: 'defillama',
          defillamaId: 1,
          price: { kind: 'fixed', usd: '1.00' },
          // The registry requires Tether's published treasury to be named.
          deployments: deployment('0xdac17f958d2ee523a2206206994597c13d831ec7', ['0x5754284f345afc66a98fbb0a0afe71e0f007b949']),
        },
        {
          symbol: 'USDC',
          name: 'USD Coin',
          issuer: 'Circle',
          assetClass: 'Stablecoins',
          source: 'defillama',
          defillamaId: 2,
          price: { kind: 'fixed', usd: '1.00' },
          deployments: deployment('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'),
        },
      ],
    }),
  );
  // Webhooks to a loopback receiver: the hostile-source test reads what they carry.
  server = await startServer({
    env: { INGEST_REGISTRY: registryFile, ALERTS_WEBHOOK_ALLOW_LOOPBACK: '1', ALERTS_WEBHOOK_BACKOFF_MS: '50' },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await new Promise((ok) => api?.close(ok));
});

describe('DefiLlama stablecoins adapter', () => {
  it('reads both spellings and publishes the supply per chain of the day', async () => {
    const r = await runIngestCli(['--source', 'defillama', '--date', DATE], {
      DATABASE_URL: server.databaseUrl,
      INGEST_REGISTRY: registryFile,
      DEFILLAMA_STABLECOINS_URL: apiUrl,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(requested.sort()).toEqual(['/stablecoin/1', '/stablecoin/2']);
    expect(r.stdout).toContain('USDT: DefiLlama has no figure for 2026-01-09 on Solana');

    const overview = await (await fetch(server.baseUrl + '/api/market-overview')).json();
    expect(overview.totalStablecoinValue).toBe(String(92.5e9 + 80e9 + 45e9 + 4.25e9));
    expect(overview.asOf).toBe(DATE);
    const assets = await (await fetch(server.baseUrl + '/api/assets')).json();
    expect(assets.map((a: { symbol: string; marketCap: string }) => [a.symbol, a.marketCap])).toEqual([
      ['USDT', String(172.5e9)],
      ['USDC', String(49.25e9)],
    ]);
    const caps = await (await fetch(server.baseUrl + '/api/networks/time-series?metricType=stablecoin-market-caps')).json();
    // Tron is not in this registry but is a network of the league: published under the league's name.
    expect(caps).toEqual([
      {
        date: DATE,
        networks: { Ethereum: 137.5e9, TRON: 80e9, Base: 4.25e9 },
        origin: 'live',
        sources: ['ingest runs: the chain and API reads of the day'],
      },
    ]);
    // DefiLlama's reported price (1.0001, 0.9999) is kept for the depeg alert; the value stays at the fixed $1 above.
    const db = createClient({ url: server.databaseUrl });
    const rows = await db.execute(
      "SELECT asset_symbol, price, market_price FROM ingest_observations WHERE chain = 'ethereum' ORDER BY asset_symbol",
    );
    db.close();
    expect(rows.rows.map((o) => [o.asset_symbol, o.price, o.market_price])).toEqual([
      ['USDC', 1, 0.9999],
      ['USDT', 1, 1.0001],
    ]);
    // The API has no holder counts: no stablecoin-holders figure is made up.
    expect(await (await fetch(server.baseUrl + '/api/networks/time-series?metricType=stablecoin-holders')).json()).toEqual([]);
    const html = await (await fetch(server.baseUrl + '/sources')).text();
    expect(html).toContain(`${apiUrl}/stablecoin/2`);
    expect(html).toContain('holders unavailable');
  }, 60_000);

  it("a DefiLlama figure's receipt: the source, the decoded figure and its sum, what is not kept, and a curl that gets the same answer", async () => {
    const usdc = ((await (await fetch(server.baseUrl + '/api/assets')).json()) as Array<{ symbol: string; id: string; url: string }>).find(
      (a) => a.symbol === 'USDC',
    )!;
    const receipt = await (await fetch(`${server.baseUrl}/api/assets/${usdc.id}/receipt`)).json();
    expect(receipt.figures.length).toBeGreaterThan(0);
    for (const f of receipt.figures) {
      expect(f).toMatchObject({ source: 'defillama', evm: null, api: { url: `${apiUrl}/stablecoin/2`, ledger: null } });
      expect(f.unknown).toBeUndefined();
      expect(f.api.sum).toBe(`supply ${exactAmount(f.supply)} × $1.00 = ${formatCurrency(Number(f.value))}`);
      expect(f.api.notKept).toContain("The raw answer of DefiLlama's stablecoins API is not kept");
      // The command, pasted as printed, asks the (loopback) API the same question: its answer is the one the figure was read from.
      const { stdout } = await execFileAsync('sh', ['-c', f.api.command], { env: { PATH: process.env.PATH } });
      expect(stdout).toBe(readFileSync(join(FIXTURES, 'stablecoin-2.json'), 'utf8'));
    }
    const html = await (await fetch(`${server.baseUrl}${usdc.url}/receipt`)).text();
    expect(html).toContain('data-testid="receipt-not-kept"');
    expect(html).not.toContain('data-testid="receipt-unknown"');
    expect(html).toContain(`${apiUrl}/stablecoin/2`);
  });

  it('refuses an answer in neither shape, publishing nothing', async () => {
    const broken = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"1","chains":[]}'));
    const port = await freePort();
    await new Promise<void>((ok) => broken.listen(port, '127.0.0.1', ok));
    try {
      const r = await runIngestCli(['--source', 'defillama', '--date', '2026-01-10'], {
        DATABASE_URL: server.databaseUrl,
        INGEST_REGISTRY: registryFile,
        DEFILLAMA_STABLECOINS_URL: `http://127.0.0.1:${port}`,
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('neither chainBalances nor chainCirculating is present');
      expect((await (await fetch(server.baseUrl + '/api/market-overview')).json()).asOf).toBe(DATE);
    } finally {
      await new Promise((ok) => broken.close(ok));
    }
  }, 60_000);

  /** A loopback API answering `/stablecoin/{id}` with `bodyFor(id)` (a string, or a writer for a stream). */
  async function llama(bodyFor: (id: string, res: import('node:http').ServerResponse) => string | void) {
    const srv = createServer((req, res) => {
      const m = /^\/stablecoin\/(\d+)$/.exec(req.url ?? '');
      if (!m) return void res.writeHead(404).end('{}');
      const body = bodyFor(m[1], res);
      if (body !== undefined) res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    const port = await freePort();
    await new Promise<void>((ok) => srv.listen(port, '127.0.0.1', ok));
    return {
      url: `http://127.0.0.1:${port}`,
      close: () => {
        srv.closeAllConnections();
        return new Promise((ok) => srv.close(ok));
      },
    };
  }
  const history = (date: string, byChain: Record<string, number>) =>
    JSON.stringify({
      id: '1',
      pegType: 'peggedUSD',
      chainBalances: Object.fromEntries(
        Object.entries(byChain).map(([chain, v]) => [
          chain,
          { tokens: [{ date: Date.parse(date + 'T00:00:00Z') / 1000 + 86_400, circulating: { peggedUSD: v } }] },
        ]),
      ),
    });

  it('an amount of 1.7e308 is refused on its chain, the rest publishes, and the next run is not wedged by an Infinity', async () => {
    const env = { DATABASE_URL: server.databaseUrl, INGEST_REGISTRY: registryFile };
    const hostile = await llama((id) =>
      id === '1' ? history('2026-01-11', { Ethereum: 1.7e308, Tron: 80e9 }) : history('2026-01-11', { Ethereum: 45e9 }),
    );
    try {
      const r = await runIngestCli(['--source', 'defillama', '--date', '2026-01-11'], { ...env, DEFILLAMA_STABLECOINS_URL: hostile.url });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('not read: USDT on ethereum: refused, supply 1.7e+308 exceeds the bound');
      const o = await (await fetch(server.baseUrl + '/api/market-overview')).json();
      expect(o.asOf).toBe('2026-01-11');
      expect(Number.isFinite(Number(o.totalStablecoinValue))).toBe(true);
      // USDT on Ethereum keeps its figure of 2026-01-09 (two days old, stale), as does USDC on Base (not in this
      // answer); Tron and USDC on Ethereum are new.
      expect(Number(o.totalStablecoinValue)).toBe(92.5e9 + 80e9 + 45e9 + 4.25e9);
      const usdt = (await (await fetch(server.baseUrl + '/api/assets')).json()).find((a: { symbol: string }) => a.symbol === 'USDT');
      expect(usdt.stale).toMatchObject({ since: DATE, chains: ['ethereum'] });
    } finally {
      await hostile.close();
    }
    const sane = await llama((id) =>
      id === '1' ? history('2026-01-12', { Ethereum: 93e9, Tron: 80e9 }) : history('2026-01-12', { Ethereum: 45e9 }),
    );
    try {
      const r = await runIngestCli(['--source', 'defillama', '--date', '2026-01-12'], { ...env, DEFILLAMA_STABLECOINS_URL: sane.url });
      expect(r.code).toBe(0);
      const o = await (await fetch(server.baseUrl + '/api/market-overview')).json();
      expect(o.asOf).toBe('2026-01-12');
      expect(o.totalStablecoinValue).toBe(String(93e9 + 80e9 + 45e9));
    } finally {
      await sane.close();
    }
  }, 90_000);

  it('a 200 MB answer is cut at the 20 MB cap while it streams in; that asset is stale, nothing is read whole', async () => {
    let sent = 0;
    const huge = await llama((id, res) => {
      if (id !== '1') return history('2026-01-13', { Ethereum: 45e9 });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":"1","chainBalances":{},"pad":"');
      const chunk = 'x'.repeat(1 << 20);
      const pump = () => {
        while (sent < 200 * (1 << 20) && res.write(chunk)) sent += chunk.length;
        if (sent < 200 * (1 << 20)) res.once('drain', pump);
        else res.end('"}');
      };
      res.on('close', () => res.destroy());
      pump();
    });
    try {
      const r = await runIngestCli(['--source', 'defillama', '--date', '2026-01-13'], {
        DATABASE_URL: server.databaseUrl,
        INGEST_REGISTRY: registryFile,
        DEFILLAMA_STABLECOINS_URL: huge.url,
      });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('answer exceeds the 20971520-byte cap');
      expect(sent).toBeLessThan(100 * (1 << 20));
      const usdt = (await (await fetch(server.baseUrl + '/api/assets')).json()).find((a: { symbol: string }) => a.symbol === 'USDT');
      expect(usdt.stale).toMatchObject({ since: '2026-01-12' });
    } finally {
      await huge.close();
    }
  }, 90_000);

  it('hostile chain names are data: known chains publish, others are reported cleaned; a secret path in the URL is shown nowhere', async () => {
    const SECRET = 'SECRET-KEY-0a1b2c3d';
    const hostileNames = [
      'date',
      'Evil/../../admin?x=1#y',
      'javascript:alert(1)',
      'Null\u0000Chain',
      'L'.repeat(3000),
      '\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007\u001b[2J',
      '\u202eniaga\u2066x\u2069\u200f',
      'x;=cmd|calc!A0',
      'Ｅｔｈｅｒｅｕｍ',
    ];
    const day = '2026-01-14';
    const srv = createServer((req, res) => {
      requested.push(req.url ?? '');
      const m = new RegExp(`^/${SECRET}/stablecoin/(\\d+)$`).exec(req.url ?? '');
      if (!m) return void res.writeHead(404).end('{}');
      const byChain: Record<string, number> = { Ethereum: 93e9, Tron: 81e9 };
      if (m[1] === '1') hostileNames.forEach((n, i) => (byChain[n] = 1e9 + i));
      res.writeHead(200, { 'content-type': 'application/json' }).end(history(day, m[1] === '1' ? byChain : { Ethereum: 45e9 }));
    });
    const port = await freePort();
    await new Promise<void>((ok) => srv.listen(port, '127.0.0.1', ok));
    let r: Awaited<ReturnType<typeof runIngestCli>>;
    try {
      r = await runIngestCli(['--source', 'defillama', '--date', day], {
        DATABASE_URL: server.databaseUrl,
        INGEST_REGISTRY: registryFile,
        DEFILLAMA_STABLECOINS_URL: `http://127.0.0.1:${port}/${SECRET}`,
      });
    } finally {
      await new Promise((ok) => srv.close(ok));
    }
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const log = r.stdout + r.stderr;
    // Reported in the run, cleaned: no NUL, ESC, BEL or bidi control reaches the operator's terminal.
    expect(log).toContain('USDT: Other chains (not in the registry or the league):');
    expect(log).toContain('"Evil/../../admin?x=1#y"');
    expect(log).toContain('"NullChain"');
    // A second spelling of Ethereum is reported, not added to it (Ethereum stays 93 + 45 below).
    expect(log).toContain('USDT: DefiLlama chains spelled twice, counted once: "Ｅｔｈｅｒｅｕｍ"');
    expect(log).toContain(`"${'L'.repeat(64)}"`);
    expect(log).not.toContain('L'.repeat(65));
    // Cc but tab and line feed, and the bidi controls (all Cf).
    expect([...log].filter((c) => /[\p{Cc}\p{Cf}]/u.test(c) && c !== '\n' && c !== '\t')).toEqual([]);

    const overview = await (await fetch(server.baseUrl + '/api/market-overview')).json();
    expect(overview.asOf).toBe(day);
    // The known chains, Ethereum (93 + 45) and the league's TRON, and the eight chains no one names as
    // one 'Other chains' line: the total is DefiLlama's, the second spelling of Ethereum left out.
    const others = hostileNames.slice(0, 8).reduce((t, _n, i) => t + 1e9 + i, 0);
    expect(Number(overview.totalStablecoinValue)).toBe(93e9 + 45e9 + 81e9 + others);
    const usdt = await (await fetch(server.baseUrl + '/api/assets/usdt')).json();
    const line = usdt.chains.find((c: { chain: string }) => c.chain === 'other-chains');
    expect(line).toMatchObject({ chainName: 'Other chains', supply: String(others) });
    expect(line.members).toHaveLength(8);
    expect(line.members.map((m: { chain: string }) => m.chain)).toContain('Evil/../../admin?x=1#y');
    const series: Array<{ date: string; networks: Record<string, number> }> = await (
      await fetch(server.baseUrl + '/api/networks/time-series?metricType=stablecoin-market-caps')
    ).json();
    expect(series.find((p) => p.date === day)?.networks).toEqual({ Ethereum: 138e9, TRON: 81e9, 'Other chains': others });
    // No name took a column of the CSV: 'date' heads it once, and the other columns are the known networks.
    const csv = await (await fetch(server.baseUrl + '/api/networks/time-series?metricType=stablecoin-market-caps&format=csv')).text();
    const [head, ...rows] = parseCsv(csv);
    expect(head[0]).toBe('date');
    expect(head.slice(1).filter((n) => !['Base', 'Ethereum', 'TRON', 'Other chains'].includes(n))).toEqual([]);
    expect(head).toContain('TRON');
    expect(rows.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r[0]))).toBe(true);
    const sitemap = await (await fetch(server.baseUrl + '/sitemap.xml')).text();
    expect(sitemap).not.toMatch(/evil|javascript|admin\?/i);

    // The configured URL's path (a key, on DefiLlama's paid plan) is on no page, in no API answer, in no log.
    const pages = ['/sources', '/api/assets', '/api/assets/usdt', '/api/assets/usdt/history?range=all&format=csv', '/assets/usdt'];
    for (const path of pages) {
      const res = await fetch(server.baseUrl + path);
      const body = await res.text();
      expect(body, path).not.toContain(SECRET);
    }
    expect(await (await fetch(server.baseUrl + '/sources')).text()).toContain(`http://127.0.0.1:${port}/…/stablecoin/1`);
    expect(log).not.toContain(SECRET);
    expect(server.output()).not.toContain(SECRET);
  }, 90_000);

  it('hostile sources stay in their box: escapes, bidi, nested JSON, a slow drip and a 1e300 price, in one run', async () => {
    const day = '2026-01-15';
    // Controls but tab and line feed, and format characters (the bidi controls are Cf).
    const controls = (text: string) => [...text].filter((c) => /[\p{Cc}\p{Cf}]/u.test(c) && c !== '\n' && c !== '\t' && c !== '\r');
    const hostileSymbol = '<img src=x onerror=alert(1)>\u202eCDSU\u2066\u001b]52;c;aGk=\u0007\u001b[2J';
    const drips: Array<import('node:http').ServerResponse> = [];
    const srv = createServer((req, res) => {
      const url = req.url ?? '';
      const json = (body: string) => res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      // A $1 coin reported at 1e300: a broken read, never a depeg.
      if (url === '/stablecoin/1')
        return json(JSON.stringify({ ...JSON.parse(history(day, { Ethereum: 93e9, Tron: 81e9 })), price: 1e300 }));
      // Another symbol, made of markup, bidi controls and terminal escapes: refused, and the reason goes to pages, feeds and webhooks.
      if (url === '/stablecoin/2') return json(JSON.stringify({ ...JSON.parse(history(day, { Ethereum: 45e9 })), symbol: hostileSymbol }));
      // 16 bytes whose JSON.parse error would quote an OSC 52 clipboard write.
      if (url === '/stablecoincharts/all') return json('\u001b]52;c;aGk=\u0007');
      // A million-deep nesting under the size cap.
      if (url === '/stablecoincharts/Ethereum') return json('['.repeat(1_000_000));
      // A slow drip: a byte every 100 ms, never ending.
      if (url === '/stablecoincharts/Base') {
        res.writeHead(200, { 'content-type': 'application/json' });
        drips.push(res);
        const t = setInterval(() => res.write(' '), 100);
        res.on('close', () => clearInterval(t));
        return;
      }
      res.writeHead(404).end('{}');
    });
    const port = await freePort();
    await new Promise<void>((ok) => srv.listen(port, '127.0.0.1', ok));
    const deliveries: string[] = [];
    const hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        deliveries.push(body);
        res.writeHead(204).end();
      });
    });
    const hookPort = await freePort();
    await new Promise<void>((ok) => hook.listen(hookPort, '127.0.0.1', ok));
    let r: Awaited<ReturnType<typeof runIngestCli>>;
    try {
      const cookie = await loginCookie(server.baseUrl);
      const registered = await apiCall(server.baseUrl, '/api/alerts/webhooks', {
        body: { url: `http://127.0.0.1:${hookPort}/hook` },
        cookie,
      });
      expect(registered.status).toBe(201);
      const started = Date.now();
      r = await runIngestCli(['--source', 'defillama,defillama-history', '--date', day], {
        DATABASE_URL: server.databaseUrl,
        INGEST_REGISTRY: registryFile,
        DEFILLAMA_STABLECOINS_URL: `http://127.0.0.1:${port}`,
        // One budget for the whole run: the drip (30 s a request, 6 tries) is cut where it ends. Short: the
        // other reads are on loopback, and until the budget ends the worker only waits on the drip.
        INGEST_TIME_BUDGET_S: '4',
      });
      expect(Date.now() - started).toBeLessThan(90_000);
      // The stale event reaches the receiver.
      for (let i = 0; i < 100 && !deliveries.some((d) => d.includes('"kind":"stale"')); i++) await new Promise((ok) => setTimeout(ok, 200));
    } finally {
      drips.forEach((d) => d.destroy());
      srv.closeAllConnections();
      hook.closeAllConnections();
      await new Promise((ok) => srv.close(ok));
      await new Promise((ok) => hook.close(ok));
    }
    // The terminal: each attack named, in clean words.
    const log = r.stdout + r.stderr;
    expect(r.code, log).toBe(0);
    // The run's own time (its summary line): the budget's 4 s and the publish, not 6 tries of a 30 s drip.
    expect(Number(/^run \d+: \w+, as of [\d-]+, ([\d.]+) s/m.exec(log)?.[1])).toBeLessThan(20);
    expect(controls(log)).toEqual([]);
    expect(log).toContain('stablecoincharts/all: status 200, the answer is not JSON: refused');
    expect(log).toContain('stablecoincharts/Ethereum: the answer nests deeper than 64 levels: refused');
    expect(log).toMatch(/stablecoincharts\/Base: .*(timed? ?out|aborted)/i);
    // The lock is released: another run may start at once.
    const lock = createClient({ url: server.databaseUrl });
    expect((await lock.execute('SELECT count(*) AS n FROM ingest_lock')).rows[0].n).toBe(0);
    lock.close();
    expect(log).toContain('USDT: the market price');
    expect(log).toContain('1e+300 is more than 10× its $1 peg');
    expect(log).toContain('answers for "<img src=x onerror=alert(1)>CDSU]52;c;aGk=[2J"');
    // The database: no control character in any text the run wrote or published, and no 1e300 kept as a price.
    const db = createClient({ url: server.databaseUrl });
    try {
      const tables = [
        'ingest_runs',
        'ingest_observations',
        'ingest_history',
        'assets',
        'dataset_meta',
        'published_runs',
        'chart_points',
        'network_series',
        'corrections',
        'alert_events',
        'alert_deliveries',
      ];
      for (const name of tables) {
        for (const row of (await db.execute(`SELECT * FROM "${name}"`)).rows)
          for (const v of Object.values(row)) {
            if (typeof v === 'string') expect(controls(v), `${name}: ${v.slice(0, 80)}`).toEqual([]);
            if (typeof v === 'number') expect(v, name).not.toBe(1e300);
          }
      }
    } finally {
      db.close();
    }
    // The pages, the API and both feeds: the reason shown, cleaned; no depeg made of 1e300.
    const events = (await (await fetch(server.baseUrl + '/api/alerts')).json()) as Array<{ kind: string; assetSymbol: string }>;
    expect(Array.isArray(events)).toBe(true);
    expect(events.some((e) => e.kind === 'depeg')).toBe(false);
    for (const path of [
      '/sources',
      '/alerts',
      '/api/alerts',
      '/api/alerts/feed.atom',
      '/api/alerts/feed.json',
      '/api/assets/usdc',
      '/assets/usdt',
      '/api/assets',
    ]) {
      const body = await (await fetch(server.baseUrl + path)).text();
      expect(controls(body), path).toEqual([]);
      // The refused price may be named where the run's warnings are shown; no alert carries it.
      if (path.includes('alerts')) expect(body, path).not.toMatch(/1e\+?300/);
    }
    expect(await (await fetch(server.baseUrl + '/api/alerts/feed.json')).text()).toContain('refused (check defillamaId in the registry)');
    // The webhooks: the stale event delivered, cleaned.
    expect(deliveries.some((d) => d.includes('refused (check defillamaId in the registry)'))).toBe(true);
    for (const d of deliveries) {
      expect(controls(d)).toEqual([]);
      expect(d).not.toMatch(/\\u202e|\\u001b|1e\+?300/i);
    }
  }, 120_000);

  it("a chain that fails whole refuses its cells everywhere: the receipt, the supply, the alerts and the next run's breaker never read them", async () => {
    // The same registry with one EVM product on Ethereum whose node is down: the EVM read fails the
    // whole chain, and USDT's Ethereum figure DefiLlama gave that day (a 70% drop) is refused with it.
    const withEvm = JSON.parse(readFileSync(registryFile, 'utf8'));
    withEvm.assets.push({
      symbol: 'TBX',
      name: 'Test Treasury Bill',
      issuer: 'Test Issuer',
      assetClass: 'U.S. Treasuries',
      source: 'evm',
      price: { kind: 'fixed', usd: '1.00' },
      deployments: [{ chain: 'ethereum', address: '0x00000000000000000000000000000000000000aa', startBlock: 0 }],
    });
    const evmRegistry = join(mkdtempSync(join(tmpdir(), 'rwa-registry-evm-')), 'registry.json');
    writeFileSync(evmRegistry, JSON.stringify(withEvm));
    const answer = (day: string) => (id: string) =>
      id === '1' ? history(day, { Ethereum: 27.9e9, Tron: 81e9 }) : history(day, { Ethereum: 45e9 });
    const db = createClient({ url: server.databaseUrl });
    const usdtEthereum = async () =>
      (
        await db.execute(
          "SELECT run_id, date, supply, accepted FROM ingest_observations WHERE asset_symbol = 'USDT' AND chain = 'ethereum' ORDER BY run_id DESC LIMIT 1",
        )
      ).rows[0];
    const before = await usdtEthereum();
    const alertsBefore = ((await (await fetch(server.baseUrl + '/api/alerts')).json()) as unknown[]).length;
    const down = await llama(answer('2026-01-16'));
    try {
      const r = await runIngestCli(['--source', 'defillama,evm', '--date', '2026-01-16'], {
        DATABASE_URL: server.databaseUrl,
        INGEST_REGISTRY: evmRegistry,
        DEFILLAMA_STABLECOINS_URL: down.url,
        RPC_URL_ETHEREUM: 'http://127.0.0.1:9',
      });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toMatch(/not read: Chain "ethereum" \(Ethereum\) is unreachable/);
    } finally {
      await down.close();
    }
    // The row was read and kept (the run's record), never accepted.
    const refused = await usdtEthereum();
    expect(refused).toMatchObject({ date: '2026-01-16', accepted: 0 });
    expect(Number(refused.supply)).toBe(27.9e9);
    // Every reader: the published cell, the asset's supply and value, its receipt, the alerts.
    const usdt = (
      (await (await fetch(server.baseUrl + '/api/assets')).json()) as Array<{ symbol: string; id: string; stale?: unknown }>
    ).find((a) => a.symbol === 'USDT')!;
    expect((usdt.stale as { chains: string[] }).chains).toContain('ethereum');
    const detail = await (await fetch(`${server.baseUrl}/api/assets/${usdt.id}`)).json();
    const ethereum = detail.chains.find((c: { chain: string }) => c.chain === 'ethereum');
    expect(Number(ethereum.supply)).toBe(Number(before.supply));
    expect(detail.supply.value).toBe(detail.chains.reduce((t: number, c: { supply: string | null }) => t + Number(c.supply ?? 0), 0));
    const receipt = await (await fetch(`${server.baseUrl}/api/assets/${usdt.id}/receipt`)).text();
    expect(receipt).not.toContain('27900000000');
    expect(receipt).toContain(String(Number(before.supply)));
    const events = (await (await fetch(server.baseUrl + '/api/alerts')).json()) as Array<{
      kind: string;
      assetSymbol: string;
      chain?: string;
    }>;
    expect(events.slice(0, events.length - alertsBefore).filter((e) => e.kind === 'supply-move' && e.assetSymbol === 'USDT')).toEqual([]);
    // The next run, with the chain back: the baseline is still the last accepted figure, so the same
    // drop is held by the breaker instead of passing as the new normal.
    const back = await llama(answer('2026-01-17'));
    try {
      const r = await runIngestCli(['--source', 'defillama', '--date', '2026-01-17'], {
        DATABASE_URL: server.databaseUrl,
        INGEST_REGISTRY: registryFile,
        DEFILLAMA_STABLECOINS_URL: back.url,
      });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toMatch(/held: USDT\|ethereum: circuit breaker: USDT on ethereum: a drop of more than the 50% bound/);
    } finally {
      await back.close();
      db.close();
    }
  }, 120_000);
});
