/**
 * Receipts and the correction log on the two-chain local setup, run by ingest.test.ts on its
 * scenario server after its run of days 0-2: each published figure's receipt shows the block, the
 * calls with their raw answers and the sum, and its `curl` command, run as printed against the local
 * chain, gives the same raw answers; a day restated by a later run (the registry now excludes a
 * wallet) appears on /corrections and in /api/corrections with before and after; a method change is
 * logged once; bad ids get a clear 4xx.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { createClient } from '@libsql/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../scripts/lib/local-chains.ts';
import { WALLETS, type Scenario } from '../../scripts/lib/ingest-scenario.ts';
import type { RunningServer } from '../support/server.ts';
import { getOk, runIngestCli, type ScenarioServer } from '../support/ingest.ts';
import { byTestId } from '../support/html.ts';
import { parseCsv } from '#lib/shared/csv.ts';
import { formatDay } from '#lib/shared/format.ts';

const execFileAsync = promisify(execFile);
const DAY = 86_400;
let s: Scenario;
let server: RunningServer;
let env: Record<string, string>;
let registryFile: string;

const get = (path: string) => getOk(server.baseUrl, path);

interface Call {
  to: string;
  method: string;
  data: string;
  raw: string;
  decoded: string;
}

/** Runs a figure's receipt command as printed, with only PATH and the chain's RPC variable set; the raw answers by request id. */
async function curlAnswers(f: { evm: { rpc: string; command: string } }): Promise<string[]> {
  const variable = f.evm.rpc.slice(1);
  const { stdout } = await execFileAsync('sh', ['-c', f.evm.command], { env: { PATH: process.env.PATH, [variable]: env[variable] } });
  return (JSON.parse(stdout) as Array<{ id: number; result: string }>).sort((a, b) => a.id - b.id).map((a) => a.result);
}

/** Sets the suites' scenario, server and ingest environment from the host file's (ingest.test.ts). */
function useScenario(ready: () => ScenarioServer) {
  beforeAll(() => {
    ({ scenario: s, server, env, registryFile } = ready());
  });
}

/** Each figure's receipt, read after the run of days 0-2 and before any later run; the correction log still empty. */
export function receiptsSuite(ready: () => ScenarioServer) {
  useScenario(ready);
  describe('a receipt for every figure', () => {
    it("shows each chain's block, calls with raw and decoded answers, the excluded wallets and the sum", async () => {
      const r = await get('/api/assets/tbill/receipt');
      expect(r.live).toBe(true);
      expect(r.figures.map((f: { chain: string }) => f.chain).sort()).toEqual(['arbitrum', 'ethereum']);
      const eth = r.figures.find((f: { chain: string }) => f.chain === 'ethereum');
      expect(eth.date).toBe(s.days[2]);
      const block = await s.a.pub.getBlock({ blockNumber: BigInt(eth.evm.block.number) });
      expect(eth.evm.block.hash).toBe(block.hash);
      expect(eth.evm.block.time).toBe(new Date(Number(block.timestamp) * 1000).toISOString());
      expect(eth.evm.contract).toBe(s.contracts.tbillA.toLowerCase());
      expect(eth.evm.calls.map((c: Call) => c.method)).toEqual(['decimals()', 'totalSupply()', 'balanceOf(address)']);
      // 1,250,000 minted, 50,000 burnt (bridged); the treasury's 900,000 left are not circulating.
      expect(eth.evm.totalSupply).toBe('1200000');
      expect(eth.evm.excluded).toEqual([{ wallet: WALLETS.treasury, balance: '900000' }]);
      expect(eth.evm.supply).toBe('300000');
      expect(eth.supply).toBe('300000');
      expect(eth.evm.price).toMatchObject({ value: '1', source: expect.stringMatching(/fixed/i) });
      expect(eth.evm.sum).toBe('totalSupply 1,200,000 − 900,000 excluded = 300,000 × $1.00 = $300.00K');
      const totalSupply = eth.evm.calls[1] as Call;
      expect(BigInt(totalSupply.raw)).toBe(1_200_000n * 10n ** 6n);
      expect(totalSupply.decoded).toBe(String(1_200_000n * 10n ** 6n));
      expect(totalSupply.raw).toMatch(/^0x[0-9a-f]{64}$/);
      // The market cap is the sum of the chains' values of the day.
      expect(r.marketCap).toMatchObject({ date: s.days[2], value: '350000' });
    });

    it("the receipt's curl command, pasted as printed with the chain's variable set, gives the same raw answers", async () => {
      const r = await get('/api/assets/tbill/receipt');
      for (const f of r.figures) {
        expect(f.evm.rpc).toBe(`$${f.chain === 'ethereum' ? 'RPC_URL_LOCAL_A' : 'RPC_URL_LOCAL_B'}`);
        expect(await curlAnswers(f)).toEqual(f.evm.calls.map((c: Call) => c.raw));
      }
    });

    it("a feed-priced asset's receipt keeps the price calls read at the same block, and its curl gives their raw answers too", async () => {
      const r = await get('/api/assets/gold/receipt');
      const [f] = r.figures;
      expect(f.evm.price.value).toBe('2650.5');
      expect(f.evm.price.source).toMatch(/feed|oracle|Chainlink/i);
      expect(f.evm.sum).toBe('totalSupply 100 (no wallet excluded) × $2.65K = $265.05K');
      expect(f.evm.price.calls.map((c: Call) => c.method)).toEqual(['decimals()', 'latestRoundData()']);
      expect(f.evm.price.calls[1].to).toBe(s.contracts.feedA.toLowerCase());
      expect(f.evm.price.calls[1].decoded).toContain('265050000000');
      expect(await curlAnswers(f)).toEqual([...f.evm.calls, ...f.evm.price.calls].map((c: Call) => c.raw));
    });

    it('the asset page links each live figure and each chain to the receipt; the receipt page shows the raw answers', async () => {
      const page: string = await get('/assets/tbill');
      expect(byTestId(page, 'figure-market-cap')).toContain('href="/assets/tbill/receipt"');
      expect(page).toContain('href="/assets/tbill/receipt#chain-ethereum"');
      const receipt: string = await get('/assets/tbill/receipt');
      const api = await get('/api/assets/tbill/receipt');
      for (const f of api.figures) {
        expect(receipt).toContain(`id="${f.anchor}"`);
        for (const c of f.evm.calls) expect(receipt).toContain(c.raw);
        expect(receipt).toContain(f.evm.block.hash);
      }
      expect(receipt).toContain('RPC_URL_LOCAL_A');
    });

    it("each asset row of a network or issuer page with a live figure links its receipt, at that chain's read", async () => {
      // Per row of the page's table: the asset's page (its name's link) -> the row's receipt link, if any.
      const rowLinks = (html: string, row: string) =>
        new Map(
          html
            .split(`data-testid="${row}"`)
            .slice(1)
            .map((r) => r.split('</tr>')[0])
            .map((r) => [/href="([^"]+)"/.exec(r)![1], /href="([^"]+)"[^>]*data-testid="row-receipt-link"/.exec(r)?.[1]]),
        );
      let networkLinks = 0;
      for (const n of (await get('/api/networks')) as Array<{ id: string }>) {
        const rows = (await get(`/api/networks/${n.id}`)).assets as Array<{ url: string; valueOnChain: string | null }>;
        const links = rowLinks(await get(`/networks/${n.id}`), 'network-asset-row');
        expect(links.size, n.id).toBe(rows.length);
        for (const a of rows) {
          expect(links.get(a.url), `${n.id} ${a.url}`).toBe(a.valueOnChain === null ? undefined : `${a.url}/receipt#chain-${n.id}`);
          if (a.valueOnChain === null) continue;
          networkLinks++;
          expect(await get(`${a.url}/receipt`)).toContain(`id="chain-${n.id}"`);
        }
      }
      expect(networkLinks).toBeGreaterThan(0);
      let issuerLinks = 0;
      for (const i of (await get('/api/issuers')) as Array<{ id: string; url: string }>) {
        const rows = (await get(`/api/issuers/${i.id}`)).assets as Array<{ url: string; origin: string; marketCap: string | null }>;
        const links = rowLinks(await get(i.url), 'issuer-asset-row');
        expect(links.size, i.id).toBe(rows.length);
        for (const a of rows) {
          expect(links.get(a.url), `${i.id} ${a.url}`).toBe(a.origin === 'live' && a.marketCap !== null ? `${a.url}/receipt` : undefined);
          if (links.get(a.url)) issuerLinks++;
        }
      }
      expect(issuerLinks).toBeGreaterThan(0);
    });

    it('the downloads carry a receipt per figure', async () => {
      const rows = parseCsv(await get('/api/assets/tbill/chains?format=csv'));
      const header = rows[0];
      const at = header.indexOf('receipt');
      expect(at).toBeGreaterThan(-1);
      expect(
        rows
          .slice(1)
          .map((row) => row[at])
          .sort(),
      ).toEqual(['/assets/tbill/receipt#chain-arbitrum', '/assets/tbill/receipt#chain-ethereum']);
    });

    it('bad input gets a clear 4xx: an unknown asset, an odd id', async () => {
      for (const path of ['/api/assets/no-such-asset/receipt', '/api/assets/%00%ff/receipt', `/api/assets/${'x'.repeat(500)}/receipt`]) {
        const res = await fetch(server.baseUrl + path);
        expect(res.status, path).toBeGreaterThanOrEqual(400);
        expect(res.status, path).toBeLessThan(500);
        if (res.headers.get('content-type')?.includes('json')) expect((await res.json()).message, path).toBeTruthy();
      }
      expect((await fetch(server.baseUrl + '/assets/no-such-asset/receipt')).status).toBe(404);
    });
  });

  describe('the correction log, before any day is read again', () => {
    it('starts empty', async () => {
      expect(await get('/api/corrections')).toEqual([]);
      expect(await get('/corrections')).toContain('No published figure has been corrected.');
    });
  });
}

/** The correction log and a head read's receipt: after the host's later runs, last in its file. */
export function correctionsSuite(ready: () => ScenarioServer) {
  useScenario(ready);
  describe('the correction log', () => {
    it('a day restated by a later run appears on /corrections and in /api/corrections with before and after, once; so does a method change', async () => {
      // The last published run was made by an older method: the next published run logs the change once.
      const db = createClient({ url: server.databaseUrl });
      try {
        await db.execute('UPDATE published_runs SET method_version = 0');
      } finally {
        db.close();
      }
      // The registry now also excludes alice's wallet on Ethereum: day 1 read again publishes a smaller supply.
      const registry = JSON.parse(readFileSync(registryFile, 'utf8'));
      registry.assets[0].deployments[0].excludeHolders.push(WALLETS.alice);
      writeFileSync(registryFile, JSON.stringify(registry));
      for (let i = 0; i < 2; i++) {
        const r = await runIngestCli(['--date', s.days[1]], env);
        expect(r.code, r.stderr).toBe(0);
      }
      const log = await get('/api/corrections');
      const supply = log.filter((c: { figure: string }) => c.figure === 'supply');
      // Day 1: 1,250,000 minted, 900,000 with the treasury, 210,000 with alice (250,000 less 40,000 paid to bob).
      expect(supply).toEqual([
        expect.objectContaining({
          date: s.days[1],
          asset: { id: 'tbill', symbol: 'TBILL', url: '/assets/tbill' },
          chain: 'Ethereum',
          source: 'evm',
          before: '350000',
          after: '140000',
          methodVersion: expect.any(Number),
          reason: `the wallets excluded from supply changed (now excluded: ${WALLETS.alice})`,
        }),
      ]);
      // The second run changed nothing further: its entry is against the first restatement, which it equals.
      expect(log.filter((c: { figure: string }) => c.figure === 'value')).toHaveLength(1);
      const page: string = await get('/corrections');
      expect(page).toMatch(/data-testid="correction-before"[^>]*>\s*350,000\s*</);
      expect(page).toMatch(/data-testid="correction-after"[^>]*>\s*140,000\s*</);
      expect(page).toMatch(/data-testid="correction-before"[^>]*>\s*\$350,000\.00\s*</);
      expect(page).toContain(formatDay(s.days[1]));
      const method = log.filter((c: { figure: string }) => c.figure === 'method');
      expect(method).toHaveLength(1);
      expect(method[0]).toMatchObject({ before: 'method version 0', after: expect.stringMatching(/^method version \d+$/), asset: null });
      expect(method[0].reason.length).toBeGreaterThan(20);
      expect(page).toContain('method version 0');
    });
  });

  describe('a receipt of a head read', () => {
    it('keeps the price calls read in the same request as the supply, and the curl gives their raw answers too', async () => {
      // The host's day 3 minted bob 1,000 GOLD, an 11x jump the breaker holds: burnt again here, so gold's head
      // figure publishes and its receipt is the head read's, not day 2's.
      await call(s.a, s.day0 + 3 * DAY + 40_000, s.contracts.goldA, 'TestToken', 'burn', [WALLETS.bob, 1_000n * 10n ** 18n]);
      const r = await runIngestCli(['--head'], env);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      const [f] = (await get('/api/assets/gold/receipt')).figures;
      expect(f.evm.block.number).toBe(Number(await s.a.pub.getBlockNumber({ cacheTime: 0 })));
      expect(f.evm.price.calls.map((c: Call) => c.method)).toEqual(['decimals()', 'latestRoundData()']);
      expect(f.evm.price.calls[1].to).toBe(s.contracts.feedA.toLowerCase());
      expect(f.evm.price.calls[1].decoded).toContain('265050000000');
      expect(await curlAnswers(f)).toEqual([...f.evm.calls, ...f.evm.price.calls].map((c: Call) => c.raw));
    }, 60_000);
  });
}
