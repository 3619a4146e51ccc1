/**
 * Holder concentration and reconciliation end to end on real parts: two Anvil
 * chains play 30 days of mints, transfers, burns and dust payments (tests/support/holders-scenario.ts),
 * `npm run ingest` reads them day by day into the server's database, and every day's top-10
 * share, HHI and Gini the API serves equals a brute-force computation from balanceOf() of every
 * wallet at that day's block, per chain and across both chains. The reconciliation puts the
 * registry's issuer AUM beside the chain's figure: 3% apart is not flagged, 8% is.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, parseAbi, type PublicClient } from 'viem';
import { parseCsv } from '#lib/shared/csv.ts';
import { getOk, runIngestCli } from '../support/ingest.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { DAYS, RESERVES, startHolderScenario, TREASURY, WALLETS, type HolderScenario } from '../support/holders-scenario.ts';

let s: HolderScenario;
let server: RunningServer;
let env: Record<string, string>;

beforeAll(async () => {
  // HOLD's issuer publishes a figure 3% above its circulating supply at $1.
  s = await startHolderScenario((circulating) => (circulating * 1.03).toFixed(2));
  const registryFile = join(mkdtempSync(join(tmpdir(), 'rwa-registry-')), 'registry.json');
  writeFileSync(registryFile, JSON.stringify(s.registry, null, 2));
  server = await startServer({ env: { INGEST_REGISTRY: registryFile } });
  env = { ...s.env, DATABASE_URL: server.databaseUrl, INGEST_REGISTRY: registryFile };
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await s?.stop();
});

const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)']);

/**
 * A client per chain whose calls made together go as one JSON-RPC batch (one HTTP request): the same
 * eth_call of each wallet at the block, without a request of its own for each of the 30 days x 2 chains
 * x every wallet.
 */
const batched: Partial<Record<'a' | 'b', PublicClient>> = {};
const batchClient = (side: 'a' | 'b') =>
  (batched[side] ??= createPublicClient({ transport: http((side === 'a' ? s.a : s.b).anvil.url, { batch: { batchSize: 1_000 } }) }));

/** Whole tokens of every wallet at a block, read from the chain itself (the treasury is excluded, so not read). */
async function chainBalances(side: 'a' | 'b', block: number): Promise<Map<string, number>> {
  const c = batchClient(side);
  const token = side === 'a' ? s.tokens.holdA : s.tokens.holdB;
  const decimals = side === 'a' ? s.decimals.holdA : s.decimals.holdB;
  const raws = await Promise.all(
    WALLETS.map((w) => c.readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [w], blockNumber: BigInt(block) })),
  );
  return new Map(WALLETS.map((w, i) => [w, Number(raws[i]) / 10 ** decimals]));
}

/** The excluded treasury's whole tokens on Ethereum at a block, read from the chain. */
async function treasuryBalance(block: number): Promise<number> {
  const raw = await s.a.pub.readContract({
    address: s.tokens.holdA,
    abi: erc20,
    functionName: 'balanceOf',
    args: [TREASURY],
    blockNumber: BigInt(block),
  });
  return Number(raw) / 10 ** s.decimals.holdA;
}

/** The definitions the slow way: holders above the 0.01 dust, sorted; O(n²) Gini. */
function bruteForce(balances: Iterable<number>) {
  const v = [...balances].filter((x) => x > 0.01);
  const total = v.reduce((x, y) => x + y, 0);
  const desc = [...v].sort((x, y) => y - x);
  let pairs = 0;
  for (const x of v) for (const y of v) pairs += Math.abs(x - y);
  return {
    holders: v.length,
    top10Share: desc.slice(0, 10).reduce((x, y) => x + y, 0) / total,
    hhi: v.reduce((x, y) => x + ((y / total) * 100) ** 2, 0),
    gini: pairs / (2 * v.length * v.length * (total / v.length)),
  };
}

interface Point {
  date: string;
  chain: string;
  blockNumber: number | null;
  holders: number;
  top10Share: number;
  hhi: number;
  gini: number;
}

function expectSame(got: Point, want: ReturnType<typeof bruteForce>, what: string) {
  expect(got.holders, what).toBe(want.holders);
  expect(Math.abs(got.top10Share - want.top10Share), `${what} top-10 share`).toBeLessThan(1e-9);
  expect(Math.abs(got.hhi - want.hhi), `${what} HHI`).toBeLessThan(1e-6);
  expect(Math.abs(got.gini - want.gini), `${what} Gini`).toBeLessThan(1e-9);
}

describe('holder concentration over 30 days', () => {
  it('the run reads the 30 days and publishes', async () => {
    const r = await runIngestCli(['--from', s.days[0], '--to', s.days[DAYS - 1]], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`published, as of ${s.days[DAYS - 1]}`);
  }, 180_000);

  it('every day, per chain and across both, equals the brute force from balanceOf() at that block', async () => {
    const c = await getOk(server.baseUrl, '/api/assets/hold/concentration');
    expect(c.unknown).toBeNull();
    expect(c.method).toMatch(/dust/);
    const history = c.history as Point[];
    expect(history).toHaveLength(DAYS * 3);
    const moved = new Set<string>();
    for (const date of s.days) {
      const day = history.filter((p) => p.date === date);
      const ethereum = day.find((p) => p.chain === 'ethereum')!;
      const arbitrum = day.find((p) => p.chain === 'arbitrum')!;
      const all = day.find((p) => p.chain === 'all')!;
      const a = await chainBalances('a', ethereum.blockNumber!);
      const b = await chainBalances('b', arbitrum.blockNumber!);
      expectSame(ethereum, bruteForce(a.values()), `${date} ethereum`);
      expectSame(arbitrum, bruteForce(b.values()), `${date} arbitrum`);
      // Across chains: a wallet is one holder with its balances above dust on each chain added up.
      const sum = new Map<string, number>();
      for (const m of [a, b]) for (const [w, v] of m) if (v > 0.01) sum.set(w, (sum.get(w) ?? 0) + v);
      expectSame(all, bruteForce(sum.values()), `${date} all`);
      moved.add(`${all.top10Share.toFixed(6)}|${all.gini.toFixed(6)}`);
    }
    // The scenario moves the figures: a constant series would prove little.
    expect(moved.size).toBeGreaterThan(10);
    // More than ten holders on some days: the top-10 share is below all of it there.
    expect(history.some((p) => p.top10Share < 0.95)).toBe(true);
    // The excluded treasury still holds supply on Ethereum on the last day and is never a holder:
    // counted as one, the figures served would differ (one more holder, another top-10 share and HHI).
    expect(history.every((p) => p.holders <= WALLETS.length)).toBe(true);
    const last = history.find((p) => p.date === s.days[DAYS - 1] && p.chain === 'ethereum')!;
    const wallets = [...(await chainBalances('a', last.blockNumber!)).values()];
    const treasury = await treasuryBalance(last.blockNumber!);
    expect(treasury).toBeGreaterThan(0.01);
    const withTreasury = bruteForce([...wallets, treasury]);
    expect(withTreasury.holders).toBe(last.holders + 1);
    expect(Math.abs(withTreasury.top10Share - last.top10Share)).toBeGreaterThan(1e-6);
    expect(Math.abs(withTreasury.hhi - last.hhi)).toBeGreaterThan(10);
  });

  it('latest gives each scope once, the newest day; the CSV gives the history rows', async () => {
    const c = await getOk(server.baseUrl, '/api/assets/hold/concentration');
    expect(c.latest.map((p: Point) => p.chain)).toEqual(['all', 'arbitrum', 'ethereum']);
    expect(new Set(c.latest.map((p: Point) => p.date))).toEqual(new Set([s.days[DAYS - 1]]));
    const csv = await getOk(server.baseUrl, '/api/assets/hold/concentration?format=csv');
    const [head, ...rows] = parseCsv(csv as string);
    expect(head).toEqual(['date', 'chain', 'blockNumber', 'holders', 'top10Share', 'hhi', 'gini']);
    expect(rows).toHaveLength(DAYS * 3);
    expect(rows.map((r) => r.slice(0, 2))).toEqual(c.history.map((p: Point) => [p.date, p.chain]));
  });

  it('an unknown asset is a 404, a bad format a 400', async () => {
    expect((await fetch(`${server.baseUrl}/api/assets/nope/concentration`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/assets/hold/concentration?format=xml`)).status).toBe(400);
  });
});

describe('reconciliation', () => {
  it("the issuer's figure 3% off the chain's is not flagged; 8% off is", async () => {
    const hold = await getOk(server.baseUrl, '/api/assets/hold/reconciliation');
    const flat = await getOk(server.baseUrl, '/api/assets/flat/reconciliation');
    const row = (r: { rows: Array<{ kind: string }> }, kind: string) => r.rows.find((x) => x.kind === kind) as Record<string, unknown>;
    expect(hold.thresholdPct).toBe(5);
    expect(row(hold, 'chain').date).toBe(s.days[DAYS - 1]);
    expect(row(hold, 'issuer').gapPct).toBeCloseTo(3, 1);
    expect(row(hold, 'issuer').flagged).toBe(false);
    expect(row(flat, 'chain').value).toBe(String(s.flatValue));
    expect(row(flat, 'issuer')).toMatchObject({ value: '1080000', gapPct: 8, flagged: true, url: 'https://example.com/flat-fund' });
    // No DefiLlama mapping in this registry: unknown with why, never invented.
    expect(row(flat, 'defillama')).toMatchObject({ value: null, gapPct: null, flagged: false });
    expect(row(flat, 'defillama').note).toMatch(/^Unknown/);
  });
});

describe('who holds whom, measured on chain', () => {
  it("HOLD's and STBL's reserve wallets holding FLAT: measured at the close, on the asset pages, in the API; the totals net them once", async () => {
    const c = await getOk(server.baseUrl, '/api/coverage');
    const last = s.days[DAYS - 1];
    const graph = c.holdings as Array<Record<string, unknown>>;
    const fund = graph.find((h) => h.holder === 'HOLD' && h.asset === 'FLAT')!;
    const stable = graph.find((h) => h.holder === 'STBL' && h.asset === 'FLAT')!;
    expect(fund).toMatchObject({ date: last, basis: 'measured', holderKind: 'fund', wallet: RESERVES.hold.wallet, chain: 'ethereum' });
    expect(stable).toMatchObject({ date: last, basis: 'measured', holderKind: 'stablecoin', walletName: 'STBL reserve' });
    // The balance is the wallet's balanceOf() at the block FLAT's figure was read at: asked of the chain again here.
    const flat = await getOk(server.baseUrl, '/api/assets/flat');
    const block = flat.chains.find((x: { chain: string }) => x.chain === 'ethereum').blockNumber as number;
    expect(fund.blockNumber).toBe(block);
    for (const [h, wallet] of [
      [fund, RESERVES.hold.wallet],
      [stable, RESERVES.stbl.wallet],
    ] as const) {
      const raw = await s.a.pub.readContract({
        address: s.tokens.flatA,
        abi: erc20,
        functionName: 'balanceOf',
        args: [wallet],
        blockNumber: BigInt(block),
      });
      expect(Number(h.balance)).toBe(Number(raw) / 1e6);
      expect(h.value).toBe(String(Number(raw) / 1e6));
    }
    expect(fund.value).toBe(String(RESERVES.hold.flat));
    expect(stable.value).toBe(String(RESERVES.stbl.flat));
    // FLAT's own figure stays whole: the reserves bought circulating tokens.
    expect(flat.marketCap.value).toBe(String(s.flatValue));
    expect(flat.heldBy.map((h: { holder: string }) => h.holder).sort()).toEqual(['HOLD', 'STBL']);
    const hold = await getOk(server.baseUrl, '/api/assets/hold');
    expect(hold.holds).toEqual([expect.objectContaining({ asset: 'FLAT', value: String(RESERVES.hold.flat), basis: 'measured' })]);
    expect((await getOk(server.baseUrl, '/api/assets/stbl')).holds).toEqual([
      expect.objectContaining({ asset: 'FLAT', basis: 'measured' }),
    ]);
    // The RWA headline counts HOLD beyond its holding of FLAT; the stablecoins and RWA together net both holdings, once.
    const holdValue = Number(hold.marketCap.value);
    const overview = await getOk(server.baseUrl, '/api/market-overview');
    expect(Number(overview.totalRWAValue)).toBeCloseTo(holdValue + s.flatValue - RESERVES.hold.flat, 2);
    expect(c.combined).toEqual({
      rowsSum: String(holdValue + s.flatValue + s.stblValue),
      netted: String(RESERVES.hold.flat + RESERVES.stbl.flat),
      value: String(holdValue + s.flatValue + s.stblValue - RESERVES.hold.flat - RESERVES.stbl.flat),
    });
    // Shown on /sources and on the asset pages, beside their sources.
    const sources = await getOk(server.baseUrl, '/sources');
    expect(sources).toMatch(/data-testid="combined"[^>]*data-netted="300000"/);
    expect(sources).toMatch(
      /<tr data-holder="HOLD" data-asset="FLAT" data-basis="measured" data-value="200000">[\s\S]*?example\.com\/hold-reserves/,
    );
    expect(sources).toMatch(/<tr data-holder="STBL" data-asset="FLAT" data-basis="measured" data-value="100000">/);
    const page = await getOk(server.baseUrl, '/assets/flat');
    expect(page).toMatch(
      /data-testid="held-by"[\s\S]*?data-holder="HOLD" data-basis="measured" data-value="200000"[\s\S]*?data-holder="STBL"/,
    );
    expect(await getOk(server.baseUrl, '/assets/hold')).toMatch(/data-testid="holds"[\s\S]*?data-asset="FLAT" data-basis="measured"/);
    // Stacked on the home chart, the stablecoin layer leaves STBL's holding of FLAT out (FLAT's layer counts
    // it), and the chart says by how much; the Stablecoins card keeps the whole market.
    expect(await getOk(server.baseUrl, '/')).toMatch(new RegExp(`data-testid="stack-netted" data-value="${RESERVES.stbl.flat}"`));
    const chart = (await getOk(server.baseUrl, '/api/chart-data')) as Array<{ date: string; stablecoins: string }>;
    const onLast = chart.find((p) => p.date === last)!;
    expect(Number(onLast.stablecoins) * 1e9 + RESERVES.stbl.flat).toBeCloseTo(Number(overview.totalStablecoinValue), 0);
  });
});
