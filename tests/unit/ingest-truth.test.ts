/**
 * The pure steps of the ingest that decide what is true enough to publish:
 * bounds, capped bodies, feed checks, provider range refusals, holders and the balance check, the
 * head-lag bound, and the cells: acceptance, stale carry-forward and the breakers.
 */
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_USD, observationProblem, outOfBounds } from '#lib/server/catalogue/bounds.ts';
import { BodyTooLargeError, readCapped } from '#lib/server/ingest/body.ts';
import { carryStale, compareWithSnapshot, pickObservations, type Obs } from '#lib/server/ingest/cells.ts';
import { cellBreaker, totalsBreaker } from '#lib/server/ingest/breaker.ts';
import { balanceProblem, dustUnits, holderSet } from '#lib/server/ingest/holders.ts';
import { checkFeedAnswer, priceMoveFlag } from '#lib/server/ingest/prices.ts';
import { narrowed, rangeAdvice } from '#lib/server/ingest/ranges.ts';
import { isMissingState } from '#lib/server/ingest/rpc.ts';
import { headLag } from '#lib/server/ingest/sources/evm/block.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { estimateBackfill, formatDuration } from '#lib/server/ingest/backfill.ts';

describe('backfill estimate', () => {
  it('one eth_getLogs per range for the whole chain, plus the per-day reads, at the measured latency', () => {
    const [e] = estimateBackfill([{ chain: 'ethereum', from: 19_000_000, head: 23_500_000, latencyMs: 120 }], 10_000, 1);
    expect(e.blocks).toBe(4_500_001);
    // 451 ranges + 25 block reads of the binary search + 4.
    expect(e.calls).toBe(451 + 25 + 4);
    expect(e.seconds).toBe(58);
    expect(formatDuration(58)).toBe('58 s');
    expect(formatDuration(7200)).toBe('2.0 h');
  });
});

describe('bounds', () => {
  it('refuses Infinity, NaN, negatives and absurd figures; accepts real ones', () => {
    expect(outOfBounds(1.7e308 * 10, MAX_USD)).toContain('not a finite number');
    expect(outOfBounds(-1, MAX_USD)).toContain('negative');
    expect(outOfBounds(5.79e61, MAX_USD)).toContain('exceeds');
    expect(outOfBounds(2.9e10, MAX_USD)).toBeNull();
    expect(observationProblem({ supply: 1.7e308, price: 1, value: 1.7e308, holders: null })).toMatch(/^supply/);
    expect(observationProblem({ supply: 100, price: -2650, value: -265000, holders: 1 })).toMatch(/^price .*negative/);
    expect(observationProblem({ supply: 100, price: 2650, value: 265000, holders: 3 })).toBeNull();
  });
});

describe('capped bodies', () => {
  it('stops reading a streamed answer past the cap, and refuses a declared length over it', async () => {
    const port = await freePort();
    let written = 0;
    const server = createServer((req, res) => {
      if (req.url?.endsWith('/declared')) return res.writeHead(200, { 'content-length': String(50_000) }).end('x'.repeat(50_000));
      res.writeHead(200);
      const chunk = 'x'.repeat(16_384);
      const pump = () => {
        while (written < 200 * 16_384 && res.write(chunk)) written += chunk.length;
        if (written < 200 * 16_384) res.once('drain', pump);
        else res.end();
      };
      res.on('close', () => res.destroy());
      pump();
    });
    await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
    try {
      // The error names the request by its label, never by the URL asked (a key may sit in its path).
      const stream = readCapped(await fetch(`http://127.0.0.1:${port}/KEY-123/stream`), 'the stream', 100_000);
      await expect(stream).rejects.toThrow(BodyTooLargeError);
      await expect(stream).rejects.toThrow(/^the stream: answer exceeds the 100000-byte cap$/);
      // Far less than the 3.2 MB the server would send was read.
      expect(written).toBeLessThan(3_276_800);
      await expect(readCapped(await fetch(`http://127.0.0.1:${port}/KEY-123/declared`), 'declared', 10_000)).rejects.toThrow(
        /^declared: answer of 50000 bytes exceeds/,
      );
      expect(await readCapped(await fetch(`http://127.0.0.1:${port}/declared`), 'declared', 60_000)).toHaveLength(50_000);
    } finally {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
    }
  });
});

describe('prices', () => {
  const close = Date.parse('2026-11-10T00:00:00Z');
  const at = (hoursBefore: number) => BigInt(Math.floor((close - hoursBefore * 3_600_000) / 1000));
  it('accepts a fresh positive answer', () => {
    expect(checkFeedAnswer(265_050_000_000n, 8, at(1), close)).toEqual({ ok: true, price: 2650.5 });
  });
  it('refuses zero, negative and never-updated answers, naming why; keeps a stale one marked "stale since"', () => {
    expect(checkFeedAnswer(0n, 8, at(1), close)).toMatchObject({ ok: false, reason: expect.stringContaining('zero') });
    expect(checkFeedAnswer(-5n, 8, at(1), close)).toMatchObject({ ok: false, reason: expect.stringContaining('negative') });
    expect(checkFeedAnswer(265_050_000_000n, 8, at(30), close)).toMatchObject({
      ok: true,
      price: 2650.5,
      stale: { since: '2026-11-08', reason: expect.stringContaining('stale: updated 30.0 h') },
    });
    expect(checkFeedAnswer(265_050_000_000n, 8, at(30), close, { hours: 48 })).toEqual({ ok: true, price: 2650.5 });
    expect(checkFeedAnswer(265_050_000_000n, 8, 0n, close)).toMatchObject({ ok: false });
  });
  it('flags a move over 10% in a day, not one under', () => {
    expect(priceMoveFlag(1, 1.09)).toBeNull();
    expect(priceMoveFlag(2650, 2300)).toContain('-13.2%');
    expect(priceMoveFlag(null, 2)).toBeNull();
  });
});

describe('provider range refusals', () => {
  it('reads the limit Infura and QuickNode state', () => {
    expect(rangeAdvice('RPC Request failed. Details: range 25000 exceeds limit of 10000 (code -32602)')).toEqual({ limit: 10_000 });
    expect(
      rangeAdvice('HTTP request failed. Status: 413 Details: {"code":-32614,"message":"eth_getLogs is limited to a 10,000 range"}'),
    ).toEqual({
      limit: 10_000,
    });
  });
  it("reads Alchemy's free-tier limit and the range it suggests", () => {
    const a = rangeAdvice(
      'Under the Free tier plan, you can make eth_getLogs requests with up to a 10 block range. Based on your parameters, this block range should work: [0x0, 0x9]',
    )!;
    expect(a).toEqual({ limit: 10, suggestedTo: 9n });
    expect(narrowed(0n, 9_999n, a)).toBe(10n);
  });
  it('takes the range an old node suggests, else halves', () => {
    const a = rangeAdvice('query returned more than 10000 results. Try with this block range [0x10, 0x2f].')!;
    expect(a).toEqual({ suggestedTo: 0x2fn });
    expect(narrowed(0x10n, 0x100n, a)).toBe(32n);
    expect(narrowed(0n, 9_999n, rangeAdvice('query returned more than 10000 results')!)).toBe(5_000n);
    expect(rangeAdvice('execution reverted')).toBeNull();
    expect(rangeAdvice('status 429 too many requests')).toBeNull();
  });
  it('recognises a node without archive state', () => {
    expect(isMissingState(new Error('missing trie node 3f2a… (path ) state 0xabc is not available'))).toBe(true);
    expect(isMissingState(new Error('execution reverted'))).toBe(false);
  });
  it('a head older than the bound is lag; 0 means no bound', () => {
    expect(headLag(Date.now() - 7_200_000, Date.now(), 3600)).toContain('120 min old');
    expect(headLag(Date.now() - 60_000, Date.now(), 3600)).toBeNull();
    expect(headLag(0, Date.now(), 0)).toBeNull();
  });
});

describe('holders and the balance check', () => {
  const b = (o: Record<string, bigint>) => new Map(Object.entries(o));
  it('balances must add up to the supply, with no negative balance (a fake 1e60 transfer)', () => {
    expect(balanceProblem(b({ a: 60n, b: 40n }), 100n)).toBeNull();
    expect(balanceProblem(b({ a: 60n, b: 40n }), 150n)).toContain('add up to 100, totalSupply() is 150');
    expect(balanceProblem(b({ a: -(10n ** 60n), b: 10n ** 60n + 100n }), 100n)).toContain('negative balance');
  });
  it('holders: above the dust, issuer and escrow wallets left out', () => {
    const set = holderSet(b({ a: 5_000_000n, dust: 9_999n, escrow: 10n ** 12n }), new Set(['escrow']), dustUnits('0.01', 6));
    expect([...set]).toEqual(['a']);
    expect(dustUnits('0.01', 18)).toBe(10n ** 16n);
    expect(dustUnits('1', 0)).toBe(1n);
  });
});

const obs = (o: Partial<Obs>): Obs => ({
  runId: 1,
  date: '2026-11-10',
  assetSymbol: 'GOLD',
  chain: 'ethereum',
  source: 'evm',
  supply: '100',
  price: 2650,
  value: 265_000,
  holders: 2,
  accepted: true,
  ...o,
});

describe('cells (17.5, 19.6)', () => {
  it("a held run's rows are never picked; the run being published wins over earlier ones", () => {
    const rows = [
      obs({ runId: 1 }),
      obs({ runId: 2, value: 5.79e61, accepted: false }),
      obs({ runId: 3, value: 300_000, accepted: false }),
    ];
    expect(pickObservations(rows, 9).get('2026-11-10|GOLD|ethereum')!.runId).toBe(1);
    expect(pickObservations(rows, 3).get('2026-11-10|GOLD|ethereum')!.value).toBe(300_000);
  });
  it('a failed chain keeps its last accepted figure for at most 2 days, marked stale with its age and why', () => {
    const picked = pickObservations([obs({ date: '2026-11-09', blockTime: '2026-11-09T23:59:00Z' })], 5);
    const accepted = picked;
    const failures = [{ chain: 'ethereum', reason: 'Chain "ethereum" is unreachable' }];
    const now = Date.parse('2026-11-11T01:00:00Z');
    const r = carryStale(picked, accepted, [{ asset: 'GOLD', chain: 'ethereum' }], '2026-11-10', 5, failures, new Map(), now);
    expect(r.picked.get('2026-11-10|GOLD|ethereum')!.value).toBe(265_000);
    expect(r.stale).toEqual([
      { asset: 'GOLD', chain: 'ethereum', since: '2026-11-09', ageHours: 25, reason: 'Chain "ethereum" is unreachable' },
    ]);
    const late = carryStale(picked, accepted, [{ asset: 'GOLD', chain: 'ethereum' }], '2026-11-12', 5, failures, new Map(), now);
    expect(late.picked.has('2026-11-12|GOLD|ethereum')).toBe(false);
    expect(late.stale).toEqual([]);
  });
  it("a held cell drops this run's figure for the last accepted one", () => {
    const rows = [obs({}), obs({ runId: 5, accepted: false, value: 2_915_000 })];
    const picked = pickObservations(rows, 5);
    const held = new Map([['GOLD|ethereum', 'circuit breaker: jump']]);
    const r = carryStale(
      picked,
      pickObservations(
        rows.filter((o) => o.accepted),
        -1,
      ),
      [{ asset: 'GOLD', chain: 'ethereum' }],
      '2026-11-10',
      5,
      [],
      held,
    );
    expect(r.picked.get('2026-11-10|GOLD|ethereum')!.value).toBe(265_000);
    expect(r.stale[0].reason).toBe('circuit breaker: jump');
  });
  it("head first: a cell read at yesterday's close by this run stands for today once, with its own date; a failed or held one does not", () => {
    // This run (5): GOLD on ethereum at today's head; USDC on base from DefiLlama at yesterday's close.
    const rows = [
      obs({ runId: 5, accepted: false, date: '2026-11-10' }),
      obs({ runId: 5, accepted: false, date: '2026-11-09', assetSymbol: 'USDC', chain: 'base', source: 'defillama', value: 4.25e9 }),
      obs({ runId: 5, accepted: false, date: '2026-11-09', source: 'defillama', value: 1 }),
    ];
    const picked = pickObservations(rows, 5);
    const cells = [
      { asset: 'GOLD', chain: 'ethereum' },
      { asset: 'USDC', chain: 'base' },
    ];
    const now = Date.parse('2026-11-10T06:00:00Z');
    const r = carryStale(picked, new Map(), cells, '2026-11-10', 5, [], new Map(), now, 1);
    // Today's GOLD is the head's row, not yesterday's: each cell is counted once.
    expect(r.picked.get('2026-11-10|GOLD|ethereum')!.value).toBe(265_000);
    expect(r.picked.get('2026-11-10|USDC|base')!.value).toBe(4.25e9);
    expect(r.stale).toEqual([
      {
        asset: 'USDC',
        chain: 'base',
        since: '2026-11-09',
        ageHours: 6,
        reason: "read at the close of 2026-11-09 (defillama); today's figures are read at the chains' heads",
      },
    ]);
    // A plan that carries nothing back: the rule is as before (no accepted row, no figure).
    expect(carryStale(picked, new Map(), cells, '2026-11-10', 5, [], new Map(), now).picked.has('2026-11-10|USDC|base')).toBe(false);
    // Failed or held: this run's row is never shown; only an accepted one would be.
    const failed = carryStale(picked, new Map(), cells, '2026-11-10', 5, [{ asset: 'USDC', reason: 'refused' }], new Map(), now, 1);
    expect(failed.picked.has('2026-11-10|USDC|base')).toBe(false);
    const held = carryStale(picked, new Map(), cells, '2026-11-10', 5, [], new Map([['USDC|base', 'circuit breaker: jump']]), now, 1);
    expect(held.picked.has('2026-11-10|USDC|base')).toBe(false);
  });
  it('the per-asset breaker holds a drop over 50% or a jump over 5x, of value or of many holders', () => {
    const prev = {
      'GOLD|ethereum': { value: 100, holders: 1000 },
      'TBILL|ethereum': { value: 100, holders: 3 },
      'X|base': { value: 100, holders: 1000 },
    };
    const now = new Map([
      ['GOLD|ethereum', { value: 600, holders: 1000 }],
      ['TBILL|ethereum', { value: 49, holders: 3 }],
      ['X|base', { value: 100, holders: 6000 }],
      ['NEW|base', { value: 1e9, holders: 1 }],
    ]);
    const held = cellBreaker(prev, now, 0.5, 5);
    expect([...held.keys()].sort()).toEqual(['GOLD|ethereum', 'TBILL|ethereum', 'X|base']);
    // The reason says the rule, its bound and the last published figure, never the refused figure nor its ratio to the
    // last one, which would give it back: two refused figures on one side of the bound get the same reason.
    const other = cellBreaker(prev, new Map([['GOLD|ethereum', { value: 1234.5, holders: 1000 }]]), 0.5, 5);
    expect(other.get('GOLD|ethereum')).toBe(held.get('GOLD|ethereum'));
    expect(held.get('GOLD|ethereum')).toBe(
      'circuit breaker: GOLD on ethereum: a jump above the 5× bound over its last published figure ($100.00)',
    );
    expect(held.get('TBILL|ethereum')).toBe(
      'circuit breaker: TBILL on ethereum: a drop of more than the 50% bound from its last published figure ($100.00)',
    );
    expect(held.get('X|base')).toBe('circuit breaker: X holders on base: a jump above the 5× bound over its last published figure (1,000)');
    for (const why of held.values()) expect(why).not.toMatch(/\b(600|49|6,?000)\b/);
    expect(cellBreaker(null, now, 0.5, 5).size).toBe(0);
  });
  it('the totals breaker: a first run is only bounded (a negative total is refused); later runs by drop and jump', () => {
    expect(totalsBreaker(null, { rwa: -5, stablecoins: 0 }, 0.5, 5)).toEqual({
      why: 'circuit breaker: total rwa is not a finite non-negative number',
      total: 'rwa',
    });
    expect(totalsBreaker(null, { rwa: Infinity, stablecoins: 0 }, 0.5, 5)?.why).toContain('not a finite');
    expect(totalsBreaker(null, { rwa: 5, stablecoins: 0 }, 0.5, 5)).toBeNull();
    expect(totalsBreaker({ rwa: 100, stablecoins: 10 }, { rwa: 10, stablecoins: 60 }, 0.5, 5)).toEqual({
      why: 'circuit breaker: total RWA value: a drop of more than the 50% bound from its last published figure ($100.00)',
      total: 'rwa',
    });
    expect(totalsBreaker({ rwa: 100, stablecoins: 10 }, { rwa: 100, stablecoins: 60 }, 0.5, 5)).toEqual({
      why: 'circuit breaker: total stablecoin value: a jump above the 5× bound over its last published figure ($10.00)',
      total: 'stablecoins',
    });
    expect(totalsBreaker({ rwa: 100, stablecoins: 10 }, { rwa: 160, stablecoins: 10 }, 0.5, 5)).toBeNull();
  });
  it('compares a first run with the snapshot per class', () => {
    expect(compareWithSnapshot({ Commodities: 1e9 }, { Commodities: 4e9, Stocks: 0 })).toEqual([
      { assetClass: 'Commodities', live: 1e9, snapshot: 4e9, share: 25 },
      { assetClass: 'Stocks', live: 0, snapshot: 0, share: null },
    ]);
  });
});

describe('ingest variables', () => {
  it('a head tag, head age or jump bound that is not one is refused, naming the variable', async () => {
    const { parseConfig, ConfigError } = await import('#lib/server/config.ts');
    expect(() => parseConfig({ INGEST_HEAD_TAG: 'pending' })).toThrow(ConfigError);
    expect(() => parseConfig({ INGEST_HEAD_TAG: 'pending' })).toThrow(/INGEST_HEAD_TAG: expected finalized, safe or latest/);
    expect(() => parseConfig({ INGEST_MAX_HEAD_AGE: '-1' })).toThrow(/INGEST_MAX_HEAD_AGE/);
    expect(() => parseConfig({ INGEST_MAX_JUMP: '1' })).toThrow(/INGEST_MAX_JUMP: expected a factor greater than 1/);
    expect(parseConfig({ INGEST_HEAD_TAG: 'safe', INGEST_MAX_HEAD_AGE: '0' }).ingest).toMatchObject({ headTag: 'safe', maxHeadAge: 0 });
  });
});

describe('counted once in the registry', () => {
  it("escrows of a lock-and-mint bridge leave supply; another fund's reserve wallet stays in it, read as a holding; only issuer wallets and escrows are issuance", async () => {
    const { excludedWallets, issuanceWallets, parseRegistry, reserveWallets } = await import('#lib/server/catalogue/registry.ts');
    const r = parseRegistry({
      chains: {
        ethereum: { chainId: 1, name: 'Ethereum', rpcEnv: 'RPC_URL_ETHEREUM' },
        arbitrum: { chainId: 42161, name: 'Arbitrum', rpcEnv: 'RPC_URL_ARBITRUM' },
      },
      assets: [
        {
          symbol: 'BUIDL',
          name: 'Fund',
          issuer: 'Issuer',
          assetClass: 'U.S. Treasuries',
          price: { kind: 'fixed', usd: '1.00' },
          deployments: [
            { chain: 'ethereum', address: '0x' + '1'.repeat(40), startBlock: 1, excludeHolders: ['0x' + 'a'.repeat(40)] },
            { chain: 'arbitrum', address: '0x' + '2'.repeat(40), startBlock: 1 },
          ],
          bridge: { model: 'lock-and-mint', escrows: [{ chain: 'ethereum', address: '0x' + 'E'.repeat(40) }] },
          heldByFunds: [{ fund: 'OUSG', chain: 'ethereum', address: '0x' + 'f'.repeat(40), source: 'https://example.com/ousg' }],
        },
        {
          symbol: 'OUSG',
          name: 'OUSG',
          issuer: 'Ondo',
          assetClass: 'U.S. Treasuries',
          price: { kind: 'fixed', usd: '1.00' },
          deployments: [{ chain: 'ethereum', address: '0x' + '3'.repeat(40), startBlock: 1 }],
        },
      ],
    });
    const a = r.assets[0];
    expect([...excludedWallets(a, 'ethereum')].sort()).toEqual(['0x' + 'a'.repeat(40), '0x' + 'e'.repeat(40)]);
    expect(reserveWallets(a, 'ethereum')).toEqual([
      {
        holder: 'OUSG',
        holderKind: 'fund',
        name: null,
        chain: 'ethereum',
        address: '0x' + 'f'.repeat(40),
        source: 'https://example.com/ousg',
      },
    ]);
    expect(reserveWallets(a, 'arbitrum')).toEqual([]);
    expect([...excludedWallets(a, 'arbitrum')]).toEqual([]);
    expect([...issuanceWallets(a, 'ethereum')].sort()).toEqual(['0x' + 'a'.repeat(40), '0x' + 'e'.repeat(40)]);
    expect(a.holderDust).toBe('0.01');
  });

  it('an escrow or fund holding on a chain the registry does not have, and the chain "constructor", are refused', async () => {
    const { parseRegistry } = await import('#lib/server/catalogue/registry.ts');
    const base = {
      symbol: 'X',
      name: 'X',
      issuer: 'X',
      assetClass: 'U.S. Treasuries',
      price: { kind: 'fixed', usd: '1.00' },
      deployments: [{ chain: 'ethereum', address: '0x' + '1'.repeat(40), startBlock: 1 }],
    };
    const chains = { ethereum: { chainId: 1, name: 'Ethereum', rpcEnv: 'RPC_URL_ETHEREUM' } };
    expect(() =>
      parseRegistry({
        chains,
        assets: [{ ...base, bridge: { model: 'lock-and-mint', escrows: [{ chain: 'constructor', address: '0x' + 'e'.repeat(40) }] } }],
      }),
    ).toThrow(/assets\[0\] \(X\) bridge\.escrows\[0\]\.chain: unknown chain "constructor"/);
    expect(() =>
      parseRegistry({
        chains,
        assets: [{ ...base, heldByFunds: [{ fund: 'F', chain: 'base', address: '0x' + 'e'.repeat(40), source: 's' }] }],
      }),
    ).toThrow(/heldByFunds\[0\]\.chain: unknown chain "base"/);
    // A holder that is not tracked, or a wallet on a chain the asset is not deployed on, could never be netted or read.
    const fund = { ...base, symbol: 'F', deployments: [{ chain: 'ethereum', address: '0x' + '2'.repeat(40), startBlock: 1 }] };
    expect(() => parseRegistry({ chains, assets: [{ ...base, heldByFunds: [{ fund: 'NOPE', share: '0.5', source: 's' }] }] })).toThrow(
      /heldByFunds\[0\]\.fund: "NOPE" is not a tracked asset/,
    );
    const twoChains = { ...chains, arbitrum: { chainId: 42161, name: 'Arbitrum', rpcEnv: 'RPC_URL_ARBITRUM' } };
    expect(() =>
      parseRegistry({
        chains: twoChains,
        assets: [{ ...base, heldByFunds: [{ fund: 'F', chain: 'arbitrum', address: '0x' + 'e'.repeat(40), source: 's' }] }, fund],
      }),
    ).toThrow(/heldByFunds\[0\]\.chain: no deployment on "arbitrum"/);
  });
});

describe('DefiLlama renamed field', () => {
  it('a row whose amount field is renamed is refused and reported, not dropped', async () => {
    const { circulatingOn } = await import('#lib/server/ingest/sources/defillama.ts');
    const end = Date.parse('2026-01-10T00:00:00Z') / 1000;
    const r = circulatingOn(
      {
        chainBalances: { Tron: { tokens: [{ date: end } as never] }, Ethereum: { tokens: [{ date: end, circulating: { peggedUSD: 5 } }] } },
      },
      '2026-01-09',
    );
    expect(r.unreadable).toEqual(['Tron']);
    expect([...r.byChain]).toEqual([['Ethereum', 5]]);
  });
});
