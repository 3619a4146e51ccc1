/**
 * `npm run rpc:check` against loopback mimics of each way a keyless endpoint fails: one tiny
 * JSON-RPC server whose path picks the behaviour (a healthy node, one with eth_getLogs disabled,
 * one that has pruned the state 200 blocks back, one that answers 429, one on another chain), and
 * a port nobody listens on. Seconds, no build, no chain.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../scripts/lib/free-port.ts';
import { checkEndpoint, classify, endpointTargets, table, type EndpointTarget } from '../../scripts/lib/rpc-check.ts';
import { parseRegistry } from '#lib/server/catalogue/registry.ts';

const HEAD = 20_000_000;
const TOKEN = '0x7712c34205737192402172409a8f7ccef8aa2aec';

function answer(path: string, method: string, params: unknown[]): { status?: number; body?: unknown } {
  if (path === '/limited') return { status: 429, body: 'Too Many Requests' };
  const ok = (result: unknown) => ({ body: { jsonrpc: '2.0', id: 1, result } });
  const err = (code: number, message: string) => ({ body: { jsonrpc: '2.0', id: 1, error: { code, message } } });
  if (method === 'eth_chainId') return ok(path === '/other-chain' ? '0x38' : '0x1');
  if (method === 'eth_blockNumber') return ok(`0x${HEAD.toString(16)}`);
  if (method === 'eth_getLogs') {
    if (path === '/no-logs') return err(-32601, 'the method eth_getLogs does not exist/is not available');
    const [filter] = params as Array<{ fromBlock: string; toBlock: string; address?: string }>;
    // The check asks for exactly 100 blocks ending at the head, of the token it names.
    if (Number(filter.toBlock) - Number(filter.fromBlock) !== 99 || filter.address !== TOKEN) return err(-32602, 'unexpected filter');
    return ok([{ address: TOKEN }, { address: TOKEN }]);
  }
  if (method === 'eth_call') {
    const [, block] = params as [unknown, string];
    if (path === '/pruned' && Number(block) < HEAD - 127)
      return err(-32000, 'missing trie node 1f2e3d (path ) state 0xabc is not available');
    if (Number(block) !== HEAD - 200) return err(-32602, 'unexpected block');
    return ok('0x' + '0'.repeat(63) + '1');
  }
  return err(-32601, 'method not found');
}

let server: Server;
let base = '';
let deadUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const { method, params } = JSON.parse(raw) as { method: string; params: unknown[] };
      const a = answer(req.url ?? '/', method, params);
      res.writeHead(a.status ?? 200, { 'content-type': typeof a.body === 'string' ? 'text/plain' : 'application/json' });
      res.end(typeof a.body === 'string' ? a.body : JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Nothing answers there (a port just freed could be taken by another test's server meanwhile).
  deadUrl = `http://127.0.0.1:${await closedPort()}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const target = (url: string): EndpointTarget => ({ chain: 'ethereum', chainId: 1, url, token: TOKEN, limits: null });
const check = (url: string) => checkEndpoint(target(url), { timeoutMs: 3_000 });

describe('rpc:check names each failure by its kind', () => {
  it('a healthy endpoint answers all four: chain id, head, 100 blocks of logs, state 200 blocks back', async () => {
    const r = await check(`${base}/ok`);
    expect(r).toMatchObject({ verdict: 'ok', head: { ok: true }, logs: { ok: true, value: '2 logs' }, call: { ok: true } });
  });

  it('getLogs disabled (BNB Chain’s official dataseed)', async () => {
    const r = await check(`${base}/no-logs`);
    expect(r.verdict).toBe('getLogs disabled');
    expect(r.call.ok).toBe(true);
  });

  it('state pruned: the head answers, a read 200 blocks back does not', async () => {
    const r = await check(`${base}/pruned`);
    expect(r.verdict).toBe('state pruned');
    expect(r.logs.ok).toBe(true);
  });

  it('rate limited: HTTP 429', async () => {
    expect((await check(`${base}/limited`)).verdict).toBe('rate limited');
  });

  it('dead: nothing listens, and the other three questions are not asked', async () => {
    const r = await check(deadUrl);
    expect(r.verdict).toBe('dead');
    expect(r.head).toMatchObject({ ok: false, message: expect.stringContaining('not asked') });
  });

  it('wrong chain: an endpoint of another chain listed under this one', async () => {
    expect((await check(`${base}/other-chain`)).verdict).toBe('wrong chain');
  });

  it('prints one row per endpoint and each failure with its message', async () => {
    const out = table(await Promise.all([`${base}/ok`, `${base}/no-logs`, deadUrl].map(check)));
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^chain\s+endpoint\s+chain id\s+head\s+getLogs 100 blocks\s+eth_call head−200\s+verdict$/);
    expect(lines.find((l) => l.includes('/no-logs') && !l.includes(':  '))).toMatch(/✗ getLogs disabled\s+state read\s+getLogs disabled$/);
    expect(out).toContain(`${base}/no-logs: getLogs disabled: -32601 the method eth_getLogs does not exist/is not available`);
  });
});

describe('classify', () => {
  it('reads the messages providers answer with', () => {
    expect(classify('eth_getLogs', { code: -32005, message: 'query returned more than 10000 results' })).toBe('getLogs range limited');
    expect(classify('eth_call', { code: -32000, message: 'header not found' })).toBe('state pruned');
    expect(classify('eth_blockNumber', { code: -32005, message: 'rate limit exceeded' })).toBe('rate limited');
    expect(classify('eth_blockNumber', { status: 503, message: 'HTTP 503' })).toBe('dead');
    expect(classify('eth_call', { code: 3, message: 'execution reverted' })).toBe('error');
  });
});

describe('what it asks', () => {
  it("every keyless EVM endpoint of a registry, with a tracked token of that chain and the endpoint's stated limits", () => {
    const r = parseRegistry({
      chains: {
        ethereum: {
          chainId: 1,
          name: 'Ethereum',
          rpcEnv: 'RPC_URL_ETHEREUM',
          publicRpc: [{ url: 'https://a.example', source: 'https://chainlist.org/chain/1', limits: 'rate limited' }],
        },
        solana: {
          family: 'solana',
          name: 'Solana',
          rpcEnv: 'RPC_URL_SOLANA',
          publicRpc: [{ url: 'https://s.example', source: 'https://x.example' }],
        },
      },
      assets: [
        {
          symbol: 'BUIDL',
          name: 'B',
          issuer: 'I',
          assetClass: 'U.S. Treasuries',
          price: { kind: 'fixed', usd: '1' },
          deployments: [{ chain: 'ethereum', address: TOKEN }],
        },
      ],
    });
    expect(endpointTargets(r)).toEqual([{ chain: 'ethereum', chainId: 1, url: 'https://a.example', token: TOKEN, limits: 'rate limited' }]);
  });
});
