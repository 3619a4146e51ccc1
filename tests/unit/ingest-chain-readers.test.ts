/**
 * The Solana, Stellar, Aptos and XRPL readers and DefiLlama's protocol API, on a real libSQL file.
 * No local node for these chains ships on npm, so their answers are replayed from a loopback HTTP
 * server: responses in each API's documented shape (tests/fixtures/chains/*.json, hand-made from
 * the API references; tests/fixtures/defillama/protocol-*.json for DefiLlama), including error
 * answers (a JSON-RPC error, rippled's actNotFound, an Aptos 400), malformed ones (a renamed
 * field) and a chain that only answers 503. Each is refused and reported for its own chain; the
 * rest is recorded with its provenance and published.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { assets, ingestObservations } from '#db/schema/index.ts';
import { freePort } from '../../scripts/lib/local-chains.ts';
import { parseRegistry, type Registry } from '#lib/server/catalogue/registry.ts';
import { defaultDate, runIngest } from '#lib/server/ingest/run.ts';
import { aptosSource } from '#lib/server/ingest/sources/aptos.ts';
import { defillamaProtocolSource } from '#lib/server/ingest/sources/defillama-protocol.ts';
import { solanaSource } from '#lib/server/ingest/sources/solana.ts';
import { stellarSource } from '#lib/server/ingest/sources/stellar.ts';
import { allSources, readOrder } from '#lib/server/ingest/sources/index.ts';

const SOURCES = allSources();
import { dayEnd } from '#lib/shared/utc-day.ts';
import type { Source, SourceContext } from '#lib/server/ingest/sources/types.ts';
import { xrplSource } from '#lib/server/ingest/sources/xrpl.ts';
import { familyOf } from '#lib/server/catalogue/registry.ts';
import { apiReceipt } from '#lib/server/open-data/api-receipt.ts';
import { exactAmount } from '#lib/shared/receipts.ts';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
import { gaps } from '#lib/server/figures/coverage-data.ts';

const CHAINS = resolve(import.meta.dirname, '../fixtures/chains');
const LLAMA = resolve(import.meta.dirname, '../fixtures/defillama');
const answers = (family: string) => JSON.parse(readFileSync(join(CHAINS, `${family}.json`), 'utf8')) as Record<string, unknown>;
// These APIs give the current state: a reading is kept for the day that has just closed.
const DATE = defaultDate();

let db: Database;
let close: () => void;
let server: Server;
let base: string;
const seen: string[] = [];

/** DefiLlama's fixture is of 2026-01-09: its dates are moved so that its close is DATE's. */
function protocolFor(name: string): unknown {
  const body = JSON.parse(readFileSync(join(LLAMA, name), 'utf8'));
  const shift = dayEnd(DATE) / 1000 - 1768003200;
  for (const h of Object.values(body.chainTvls ?? {}) as Array<{ tvl: Array<{ date: number }> }>) for (const r of h.tvl) r.date += shift;
  return body;
}

function serve(req: import('node:http').IncomingMessage, body: string, res: import('node:http').ServerResponse) {
  const url = req.url ?? '/';
  seen.push(`${req.method} ${url}`);
  const send = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
  if (url.startsWith('/down')) return send(503, { message: 'unavailable' });
  if (url === '/solana') {
    const { method, params } = JSON.parse(body);
    const a = answers('solana');
    const hit = a[`${method} ${params?.[0]}`] ?? a[method];
    return hit ? send(200, hit) : send(200, { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } });
  }
  if (url === '/xrpl') {
    const { method, params } = JSON.parse(body);
    const p = params?.[0] ?? {};
    const a = answers('xrpl');
    const hit = a[`${method} ${p.account ?? p.ledger_index}`] ?? a[method];
    // Asked at a ledger by its number, a server answers for that ledger only: the replay holds one.
    const at = (hit as { result?: { ledger_index?: unknown } } | undefined)?.result?.ledger_index;
    if (hit && typeof p.ledger_index === 'number' && at !== undefined && Number(at) !== p.ledger_index)
      return send(200, { result: { error: 'lgrNotFound', error_message: 'ledgerNotFound', status: 'error' } });
    return hit ? send(200, hit) : send(200, { result: { error: 'unknownCmd', status: 'error' } });
  }
  if (url.startsWith('/stellar')) {
    const a = answers('stellar');
    const hit = a[url.slice('/stellar'.length) || '/'];
    return hit
      ? send(200, hit)
      : send(404, { type: 'https://stellar.org/horizon-errors/not_found', title: 'Resource Missing', status: 404 });
  }
  if (url.startsWith('/aptos/v1')) {
    const a = answers('aptos');
    const path = url.slice('/aptos/v1'.length).split('?')[0] || '/';
    // A view at a ledger version other than the node's one replayed: not found, as a node that no longer keeps it.
    const version = new URL(url, 'http://replay').searchParams.get('ledger_version');
    if (version !== null && version !== (a['/'] as { ledger_version: string }).ledger_version)
      return send(404, { message: `Ledger version not found: ${version}`, error_code: 'version_not_found' });
    if (req.method === 'GET') return a[path] ? send(200, a[path]) : send(404, { message: 'not found', error_code: 'web_framework_error' });
    const v = JSON.parse(body) as { function: string; type_arguments: string[]; arguments: string[] };
    const subject = v.arguments[0] ?? v.type_arguments[0];
    if (a[`error ${subject}`]) return send(400, a[`error ${subject}`]);
    const hit = a[`${v.function} ${subject}`];
    return hit ? send(200, hit) : send(400, { message: `no such view ${v.function}`, error_code: 'invalid_input' });
  }
  const m = /^\/llama\/protocol\/([a-z0-9-]+)$/.exec(url);
  if (m) {
    if (m[1] === 'xstocks') return send(200, protocolFor('protocol-xstocks.json'));
    if (m[1] === 'franklin') return send(200, protocolFor('protocol-benji.json'));
    if (m[1] === 'renamed') return send(200, protocolFor('protocol-renamed-field.json'));
    return send(400, { message: 'Protocol not found' });
  }
  send(404, {});
}

const chain = (family: string, rpcEnv: string, extra: Record<string, unknown> = {}) => ({ family, name: family, rpcEnv, ...extra });
const dep = (chainKey: string, address: string, excludeHolders: string[] = []) => ({
  chain: chainKey,
  address,
  startBlock: 0,
  excludeHolders,
});
const asset = (symbol: string, price: unknown, deployments: unknown[], more: Record<string, unknown> = {}) => ({
  symbol,
  name: symbol,
  issuer: 'Issuer',
  assetClass: 'U.S. Treasuries',
  price,
  deployments,
  ...more,
});

let registry: Registry;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  const url = `file:${join(mkdtempSync(join(tmpdir(), 'rwa-chains-')), 'app.db')}`;
  const opened = openDatabase({ url });
  db = opened.db;
  close = () => opened.client.close();
  await migrateDatabase(db, opened.client, url);
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => serve(req, body, res));
  });
  const port = await freePort();
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  base = `http://127.0.0.1:${port}`;
  env = {
    RPC_URL_SOLANA: `${base}/solana`,
    RPC_URL_SOLANA_DOWN: `${base}/down`,
    RPC_URL_STELLAR: `${base}/stellar`,
    RPC_URL_APTOS: `${base}/aptos/v1`,
    RPC_URL_XRPL: `${base}/xrpl`,
    DEFILLAMA_TVL_URL: `${base}/llama`,
    INGEST_BACKOFF_MS: '1',
  };
  registry = parseRegistry({
    chains: {
      ethereum: { chainId: 1, name: 'Ethereum', rpcEnv: 'RPC_URL_ETHEREUM' },
      solana: chain('solana', 'RPC_URL_SOLANA', { name: 'Solana', defillama: 'Solana' }),
      'solana-down': chain('solana', 'RPC_URL_SOLANA_DOWN'),
      stellar: chain('stellar', 'RPC_URL_STELLAR', { name: 'Stellar', defillama: 'Stellar' }),
      aptos: chain('aptos', 'RPC_URL_APTOS', { chainId: 1 }),
      xrpl: chain('xrpl', 'RPC_URL_XRPL', { defillama: 'XRPL' }),
      'xrpl-unset': chain('xrpl', 'RPC_URL_XRPL_UNSET'),
    },
    assets: [
      asset(
        'USDY',
        { kind: 'call', chain: 'ethereum', address: '0xa0219aa5b31e65bc920b5b6dfb8edf0988121de0', method: 'getPrice', decimals: 18 },
        [
          dep('solana', 'A1KLoBrKBde8Ty9qtNQUtq3C2ortoC3u7twggz7sEto6', ['9pWkQeuGGJxv2kH5P4Z8bJXvtxL2ddCMLvWBFMRqZdGE']),
          dep('stellar', 'USDY:GAJMPX5NBOG6TQFPQGRABJEEB2YE7RFRLUKJDZAZGAD5GFX4J7TADAZ6'),
          dep('aptos', '0xcfea864b32833f157f042618bd845145256b1bf4c0da34a7013b76e42daa53cc::usdy::USDY'),
        ],
      ),
      asset(
        'BENJI',
        { kind: 'fixed', usd: '1.00' },
        [
          dep('stellar', 'BENJI:GBHNGLLIE3KWGKCHIKMHJ5HVZHYIK7WTBE4QF5PLAKL4CJGSEU7HZIW5', [
            'GDMBNMFJ3TRFLASJ6UGETFME3PJPNKPU24C7KFDBEBPQFG2CI6UC3JG6',
          ]),
          dep('aptos', '0x7b5e9cac3433e9202f28527f707c89e1e47b19de2c33e4db9521a63ad219b739'),
        ],
        { defillamaProtocol: { slug: 'franklin' } },
      ),
      asset('OUSG', { kind: 'unavailable' }, [
        dep('solana', 'i7u4r16TcsJTgq1kAG8opmVZyVnAKBwLKu6ZPMwzxNc'),
        dep('xrpl', '4F55534700000000000000000000000000000000.rHuiXXjHLpMP8ZE9sSQU5aADQVWDwv6h5p'),
      ]),
      asset('BUIDL', { kind: 'fixed', usd: '1.00' }, [
        dep('solana', 'GyWgeqpy5GueU2YbkE8xqUeVEokCMMCEeUrfbtMw6phr'),
        dep('solana-down', 'GyWgeqpy5GueU2YbkE8xqUeVEokCMMCEeUrfbtMw6phr'),
      ]),
      asset('TBILL', { kind: 'fixed', usd: '1.00' }, [
        dep('xrpl', 'TBL.rJNE2NNz83GJYtWVLwMvchDWEon3huWnFn', ['rB56JZWRKvpWNeyqM3QYfZwW4fS9YEyPWM']),
        dep('xrpl-unset', 'TBL.rJNE2NNz83GJYtWVLwMvchDWEon3huWnFn'),
      ]),
      asset('ACRED', { kind: 'unavailable' }, [dep('aptos', '0xe528f4df568eb9fff6398adc514bc9585fab397f478972bcbebf1e75dee40a88')]),
      asset('xStocks', { kind: 'unavailable' }, [], {
        assetClass: 'Stocks',
        source: 'defillama-protocol',
        defillamaProtocol: { slug: 'xstocks' },
      }),
      asset('RENAMED', { kind: 'unavailable' }, [], {
        assetClass: 'Stocks',
        source: 'defillama-protocol',
        defillamaProtocol: { slug: 'renamed' },
      }),
      asset('NOSUCH', { kind: 'unavailable' }, [], {
        assetClass: 'Stocks',
        source: 'defillama-protocol',
        defillamaProtocol: { slug: 'nosuch' },
      }),
    ],
  });
  // USDY on Ethereum as an earlier published run read it, price included: the other readers never
  // read this price back (they take the price their own run read, `prices` below).
  await db.insert(ingestObservations).values({
    runId: 0,
    accepted: true,
    date: DATE,
    assetSymbol: 'USDY',
    chain: 'ethereum',
    source: 'evm',
    contract: '0x96f6ef951840721adbf46ac996b59e0235cb985c',
    supply: '1000',
    price: 1.1,
    value: 1100,
    holders: 3,
    blockNumber: 100,
    blockTime: new Date(dayEnd(DATE) - 12_000).toISOString(),
    apiUrl: null,
    fetchedAt: new Date().toISOString(),
  });
}, 60_000);

afterAll(async () => {
  close?.();
  await new Promise((ok) => server?.close(ok));
});

async function read(source: Source, date = DATE) {
  const warnings: string[] = [];
  const progress: string[] = [];
  const ctx: SourceContext = {
    db,
    registry,
    date,
    runId: 0,
    env,
    progress: (l) => progress.push(l),
    warn: (w) => warnings.push(w),
    dryRun: false,
    // The price of USDY as the EVM source of the same run read it from the oracle for the day.
    prices: new Map([['USDY', 1.1]]),
  };
  const counts = await source.run(ctx);
  return { counts, warnings, progress };
}

async function observation(symbol: string, chainKey: string, source: string) {
  const [row] = await db
    .select()
    .from(ingestObservations)
    .where(
      and(
        eq(ingestObservations.date, DATE),
        eq(ingestObservations.assetSymbol, symbol),
        eq(ingestObservations.chain, chainKey),
        eq(ingestObservations.source, source),
      ),
    );
  return row;
}

describe('Solana reader (getTokenSupply over JSON-RPC)', () => {
  it('records supply minus excluded token accounts at a finalized slot, and fails only what failed', async () => {
    const { counts, warnings } = await read(solanaSource);
    const o = await observation('USDY', 'solana', 'solana');
    expect(o).toMatchObject({
      supply: '175000000.123456',
      price: 1.1,
      holders: null,
      blockNumber: 381946011,
      blockTime: '2025-11-23T00:00:00.000Z',
      apiUrl: `${base}/… getTokenSupply A1KLoBrKBde8Ty9qtNQUtq3C2ortoC3u7twggz7sEto6`,
      contract: 'A1KLoBrKBde8Ty9qtNQUtq3C2ortoC3u7twggz7sEto6',
    });
    expect(o.value).toBeCloseTo(175000000.123456 * 1.1, 4);
    // An RPC error, a renamed field and a chain that only answers 503: each reported, none counted.
    expect(warnings.join('\n')).toContain('solana solana failed: OUSG at i7u4r16TcsJTgq1kAG8opmVZyVnAKBwLKu6ZPMwzxNc:');
    expect(warnings.join('\n')).toContain('error -32602 "Invalid param: could not find mint"');
    expect(warnings.join('\n')).toContain(
      'BUIDL at GyWgeqpy5GueU2YbkE8xqUeVEokCMMCEeUrfbtMw6phr: the answer has no getTokenSupply value.amount: refused',
    );
    expect(warnings.join('\n')).toMatch(
      /solana solana-down failed: chain "solana-down" \(solana\) is unreachable or not the chain named: .*status 503/,
    );
    expect(await observation('OUSG', 'solana', 'solana')).toBeUndefined();
    expect(await observation('BUIDL', 'solana', 'solana')).toBeUndefined();
    expect(await observation('BUIDL', 'solana-down', 'solana')).toBeUndefined();
    expect(counts).toMatchObject({ observations: 1, failedChains: 1, failedDeployments: 2 });
  });

  it('keeps nothing for an older day: the API gives the current state only', async () => {
    const { counts, progress } = await read(solanaSource, '2025-01-01');
    expect(counts.observations).toBe(0);
    expect(progress.join('\n')).toContain('gives the current state only');
  });
});

describe('Stellar reader (Horizon asset records)', () => {
  it('records what is issued outside the issuer, minus excluded accounts, with the trustline holders', async () => {
    const { counts, warnings } = await read(stellarSource);
    const o = await observation('BENJI', 'stellar', 'stellar');
    // 512,345,678.1234567 + 1,000,000 + 1,000 (claimable) − 12,345.1234567 (excluded)
    expect(o).toMatchObject({
      supply: '513334333',
      value: 513334333,
      holders: 814,
      blockNumber: 59812345,
      blockTime: '2026-11-22T23:59:58.000Z',
      apiUrl: `${base}/…/assets?asset_code=BENJI&asset_issuer=GBHNGLLIE3KWGKCHIKMHJ5HVZHYIK7WTBE4QF5PLAKL4CJGSEU7HZIW5`,
    });
    // USDY's record spells "balance" for "balances": refused, not read as zero.
    expect(warnings.join('\n')).toContain(
      'stellar stellar failed: USDY at USDY:GAJMPX5NBOG6TQFPQGRABJEEB2YE7RFRLUKJDZAZGAD5GFX4J7TADAZ6: the answer has no balances: refused',
    );
    expect(await observation('USDY', 'stellar', 'stellar')).toBeUndefined();
    expect(counts).toMatchObject({ observations: 1, failedDeployments: 1 });
  });
});

describe('Aptos reader (view functions at one ledger version)', () => {
  it('reads a fungible asset; refuses a coin without tracked supply and a 400 answer', async () => {
    const { counts, warnings } = await read(aptosSource);
    expect(await observation('BENJI', 'aptos', 'aptos')).toMatchObject({
      supply: '21500000',
      value: 21500000,
      blockNumber: 3512345678,
      blockTime: '2025-11-22T23:59:59.123Z',
    });
    expect(seen.filter((s) => s.startsWith('POST /aptos/v1/view')).every((s) => s.endsWith('?ledger_version=3512345678'))).toBe(true);
    const w = warnings.join('\n');
    expect(w).toContain(
      'USDY at 0xcfea864b32833f157f042618bd845145256b1bf4c0da34a7013b76e42daa53cc::usdy::USDY: the token does not track its supply',
    );
    expect(w).toContain('ACRED at 0xe528f4df568eb9fff6398adc514bc9585fab397f478972bcbebf1e75dee40a88:');
    expect(w).toContain('status 400 (Invalid input: Failed to execute function');
    expect(counts).toMatchObject({ observations: 1, failedDeployments: 2 });
  });

  it('refuses a node of another chain id', async () => {
    const other = {
      ...registry,
      chains: Object.assign(Object.create(null), registry.chains, { aptos: { ...registry.chains.aptos, chainId: 2 } }),
    };
    const warnings: string[] = [];
    await aptosSource.run({
      db,
      registry: other,
      date: DATE,
      runId: 0,
      env,
      progress: () => {},
      warn: (w) => warnings.push(w),
      dryRun: true,
    });
    expect(warnings.join('\n')).toContain('chain "aptos" answers with chain id 1, the registry expects 2');
  });
});

describe('XRPL reader (gateway_balances)', () => {
  it('records obligations plus frozen balances at a validated ledger; an unknown issuer and an unset URL fail their own', async () => {
    const { counts, warnings } = await read(xrplSource);
    expect(await observation('OUSG', 'xrpl', 'xrpl')).toMatchObject({
      supply: '153345.678901',
      price: null,
      value: null,
      blockNumber: 99512345,
      blockTime: '2025-11-22T23:59:59.000Z',
      apiUrl: `${base}/… gateway_balances rHuiXXjHLpMP8ZE9sSQU5aADQVWDwv6h5p`,
    });
    const w = warnings.join('\n');
    expect(w).toContain(
      'xrpl xrpl failed: TBILL at TBL.rJNE2NNz83GJYtWVLwMvchDWEon3huWnFn: gateway_balances: actNotFound (Account not found.)',
    );
    expect(w).toContain('xrpl xrpl-unset failed: no API URL for chain "xrpl-unset" (xrpl): set RPC_URL_XRPL_UNSET');
    expect(counts).toMatchObject({ observations: 1, failedChains: 1, failedDeployments: 1 });
  });
});

describe("DefiLlama's protocol API and publishing", () => {
  it('stores per-chain dollars labelled as DefiLlama, refuses a renamed field and an unknown slug', async () => {
    const { counts, warnings } = await read(defillamaProtocolSource);
    expect(await observation('xStocks', 'solana', 'defillama-protocol')).toMatchObject({
      value: 150123456.78,
      supply: '',
      price: null,
      apiUrl: `${base}/…/protocol/xstocks`,
    });
    expect(await observation('xStocks', 'arbitrum', 'defillama-protocol')).toMatchObject({ value: 2300000.25 });
    const w = warnings.join('\n');
    expect(w).toContain('defillama-protocol arbitrum failed: RENAMED');
    expect(w).toContain('has no totalLiquidityUSD (fields: date, totalLiquidityUsd): refused');
    expect(await observation('RENAMED', 'arbitrum', 'defillama-protocol')).toBeUndefined();
    expect(await observation('RENAMED', 'solana', 'defillama-protocol')).toMatchObject({ value: 150123456.78 });
    expect(w).toContain(`defillama-protocol NOSUCH failed: ${base}/…/protocol/nosuch: status 400`);
    expect(counts).toMatchObject({ failedChains: 1, failedAssets: 1 });
  });

  it('publishes the chain readers with the EVM figures, the chain figure over DefiLlama, and shows the gap', async () => {
    // Stored after DefiLlama's figure for the same cell, so the order of rows cannot decide which counts.
    await db
      .delete(ingestObservations)
      .where(
        and(eq(ingestObservations.assetSymbol, 'BENJI'), eq(ingestObservations.chain, 'stellar'), eq(ingestObservations.source, 'stellar')),
      );
    const r = await runIngest(db, {
      dates: [DATE],
      sources: ['solana', 'stellar', 'aptos', 'xrpl', 'defillama-protocol'],
      registry,
      env,
    });
    expect(r.errors).toEqual([]);
    expect(r.status).toBe('published');
    const published = new Map((await db.select().from(assets)).map((a) => [a.symbol, Number(a.marketCap)]));
    // BENJI: Stellar (chain reader, not DefiLlama's figure for Stellar) + Aptos.
    expect(published.get('BENJI')).toBeCloseTo(513334333 + 21500000, 1);
    // USDY: Ethereum only. This run read no EVM price, so its Solana supply has no value: the
    // earlier run's price in the database (1.1) is not read back.
    expect(published.get('USDY')).toBeCloseTo(1100, 1);
    const solana = await db
      .select()
      .from(ingestObservations)
      .where(
        and(eq(ingestObservations.runId, r.runId), eq(ingestObservations.assetSymbol, 'USDY'), eq(ingestObservations.chain, 'solana')),
      );
    expect(solana).toEqual([expect.objectContaining({ supply: '175000000.123456', price: null, value: null })]);
    expect(published.get('xStocks')).toBeCloseTo(150123456.78 + 2300000.25, 1);
    const day = await db.select().from(ingestObservations).where(eq(ingestObservations.date, DATE));
    expect(gaps(day).filter((g) => g.symbol === 'BENJI')).toEqual([
      expect.objectContaining({ chain: 'stellar', chainSource: 'stellar', chainValue: 513334333, defillamaValue: 520000000, gapPct: 1.3 }),
    ]);
  });
});

/**
 * The figure a receipt's command answers with, decoded here from each API's documented shape (not by
 * the readers' code): a supply in tokens, less the excluded wallets' balances the replay holds, or
 * DefiLlama's dollars for the chain at the day's close.
 */
function answeredFigure(
  o: { source: string; chain: string },
  answer: Record<string, unknown>,
  deployment: { address: string; excludeHolders: string[] } | undefined,
): number {
  const n = (v: unknown) => Number(v as string);
  const { address = '', excludeHolders: excluded = [] } = deployment ?? {};
  const family = o.source === 'defillama-protocol' ? o.source : familyOf(registry, o.chain);
  if (family === 'defillama-protocol') {
    const name = (Object.hasOwn(registry.chains, o.chain) && registry.chains[o.chain].defillama) || o.chain;
    const tvls = answer.chainTvls as Record<string, { tvl: Array<{ date: number; totalLiquidityUSD: number }> }>;
    const key = Object.keys(tvls).find((k) => k.toLowerCase() === name.toLowerCase())!;
    return tvls[key].tvl.find((r) => r.date * 1000 === dayEnd(DATE))!.totalLiquidityUSD;
  }
  if (family === 'solana') {
    const held = excluded.map((w) => {
      const hit = answers('solana')[`getTokenAccountBalance ${w}`] as { result: { value: { uiAmountString: string } } };
      return n(hit.result.value.uiAmountString);
    });
    return n((answer.result as { value: { uiAmountString: string } }).value.uiAmountString) - held.reduce((a, b) => a + b, 0);
  }
  if (family === 'stellar') {
    const [r] = (answer._embedded as { records: Array<Record<string, unknown>> }).records;
    const b = r.balances as Record<string, string>;
    const issued = [
      b.authorized,
      b.authorized_to_maintain_liabilities,
      b.unauthorized,
      r.claimable_balances_amount,
      r.liquidity_pools_amount,
    ];
    const code = String(r.asset_code);
    const held = excluded.map((w) => {
      const acct = answers('stellar')[`/accounts/${w}`] as { balances: Array<{ balance: string; asset_code?: string }> };
      return n(acct.balances.find((l) => l.asset_code === code)!.balance);
    });
    return [...issued, r.contracts_amount ?? 0].reduce((a: number, v) => a + n(v), 0) - held.reduce((a, v) => a + v, 0);
  }
  if (family === 'xrpl') {
    const r = answer.result as {
      obligations: Record<string, string>;
      frozen_balances?: Record<string, Array<{ currency: string; value: string }>>;
    };
    const currency = address.split('.')[0];
    const frozen = Object.values(r.frozen_balances ?? {})
      .flat()
      .filter((l) => l.currency === currency);
    return n(r.obligations[currency]) + frozen.reduce((a, l) => a + n(l.value), 0);
  }
  if (family === 'aptos') {
    const [{ vec }] = answer as unknown as Array<{ vec: string[] }>;
    const [, decimals] = Object.entries(answers('aptos')).find(([k]) => k.includes('::decimals ') && k.endsWith(` ${address}`))!;
    return Number(BigInt(vec[0])) / 10 ** (decimals as number[])[0];
  }
  throw new Error(`no decoder for ${o.source} on ${o.chain}`);
}

describe('receipts of reads that keep no raw answer', () => {
  it("each non-EVM and DefiLlama figure's curl, pasted with the chain's variable set, asks the replayed node the read's question", async () => {
    const rows = await db.select().from(ingestObservations).where(eq(ingestObservations.date, DATE));
    const reads = rows.filter((o) => o.source !== 'evm' && o.apiUrl);
    expect(new Set(reads.map((o) => o.source))).toEqual(new Set(['solana', 'stellar', 'aptos', 'xrpl', 'defillama-protocol']));
    for (const o of reads) {
      const d = registry.assets.find((a) => a.symbol === o.assetSymbol)!.deployments.find((x) => x.chain === o.chain);
      const c = Object.hasOwn(registry.chains, o.chain) ? registry.chains[o.chain] : undefined;
      const receipt = apiReceipt(
        { ...o, fetchedAt: o.fetchedAt ?? '' },
        {
          family: familyOf(registry, o.chain),
          endpoint: `$${c?.rpcEnv ?? 'RPC_URL'}`,
          excluded: d?.excludeHolders ?? [],
        },
      );
      expect(receipt, `${o.source} ${o.assetSymbol} on ${o.chain}`).not.toBeNull();
      expect(receipt!.notKept).toMatch(/^The raw answer of .+ is not kept/);
      if (o.supply) expect(receipt!.sum.startsWith(`supply ${exactAmount(o.supply)}`)).toBe(true);
      if (o.source === 'xrpl' || o.source === 'aptos') expect(receipt!.ledger).toMatchObject({ number: o.blockNumber });
      const before = seen.length;
      const { stdout } = await execFileAsync('sh', ['-c', receipt!.command], { env: { PATH: process.env.PATH, ...env } });
      // The replay answers an unknown question with an error (a 4xx, a JSON-RPC or rippled error): this one it knows.
      const answer = JSON.parse(stdout) as Record<string, unknown>;
      expect(answer.error ?? (answer.result as { error?: unknown } | undefined)?.error, receipt!.command).toBeUndefined();
      expect(answer.message, receipt!.command).toBeUndefined();
      expect(seen.length).toBe(before + 1);
      // And its answer gives the figure the receipt is for.
      const figure = answeredFigure(o, answer, d);
      if (o.supply) expect(figure, receipt!.command).toBeCloseTo(Number(o.supply), 4);
      else expect(figure, receipt!.command).toBe(o.value);
    }
    // A DefiLlama URL configured with a path is shown as host/…/path: the command names its variable.
    const llama = reads.find((o) => o.source === 'defillama-protocol')!;
    expect(llama.apiUrl).toContain('/…/protocol/');
    // A shell and curl per read (a dozen): seconds on a loaded machine.
  }, 30_000);
});

describe('prices come from the run', () => {
  it("reads the sources that set the day's prices first, whatever their place in the list", () => {
    expect(SOURCES.filter((s) => s.setsPrices).map((s) => s.name)).toEqual(['evm']);
    const evm = SOURCES.find((s) => s.name === 'evm')!;
    expect(readOrder([stellarSource, solanaSource, evm]).map((s) => s.name)).toEqual(['evm', 'stellar', 'solana']);
  });
});
