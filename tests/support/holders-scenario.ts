/**
 * A 30-day holder scenario on the two local chains (Anvil, solc-compiled TestToken): HOLD with 6
 * decimals on "Ethereum" (its issuer treasury excluded) and 18 decimals on "Arbitrum", moved every
 * day among 24 wallets by mints, transfers, burns and dust-sized payments (at or below the
 * 0.01 HOLD dust threshold), so that the concentration changes from day to day; and FLAT, one
 * mint on day 0 and nothing after but two moves that day into reserve wallets: HOLD's (a fund
 * holding another tracked fund) and STBL's (a stablecoin, one mint on day 0, whose reserves hold
 * FLAT), for who holds whom. Every action lands on a chosen UTC day.
 */
import type { Address } from 'viem';
import { call, chainClient, deploy, startAnvil, type LocalChain } from '../../scripts/lib/local-chains.ts';

const DAY = 86_400;
export const DAYS = 30;
export const TREASURY: Address = '0x0000000000000000000000000000000000007e55';
/** Reserve wallets holding FLAT: HOLD's (a fund) and STBL's (a stablecoin), with what each holds from day 0 on. */
export const RESERVES = {
  hold: { wallet: '0x00000000000000000000000000000000000f0f01' as Address, flat: 200_000 },
  stbl: { wallet: '0x00000000000000000000000000000000000f0f02' as Address, flat: 100_000 },
};
/** Holders: 24 fixed addresses, so that the top 10 hold less than all. */
export const WALLETS: Address[] = Array.from({ length: 24 }, (_, i) => `0x${(0xa000 + i).toString(16).padStart(40, '0')}` as Address);

export interface HolderScenario {
  a: LocalChain;
  b: LocalChain;
  days: string[];
  tokens: { holdA: Address; holdB: Address; flatA: Address; stblA: Address };
  decimals: { holdA: number; holdB: number };
  registry: unknown;
  env: Record<string, string>;
  /** FLAT's chain figure on every day (dollars: its supply at $1). */
  flatValue: number;
  /** STBL's (a stablecoin's) supply at $1, every day. */
  stblValue: number;
  stop: () => Promise<void>;
}

/** A deterministic generator (the same days on every run). */
function generator(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
}

export async function startHolderScenario(holdAum: (circulating: number) => string): Promise<HolderScenario> {
  const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
  const day0 = today - (DAYS + 1) * DAY;
  const [anvilA, anvilB] = await Promise.all([startAnvil(31337, day0 + 60), startAnvil(31338, day0 + 60)]);
  const a = chainClient(anvilA);
  const b = chainClient(anvilB);
  const t = (day: number, seconds: number) => day0 + day * DAY + seconds;
  /** A scenario day as its ISO date. */
  const dayOf = (day: number) => new Date(t(day, 0) * 1000).toISOString().slice(0, 10);
  const decimals = { holdA: 6, holdB: 18 };
  const holdA = await deploy(a, t(0, 3600), 'TestToken', ['Holder Test Fund', 'HOLD', decimals.holdA]);
  const flatA = await deploy(a, t(0, 3700), 'TestToken', ['Flat Test Fund', 'FLAT', 6]);
  const holdB = await deploy(b, t(0, 3600), 'TestToken', ['Holder Test Fund', 'HOLD', decimals.holdB]);
  const stblA = await deploy(a, t(0, 3800), 'TestToken', ['Stable Test Dollar', 'STBL', 18]);
  const unit = (n: number, d: number) => BigInt(Math.round(n * 1000)) * 10n ** BigInt(d - 3);
  // Balances kept here too, only to pick amounts a wallet has (the chain decides; the test reads the chain).
  const held = { a: new Map<Address, number>(), b: new Map<Address, number>() };
  const move = (side: 'a' | 'b', w: Address, n: number) => held[side].set(w, (held[side].get(w) ?? 0) + n);
  await call(a, t(0, 4000), holdA, 'TestToken', 'mint', [TREASURY, unit(500_000, 6)]);
  await call(a, t(0, 4100), flatA, 'TestToken', 'mint', [WALLETS[0], unit(1_000_000, 6)]);
  // The reserves buy FLAT from its holder: FLAT's supply stays 1,000,000, now partly held by HOLD and STBL.
  await call(a, t(0, 4110), flatA, 'TestToken', 'transferFrom', [WALLETS[0], RESERVES.hold.wallet, unit(RESERVES.hold.flat, 6)]);
  await call(a, t(0, 4120), flatA, 'TestToken', 'transferFrom', [WALLETS[0], RESERVES.stbl.wallet, unit(RESERVES.stbl.flat, 6)]);
  await call(a, t(0, 4130), stblA, 'TestToken', 'mint', [WALLETS[1], unit(500_000, 18)]);
  let clock = 4200;
  for (const [i, w] of WALLETS.slice(0, 12).entries()) {
    const n = 10_000 * (i + 1);
    await call(a, t(0, clock++), holdA, 'TestToken', 'mint', [w, unit(n, 6)]);
    move('a', w, n);
  }
  await call(b, t(0, 4000), holdB, 'TestToken', 'mint', [WALLETS[0], unit(20_000, 18)]);
  move('b', WALLETS[0], 20_000);
  const pick = generator(7);
  for (let day = 1; day < DAYS; day++) {
    let s = 3600;
    for (const side of ['a', 'b'] as const) {
      const [chain, token, d] = side === 'a' ? [a, holdA, decimals.holdA] : [b, holdB, decimals.holdB];
      for (let k = 0; k < 3; k++) {
        const to = WALLETS[pick(WALLETS.length)];
        const holders = [...held[side]].filter(([, v]) => v > 1);
        const action = pick(10);
        if (action < 2 || !holders.length) {
          // The issuer mints to a wallet (on Ethereum from its excluded treasury half the time).
          const n = 1_000 + pick(30_000);
          if (side === 'a' && action === 0) await call(chain, t(day, s++), token, 'TestToken', 'transferFrom', [TREASURY, to, unit(n, d)]);
          else await call(chain, t(day, s++), token, 'TestToken', 'mint', [to, unit(n, d)]);
          move(side, to, n);
        } else {
          const [from, has] = holders[pick(holders.length)];
          if (action === 2) {
            // A dust payment: 0.005 HOLD, never a holder by itself.
            await call(chain, t(day, s++), token, 'TestToken', 'transferFrom', [from, to, unit(0.005, d)]);
            move(side, from, -0.005);
            move(side, to, 0.005);
          } else if (action === 3) {
            const n = Math.floor(has / 3);
            await call(chain, t(day, s++), token, 'TestToken', 'burn', [from, unit(n, d)]);
            move(side, from, -n);
          } else {
            // Sometimes everything: the sender stops being a holder.
            const n = action === 9 ? has : Math.floor(has / 2);
            await call(chain, t(day, s++), token, 'TestToken', 'transferFrom', [from, to, unit(n, d)]);
            move(side, from, -n);
            move(side, to, n);
          }
        }
      }
    }
  }
  const circulating = [...held.a.values(), ...held.b.values()].reduce((x, v) => x + v, 0);
  const registry = {
    chains: {
      ethereum: { chainId: 31337, name: 'Ethereum', rpcEnv: 'RPC_URL_LOCAL_A', explorer: 'https://etherscan.io' },
      arbitrum: { chainId: 31338, name: 'Arbitrum', rpcEnv: 'RPC_URL_LOCAL_B', explorer: 'https://arbiscan.io' },
    },
    assets: [
      {
        symbol: 'HOLD',
        name: 'Holder Test Fund',
        issuer: 'Test Asset Management',
        assetClass: 'U.S. Treasuries',
        price: { kind: 'fixed', usd: '1.00' },
        deployments: [
          { chain: 'ethereum', address: holdA, startBlock: 0, excludeHolders: [TREASURY] },
          { chain: 'arbitrum', address: holdB, startBlock: 0, excludeHolders: [] },
        ],
        issuerAum: {
          usd: holdAum(circulating),
          date: dayOf(DAYS - 1),
          source: 'https://example.com/hold-fund',
        },
      },
      {
        symbol: 'FLAT',
        name: 'Flat Test Fund',
        issuer: 'Test Asset Management',
        assetClass: 'U.S. Treasuries',
        price: { kind: 'fixed', usd: '1.00' },
        deployments: [{ chain: 'ethereum', address: flatA, startBlock: 0, excludeHolders: [] }],
        issuerAum: {
          usd: '1080000',
          date: dayOf(DAYS - 1),
          source: 'https://example.com/flat-fund',
        },
        heldByFunds: [{ fund: 'HOLD', chain: 'ethereum', address: RESERVES.hold.wallet, source: 'https://example.com/hold-reserves' }],
        heldByStablecoins: [
          {
            stablecoin: 'STBL',
            holder: 'STBL reserve',
            chain: 'ethereum',
            address: RESERVES.stbl.wallet,
            source: 'https://example.com/stbl-attestation',
          },
        ],
      },
      {
        symbol: 'STBL',
        name: 'Stable Test Dollar',
        issuer: 'Test Stable Co',
        assetClass: 'Stablecoins',
        price: { kind: 'fixed', usd: '1.00' },
        deployments: [{ chain: 'ethereum', address: stblA, startBlock: 0, excludeHolders: [] }],
      },
    ],
  };
  return {
    a,
    b,
    days: Array.from({ length: DAYS }, (_, d) => dayOf(d)),
    tokens: { holdA, holdB, flatA, stblA },
    decimals,
    registry,
    env: { RPC_URL_LOCAL_A: anvilA.url, RPC_URL_LOCAL_B: anvilB.url },
    flatValue: 1_000_000,
    stblValue: 500_000,
    stop: async () => {
      await Promise.all([anvilA.stop(), anvilB.stop()]);
    },
  };
}
