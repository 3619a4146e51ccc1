/**
 * The ingest under hostile conditions, on a real Anvil chain with 2,000 transfers in 40 blocks:
 * killed with -9 in the middle of indexing and started again, it counts every transfer exactly
 * once; behind an RPC proxy on loopback that answers 429 and "query returned more than 10000
 * results", it backs off and shrinks its block ranges, and ends with the same figures.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { parseAbiItem, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, chainClient, deploy, freePort, startAnvil, type Anvil, type LocalChain } from '../../scripts/lib/local-chains.ts';
import { runIngestCli } from '../support/ingest.ts';
import { oneTokenRegistry } from '../../scripts/lib/ingest-scenario.ts';

const DAY = 86_400;
const BLOCKS = 40;
const PER_BLOCK = 50;
/** Each spray sends to PER_BLOCK fresh addresses (its salt differs per block): 2,000 holders. */
const WIDTH = 1_000;
const HOLDERS = BLOCKS * PER_BLOCK + 2;
let anvil: Anvil;
let chain: LocalChain;
let token: Address;
let day: string;
let registryFile: string;
let totalLogs: number;

const scratchDb = () => `file:${join(mkdtempSync(join(tmpdir(), 'rwa-ingest-')), 'app.db')}`;

async function dbFacts(url: string) {
  const c = createClient({ url });
  try {
    const count = Number((await c.execute('SELECT count(*) AS n FROM ingest_transfers')).rows[0].n);
    const distinct = Number((await c.execute('SELECT count(DISTINCT tx_hash || log_index) AS n FROM ingest_transfers')).rows[0].n);
    const balances = (await c.execute('SELECT balance FROM ingest_holders WHERE positive = 1')).rows.map((r) => BigInt(String(r.balance)));
    const obs = (await c.execute("SELECT supply, holders, block_number FROM ingest_observations WHERE asset_symbol = 'SPRAY'")).rows;
    return { count, distinct, sum: balances.reduce((s, b) => s + b, 0n), positive: balances.length, obs };
  } finally {
    c.close();
  }
}

beforeAll(async () => {
  const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
  const day0 = today - 5 * DAY;
  day = new Date(day0 * 1000).toISOString().slice(0, 10);
  anvil = await startAnvil(31337, day0 + 10);
  chain = chainClient(anvil);
  token = await deploy(chain, day0 + 100, 'TestToken', ['Spray', 'SPRAY', 0]);
  await call(chain, day0 + 200, token, 'TestToken', 'mint', ['0x0000000000000000000000000000000000000f00', 1_000_000n]);
  // The owner sends from the funded wallet: spray moves from msg.sender, so fund the deployer.
  await call(chain, day0 + 300, token, 'TestToken', 'mint', ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 1_000_000n]);
  for (let i = 0; i < BLOCKS; i++)
    await call(chain, day0 + 1000 + i * 60, token, 'TestToken', 'spray', [BigInt(PER_BLOCK), BigInt(WIDTH), BigInt(i)]);
  totalLogs = (
    await chain.pub.getLogs({
      address: token,
      event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
      fromBlock: 0n,
      toBlock: 'latest',
    })
  ).length;
  registryFile = join(mkdtempSync(join(tmpdir(), 'rwa-registry-')), 'registry.json');
  writeFileSync(registryFile, JSON.stringify(oneTokenRegistry('SPRAY', 'RPC_URL_SPRAY', token)));
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
});

describe('ingest resilience', () => {
  it('the chain holds 2 mints and 2,000 transfers', () => {
    expect(totalLogs).toBe(2 + BLOCKS * PER_BLOCK);
  });

  it('a run killed with -9 mid-way and started again counts every transfer exactly once', async () => {
    const url = scratchDb();
    const env = {
      DATABASE_URL: url,
      INGEST_REGISTRY: registryFile,
      RPC_URL_SPRAY: anvil.url,
      INGEST_LOG_SPAN: '1',
      INGEST_MAX_LOG_SPAN: '1',
    };
    const killed = await runIngestCli(['--date', day], env, (line, kill) => {
      if (/ethereum: blocks \d+-\d+, 50 transfers/.test(line)) kill();
    });
    expect(killed.signal).toBe('SIGKILL');
    const partial = await dbFacts(url);
    expect(partial.count).toBeGreaterThan(0);
    expect(partial.count).toBeLessThan(totalLogs);

    const again = await runIngestCli(['--date', day], env);
    expect(again.code).toBe(0);
    const facts = await dbFacts(url);
    expect(facts.count).toBe(totalLogs);
    expect(facts.distinct).toBe(totalLogs);
    // Balances add up to the supply: no transfer applied twice or lost.
    expect(facts.sum).toBe(2_000_000n);
    expect(facts.positive).toBe(HOLDERS);
    expect(facts.obs).toHaveLength(1);
    expect(facts.obs[0].supply).toBe('2000000');
    expect(Number(facts.obs[0].holders)).toBe(HOLDERS);
    // The interrupted run is recorded as such.
    const c = createClient({ url });
    const runs = (await c.execute('SELECT status, reason FROM ingest_runs ORDER BY id')).rows;
    c.close();
    expect(runs.map((r) => r.status)).toEqual(['failed', 'published']);
    expect(String(runs[0].reason)).toContain('interrupted');
  }, 120_000);

  it('behind an RPC answering 429 and "query returned more than 10000 results" it backs off, shrinks its ranges and gets the same figures', async () => {
    let requests = 0;
    let limited = 0;
    let tooMany = 0;
    const proxy: Server = createServer((req, res) => {
      void (async () => {
        let body = '';
        for await (const chunk of req) body += chunk;
        requests++;
        // Rate limit the 2nd and 3rd requests and then one in seven.
        if (requests === 2 || requests === 3 || requests % 7 === 0) {
          limited++;
          res.writeHead(429, { 'content-type': 'application/json' }).end('{"error":"too many requests"}');
          return;
        }
        const msg = JSON.parse(body);
        if (msg.method === 'eth_getLogs') {
          const { fromBlock, toBlock } = msg.params[0];
          if (Number(BigInt(toBlock)) - Number(BigInt(fromBlock)) + 1 > 8) {
            tooMany++;
            res
              .writeHead(200, { 'content-type': 'application/json' })
              .end(
                JSON.stringify({ jsonrpc: '2.0', id: msg.id, error: { code: -32005, message: 'query returned more than 10000 results' } }),
              );
            return;
          }
        }
        const upstream = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
      })();
    });
    const port = await freePort();
    await new Promise<void>((ok) => proxy.listen(port, '127.0.0.1', ok));
    try {
      const url = scratchDb();
      const r = await runIngestCli(['--date', day], {
        DATABASE_URL: url,
        INGEST_REGISTRY: registryFile,
        RPC_URL_SPRAY: `http://127.0.0.1:${port}`,
      });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(limited).toBeGreaterThan(2);
      expect(tooMany).toBeGreaterThan(0);
      expect(r.stdout).toMatch(/the provider refused blocks \d+-\d+; block range now \d+/);
      expect(r.stdout).toMatch(/warning: .*status 429.*retry 1/i);
      const facts = await dbFacts(url);
      expect(facts.count).toBe(totalLogs);
      expect(facts.sum).toBe(2_000_000n);
      expect(Number(facts.obs[0].holders)).toBe(HOLDERS);
    } finally {
      await new Promise((ok) => proxy.close(ok));
    }
  }, 120_000);
});
