/**
 * The registry in git against its truth rules (counted once, every class covered, new addresses checked
 * twice), and the validation rule that an issuer's published treasury wallet must be named.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_REGISTRY, excludedWallets, loadRegistry, parseRegistry, reserveWallets } from '#lib/server/catalogue/registry.ts';
import { ASSET_CLASS_LINKS } from '#lib/shared/site.ts';
import { doubleCounts, notCovered, reserveOverlap } from '#lib/server/figures/coverage-data.ts';
import type { Holding } from '#lib/shared/schemas/holdings.ts';
import { bridgingOf, priceMethodOf } from '#lib/server/catalogue/methods.ts';
import { priceFromReads, priceReads } from '#lib/server/ingest/sources/evm/price.ts';

const r = loadRegistry(DEFAULT_REGISTRY);
const bySymbol = (s: string) => r.assets.find((a) => a.symbol === s)!;
const TETHER_TREASURY = '0x5754284f345afc66a98fbb0a0afe71e0f007b949';

describe('counted once', () => {
  it("XAUt leaves out Tether's treasury, the wallet USDT already leaves out, on the same chain", () => {
    const usdt = bySymbol('USDT').deployments.find((d) => d.chain === 'ethereum')!;
    expect(usdt.excludeHolders).toContain(TETHER_TREASURY);
    expect([...excludedWallets(bySymbol('XAUt'), 'ethereum')]).toContain(TETHER_TREASURY);
  });

  it("names OUSG among BUIDL's holders (heldByFunds), with its share and source", () => {
    expect(bySymbol('BUIDL').heldByFunds).toEqual([expect.objectContaining({ fund: 'OUSG', share: '0.995' })]);
    // The asset page says so: counted here in full; the totals count OUSG only beyond it (counted-once.ts).
    expect(bridgingOf(bySymbol('BUIDL'))).toContain(
      'OUSG holds it (99.5% of its reserves, no wallet published): counted here in full, and in every total OUSG counts only beyond that holding',
    );
  });

  it('names the stablecoin reserves that hold tracked funds (the RWA/stablecoin overlap)', () => {
    const held = r.assets.filter((a) => a.heldByStablecoins.length > 0).map((a) => a.symbol);
    expect(held).toEqual(expect.arrayContaining(['BUIDL-I', 'JTRSY', 'USTB', 'syrupUSDC', 'syrupUSDT', 'USCC', 'JAAA', 'STAC']));
    for (const a of r.assets) for (const h of a.heldByStablecoins) expect(bySymbol(h.stablecoin).assetClass).toBe('Stablecoins');
  });

  it("names the wallets through which USD0's and USDO's reserves hold tracked funds, each with its source", () => {
    const USDO_WALLET = '0x5eaff7af80488033bc845709806d5fae5291eb88';
    const USD0_TREASURY = '0xdd82875f0840aad58a455a70b88eed9f59cec7c7';
    const held = (symbol: string) => reserveWallets(bySymbol(symbol)).map((w) => `${w.holder} ${w.chain} ${w.address}`);
    expect(held('USYC')).toEqual(expect.arrayContaining([`USD0 ethereum ${USD0_TREASURY}`, `USDO ethereum ${USDO_WALLET}`]));
    expect(held('TBILL')).toEqual(expect.arrayContaining([`USDO ethereum ${USDO_WALLET}`, `USDO arbitrum ${USDO_WALLET}`]));
    for (const symbol of ['BUIDL', 'VBILL', 'BENJI']) expect(held(symbol)).toContain(`USDO ethereum ${USDO_WALLET}`);
    for (const symbol of ['USYC', 'TBILL', 'BUIDL', 'VBILL', 'BENJI'])
      for (const w of reserveWallets(bySymbol(symbol))) expect(w.source, `${symbol} ${w.holder}`).toMatch(/^https:\/\//);
  });
});

describe('wider', () => {
  it('tracks at least 40 assets, and every class of the Asset Classes menu has one', () => {
    expect(r.assets.length).toBeGreaterThanOrEqual(40);
    for (const { label } of ASSET_CLASS_LINKS) expect(r.assets.filter((a) => a.assetClass === label).length, label).toBeGreaterThan(0);
    for (const c of ['Corporate Bonds', 'Managed Strategies'])
      expect(
        r.assets.some((a) => a.assetClass === c),
        c,
      ).toBe(true);
  });

  it('every asset is priced, or explicitly valued in dollars by DefiLlama', () => {
    for (const a of r.assets) expect(a.price.kind !== 'unavailable' || a.source === 'defillama-protocol', a.symbol).toBe(true);
  });

  it("values EUTBL's euro NAV in dollars: the NAV feed times the EUR/USD feed, both checked", () => {
    const p = bySymbol('EUTBL').price;
    if (p.kind !== 'feed') throw new Error('EUTBL is priced by a feed');
    expect(p.quote).toBe('0xb49f677943bc038e9857d61e7d053caa2c1734c1');
    const reads = priceReads(p)!;
    expect(reads.map((x) => [x.address, x.functionName])).toEqual([
      [p.address, 'decimals'],
      [p.address, 'latestRoundData'],
      [p.quote, 'decimals'],
      [p.quote, 'latestRoundData'],
    ]);
    const close = Date.parse('2026-11-25T00:00:00Z');
    const at = BigInt(close / 1000 - 3600);
    const round = (answer: bigint, updatedAt = at) => [1n, answer, 0n, updatedAt, 1n] as const;
    // 1.045123 EUR per token at 6 decimals, 1.08 USD per EUR at 8 decimals.
    const ok = priceFromReads(p, [6, round(1_045_123n), 8, round(108_000_000n)], close, '2026-11-24');
    expect(ok.ok && ok.price).toBeCloseTo(1.045123 * 1.08, 9);
    const noRate = priceFromReads(p, [6, round(1_045_123n), 8, round(0n)], close, '2026-11-24');
    expect(noRate).toEqual({ ok: false, reason: `the quote feed ${p.quote}: the feed answered zero (0)` });
    // A rate past its bound values at the last rate, marked stale, as the NAV itself would be.
    const old = priceFromReads(p, [6, round(1_045_123n), 8, round(108_000_000n, at - 10n * 86_400n)], close, '2026-11-24');
    expect(old.ok && old.stale?.since).toBe('2026-11-14');
  });

  it('prices KAU, a gram of gold, at the ounce feed times 1/31.1034768, and says it counts the Ethereum supply only', () => {
    const kau = bySymbol('KAU');
    const paxg = bySymbol('PAXG');
    if (kau.price.kind !== 'feed' || paxg.price.kind !== 'feed') throw new Error('KAU and PAXG are priced by a feed');
    // The same Chainlink XAU/USD feed as PAXG, read the same way: only the factor differs.
    expect(kau.price.address).toBe(paxg.price.address);
    expect(priceReads(kau.price)).toEqual(priceReads(paxg.price));
    const close = Date.parse('2026-11-25T00:00:00Z');
    const round = [1n, 4_000_00000000n, 0n, BigInt(close / 1000 - 3600), 1n] as const;
    const ounce = priceFromReads(paxg.price, [8, round], close, '2026-11-24');
    const gram = priceFromReads(kau.price, [8, round], close, '2026-11-24');
    expect(ounce).toEqual({ ok: true, price: 4000 });
    expect(gram.ok && gram.price).toBeCloseTo(4000 / 31.1034768, 9);
    // A refused or stale answer stays refused or stale: the factor scales the price, nothing else.
    const zero = [1n, 0n, 0n, BigInt(close / 1000 - 3600), 1n] as const;
    expect(priceFromReads(kau.price, [8, zero], close, '2026-11-24')).toEqual(priceFromReads(paxg.price, [8, zero], close, '2026-11-24'));
    const old = [1n, 4_000_00000000n, 0n, BigInt(close / 1000 - 10 * 86_400), 1n] as const;
    const stale = priceFromReads(kau.price, [8, old], close, '2026-11-24');
    expect(stale.ok && stale.stale?.since).toBe('2026-11-15');
    expect(stale.ok && stale.price).toBeCloseTo(4000 / 31.1034768, 9);
    // The asset's method line on /sources and in the downloads names the factor and what it converts.
    expect(priceMethodOf(kau.price)).toContain('times 1/31.1034768 (one token is one gram of gold, the feed is per troy ounce');
    expect(priceMethodOf(paxg.price)).not.toContain('times');
    expect(kau.reference).toContain('wrapped part of Kinesis-native KAU');
    expect(kau.reference).toContain('the Ethereum supply only, not all KAU');
    expect(kau.uncovered).toEqual([expect.objectContaining({ chain: 'Kinesis', family: 'kinesis' })]);
  });

  // Every address added in this round, each confirmed by two public sources named in the entry's reference.
  const ADDED: Array<[string, string]> = [
    ['BUIDL-I', 'ethereum'],
    ['VBILL', 'ethereum'],
    ['VBILL', 'bsc'],
    ['VBILL', 'avalanche'],
    ['VBILL', 'solana'],
    ['syrupUSDT', 'ethereum'],
    ['JAAA', 'ethereum'],
    ['STAC', 'ethereum'],
    ['USCC', 'ethereum'],
    ['EUTBL', 'ethereum'],
    ['EUTBL', 'polygon'],
    ['EUTBL', 'base'],
    ['EUTBL', 'arbitrum'],
    ['USTBL', 'polygon'],
    ['USTBL', 'base'],
    ['STBT', 'ethereum'],
    ['HLSCOPE', 'ethereum'],
    ['HLSCOPE', 'polygon'],
    ['mTBILL', 'ethereum'],
    ['mBASIS', 'ethereum'],
    ['USDTB', 'ethereum'],
    ['USD0', 'ethereum'],
    ['USDO', 'ethereum'],
    ['RLUSD', 'ethereum'],
    ['TBILL', 'bsc'],
    // The one-source leads of the November 2026 review, each now found in a second public source.
    ['JAAA', 'avalanche'],
    ['WTGXX', 'optimism'],
    ['BENJI', 'solana'],
    ['USCC', 'solana'],
    ['XAUm', 'ethereum'],
    ['MONY', 'ethereum'],
    ['KAU', 'ethereum'],
  ];
  it('every new address is in the registry and its entry names two distinct public sources', () => {
    for (const [symbol, chain] of ADDED) {
      const a = bySymbol(symbol);
      expect(
        a.deployments.some((d) => d.chain === chain),
        `${symbol} ${chain}`,
      ).toBe(true);
      const sources = new Set((a.reference ?? '').match(/https:\/\/[^\s;,()]+/g) ?? []);
      expect(sources.size, `${symbol}: ${a.reference}`).toBeGreaterThanOrEqual(2);
    }
  });

  it("each of the review's leads names its address, and two public sources in the same statement", () => {
    const leads: Array<[string, string]> = [
      ['JAAA', 'avalanche'],
      ['WTGXX', 'optimism'],
      ['BENJI', 'solana'],
      ['USCC', 'solana'],
      ['XAUm', 'ethereum'],
      ['MONY', 'ethereum'],
      ['KAU', 'ethereum'],
    ];
    for (const [symbol, chain] of leads) {
      const a = bySymbol(symbol);
      const address = a.deployments.find((d) => d.chain === chain)!.address;
      // The reference abbreviates an address to its first characters (0x58f9…3b6b, 5Tu8…FxA1).
      const statement = (a.reference ?? '').split(/\.\s|;\s/).find((s) => s.includes(address.slice(0, address.startsWith('0x') ? 6 : 4)));
      expect(statement, `${symbol} ${chain}: ${a.reference}`).toBeDefined();
      const sources = new Set(statement!.match(/https:\/\/[^\s;,()]+/g) ?? []);
      expect(sources.size, `${symbol} ${chain}: ${statement}`).toBeGreaterThanOrEqual(2);
    }
  });

  it('tracks at least 55 products, three or more in each class of the Asset Classes menu, each with its public source', () => {
    expect(r.assets.length).toBeGreaterThanOrEqual(55);
    for (const { label } of ASSET_CLASS_LINKS)
      expect(r.assets.filter((a) => a.assetClass === label).length, label).toBeGreaterThanOrEqual(3);
    for (const a of r.assets) expect(a.reference ?? '', a.symbol).toMatch(/https:\/\/\S+/);
  });

  it('adds the funds the review named and the deployments it found missing, each address in its entry', () => {
    const want: Array<[string, string, string]> = [
      ['iBENJI', 'ethereum', '0x90276e9d4a023b5229e0c2e9d4b2a83fe3a2b48c'],
      ['CUMIU', 'ethereum', '0x85d38585c3ac08268f598282a84b7c0ddfc0d04f'],
      ['BELIF', 'ethereum', '0x237c717df1b60501f8d029d3fe7385fd090df180'],
      ['thBILL', 'ethereum', '0x5fa487bca6158c64046b2813623e20755091da0b'],
      ['USYC', 'solana', '7LWanZteUKtvFjv4MHYgKXXdAuCQYFPJysL9pxxdRQGn'],
      ['HLSCOPE', 'optimism', '0x720f86f4b5b5d5d0ea3e5718ec43071d4d05134b'],
      ['XAUm', 'bsc', '0x23ae4fd8e7844cdbc97775496ebd0e8248656028'],
    ];
    for (const [symbol, chain, address] of want)
      expect(bySymbol(symbol).deployments).toContainEqual(expect.objectContaining({ chain, address }));
    // What could not be found or read on a public chain is listed with why, not left out in silence.
    const untracked = r.uncoveredProducts.map((p) => p.name).join(' | ');
    expect(untracked).toContain('BRSRV');
    for (const p of r.uncoveredProducts) expect(p.note.length, p.name).toBeGreaterThan(20);
  });

  it("reads USYC's NAV at the oracle Circle's current contract page lists", () => {
    const p = bySymbol('USYC').price;
    expect(p.kind === 'feed' && p.address).toBe('0x74f2199aeb743f68f05943e5715a33eaf2b61f53');
    expect(bySymbol('USYC').reference).toContain('https://developers.circle.com/tokenized/usyc/smart-contracts');
  });

  it('prices a CMTAT fund at latestNAV() / NAVScalingFactor(), both read at the block, and refuses a zero factor', () => {
    const p = bySymbol('CUMIU').price;
    if (p.kind !== 'call') throw new Error('CUMIU is priced by a call');
    expect(priceReads(p)!.map((x) => x.functionName)).toEqual(['latestNAV', 'NAVScalingFactor']);
    const close = Date.parse('2026-11-25T00:00:00Z');
    // 1,033,353 at a factor of 10,000 is $103.3353 a token, not $1.
    expect(priceFromReads(p, [1_033_353n, 10_000n], close)).toEqual({ ok: true, price: 103.3353 });
    expect(priceFromReads(p, [1_033_353n, 0n], close)).toEqual({
      ok: false,
      reason: 'NAVScalingFactor() answered zero: the NAV cannot be scaled',
    });
    expect(priceMethodOf(p)).toBe(
      'NAV latestNAV() / NAVScalingFactor() at 0x85d38585c3ac08268f598282a84b7c0ddfc0d04f on ethereum, stale once unchanged for more than 3 U.S. business days',
    );
  });

  it('lists endpoints that answer, each with its limits: none of the dead or crippled ones', () => {
    const all = Object.values(r.chains).flatMap((c) => c.publicRpc);
    for (const e of all) expect(e.limits, e.url).toMatch(/\S{3}/);
    const hosts = all.map((e) => new URL(e.url).host);
    // Gone from chainlist (llamarpc), closed to the public (polygon-rpc.com), eth_getLogs disabled (BNB's dataseed).
    for (const dead of ['eth.llamarpc.com', 'polygon-rpc.com', 'bsc-dataseed.bnbchain.org']) expect(hosts).not.toContain(dead);
    // Every EVM chain has at least two keyless endpoints besides its official rate-limited one, which is kept last.
    for (const [key, c] of Object.entries(r.chains)) {
      if (c.family !== 'evm') continue;
      expect(c.publicRpc.length, key).toBeGreaterThanOrEqual(3);
      const official = c.publicRpc.findIndex((e) => /not for production/.test(e.limits ?? ''));
      if (official >= 0) expect(official, key).toBe(c.publicRpc.length - 1);
    }
    // The Stellar reader says where it stands on Horizon's deprecation.
    for (const e of r.chains.stellar.publicRpc) expect(e.limits).toMatch(/deprecated in favour of Stellar RPC.*no end date/);
  });

  it("states each price's age bound as the code applies it: U.S. business days, shown stale, never an hour bound or 'refused'", () => {
    for (const a of r.assets) {
      const ref = a.reference ?? '';
      expect(ref, a.symbol).not.toMatch(/\b\d+ ?(h|hours)\b/);
      expect(ref, a.symbol).not.toMatch(/older than [^.;]* (is|are) refused/);
      const stated = /older than (\d+) U\.S\. business days?/.exec(ref);
      if (stated && 'maxAgeBusinessDays' in a.price) expect(Number(stated[1]), a.symbol).toBe(a.price.maxAgeBusinessDays);
    }
  });

  it('lists deployments on chains no reader covers, by family', () => {
    const families = new Set(r.assets.flatMap((a) => a.uncovered.map((u) => u.family)));
    expect([...families]).toEqual(expect.arrayContaining(['tron', 'sui', 'cosmos']));
  });
});

describe("an issuer's published treasury wallet", () => {
  const tether = (excludeHolders: string[], extra: Record<string, unknown> = {}) => ({
    chains: { ethereum: { chainId: 1, name: 'Ethereum', rpcEnv: 'RPC_URL_ETHEREUM' } },
    assets: [
      {
        symbol: 'XAUt',
        name: 'Tether Gold',
        issuer: 'Tether',
        assetClass: 'Commodities',
        price: { kind: 'fixed', usd: '1' },
        deployments: [{ chain: 'ethereum', address: '0x68749665ff8d2d112fa859aa293f07a622782f38', excludeHolders }],
        ...extra,
      },
    ],
  });
  const problems = (input: unknown) => {
    try {
      parseRegistry(input);
      return '';
    } catch (e) {
      return (e as Error).message;
    }
  };

  it('refuses an entry that does not name it, naming the wallet and its source', () => {
    expect(problems(tether([]))).toMatch(
      /assets\[0\] \(XAUt\) deployments\[0\]\.excludeHolders: Tether publishes 0x5754284f345afc66a98fbb0a0afe71e0f007b949 on ethereum .*peggedassets-server/,
    );
  });
  it('accepts it named, in any hex case', () => {
    expect(problems(tether(['0x5754284F345AFC66A98FBB0A0AFE71E0F007B949']))).toBe('');
  });
  it('refuses "none published" where a source publishes one, and accepts it with its source otherwise', () => {
    const none = { treasury: { published: 'none', source: 'https://example.org/issuer-docs' } };
    expect(problems(tether([], none))).toMatch(/contradicts/);
    const other = tether([], none);
    other.assets[0].issuer = 'Paxos';
    expect(problems(other)).toBe('');
    const noSource = tether([], { treasury: { published: 'none' } });
    noSource.assets[0].issuer = 'Paxos';
    expect(problems(noSource)).toMatch(/treasury\.source/);
  });
});

describe('what is counted twice, and what is not covered', () => {
  it("sizes OUSG's BUIDL as OUSG's published value times its share", () => {
    expect(doubleCounts(r, new Map([['OUSG', 7e8]]))).toEqual([
      expect.objectContaining({ asset: 'BUIDL', fund: 'OUSG', share: 0.995, value: 696500000 }),
    ]);
    expect(doubleCounts(r, null)[0].value).toBeNull();
  });

  it("takes the stablecoin reserves' holdings from the published graph (the balances read at the close)", () => {
    const spark = bySymbol('BUIDL-I').heldByStablecoins.flatMap((h) => ('address' in h && h.holder.startsWith('Spark') ? [h] : []))[0];
    const measured: Holding = {
      date: '2026-11-24',
      holder: 'USDS',
      holderKind: 'stablecoin',
      wallet: spark.address.toLowerCase(),
      walletName: spark.holder,
      asset: 'BUIDL-I',
      chain: 'ethereum',
      basis: 'measured',
      balance: '250000000',
      value: 250_000_000,
      share: null,
      holderValue: 9e9,
      blockNumber: 23_000_000,
      receiptRunId: 1,
      source: spark.source,
      note: null,
    };
    const o = reserveOverlap(r, [measured]);
    expect(o.holdings.find((h) => h.asset === 'BUIDL-I' && h.address === spark.address)).toMatchObject({
      stablecoin: 'USDS',
      balance: 250_000_000,
      block: 23_000_000,
      value: 250_000_000,
    });
    // Holdings the graph has no figure for stay unmeasured, never zero; the dated public estimate stands beside them.
    expect(o.holdings.find((h) => h.asset === 'JAAA')).toMatchObject({ balance: null, value: null });
    expect(o.measuredValue).toBe(250_000_000);
    expect(o.estimate).toMatchObject({ date: '2025-05-06', value: 2.4e9 });
    expect(reserveOverlap(r, []).measuredValue).toBeNull();
    // A wallet the day did not read is unknown in the graph: unmeasured here too.
    expect(reserveOverlap(r, [{ ...measured, basis: 'unknown', balance: null, value: null }]).measuredValue).toBeNull();
  });

  it('lists chains without a reader by family, with DefiLlama dollars where the day has them', () => {
    const rows = notCovered(r, [
      { runId: 1, date: '2026-11-24', assetSymbol: 'USDY', chain: 'Sui', source: 'defillama-protocol', value: 12.5e6, apiUrl: 'u' },
    ]);
    expect(rows.find((x) => x.chain === 'Sui')).toMatchObject({
      family: 'sui',
      defillamaValue: 12.5e6,
      // XAUm on Sui has no DefiLlama figure that day: the chain's value is USDY's alone.
      assets: [
        { symbol: 'USDY', note: null },
        { symbol: 'XAUm', note: expect.stringContaining('no Sui reader') },
      ],
    });
    expect(rows.find((x) => x.chain === 'Tron')).toMatchObject({
      family: 'tron',
      defillamaValue: null,
      assets: [expect.objectContaining({ symbol: 'XAUt' })],
    });
  });
});
