/**
 * The two-chain scenario behind the ingest tests and `npm run ingest:local`: two Anvil nodes
 * (chain ids 31337 "Ethereum" and 31338 "Arbitrum"), a treasury token with a fixed $1.00 NAV on both (minted,
 * transferred, bridged by burning on one chain and minting on the other, an excluded issuer
 * treasury), a gold token priced by a Chainlink-style feed, and a stablecoin. Every action lands on
 * a chosen UTC day, so the published figures can be asserted to the unit.
 */
import { writeFileSync } from 'node:fs';
import type { Address, Hex } from 'viem';
import { call, chainClient, deploy, startAnvil, type LocalChain } from './local-chains.ts';

const DAY = 86_400;
export const WALLETS = {
  treasury: '0x0000000000000000000000000000000000007e55',
  alice: '0x00000000000000000000000000000000000a11ce',
  bob: '0x0000000000000000000000000000000000000b0b',
  carol: '0x00000000000000000000000000000000000ca201',
  dave: '0x0000000000000000000000000000000000000da4',
} as const satisfies Record<string, Address>;

const units = (n: number | bigint, decimals: number) => BigInt(n) * 10n ** BigInt(decimals);
const dateOf = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);

export interface Scenario {
  a: LocalChain;
  b: LocalChain;
  /** Days measured: day0 (deploy, mint), day1 (transfers), day2 (bridge, gold transfer). */
  days: string[];
  /** Seconds of 00:00 UTC of day0. */
  day0: number;
  contracts: { tbillA: Address; tbillB: Address; goldA: Address; feedA: Address; usdxB: Address };
  /** Transfers between holders (not mints or burns), with their hashes and dollar amounts. */
  transfers: Array<{ txHash: Hex; assetSymbol: string; usdAmount: number; network: string }>;
  registry: unknown;
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/** Starts both chains and plays the first three days. `daysAgo` places day0 that many days before today. */
export async function startScenario(daysAgo = 12): Promise<Scenario> {
  const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
  const day0 = today - daysAgo * DAY;
  const [anvilA, anvilB] = await Promise.all([startAnvil(31337, day0 + 60), startAnvil(31338, day0 + 60)]);
  const a = chainClient(anvilA);
  const b = chainClient(anvilB);
  const t = (day: number, seconds: number) => day0 + day * DAY + seconds;

  // Day 0: deploy; the issuer mints 1,000,000 TBILL to its treasury (not circulating) and 250,000 to alice.
  const tbillA = await deploy(a, t(0, 3600), 'TestToken', ['Test Treasury Bill Fund', 'TBILL', 6]);
  const goldA = await deploy(a, t(0, 3700), 'TestToken', ['Test Gold', 'GOLD', 18]);
  const feedA = await deploy(a, t(0, 3800), 'TestPriceFeed');
  const tbillB = await deploy(b, t(0, 3600), 'TestToken', ['Test Treasury Bill Fund', 'TBILL', 6]);
  const usdxB = await deploy(b, t(0, 3700), 'TestToken', ['Test Dollar', 'USDX', 6]);
  await call(a, t(0, 4000), tbillA, 'TestToken', 'mint', [WALLETS.treasury, units(1_000_000, 6)]);
  await call(a, t(0, 4100), tbillA, 'TestToken', 'mint', [WALLETS.alice, units(250_000, 6)]);
  await call(a, t(0, 4200), goldA, 'TestToken', 'mint', [WALLETS.bob, units(100, 18)]);
  await call(a, t(0, 4300), feedA, 'TestPriceFeed', 'set', [265_050_000_000n]); // $2,650.50, 8 decimals
  await call(b, t(0, 4000), usdxB, 'TestToken', 'mint', [WALLETS.carol, units(5_000_000, 6)]);

  // Day 1: alice pays bob 40,000; the treasury releases 100,000 to dave.
  const tx1 = await call(a, t(1, 36_000), tbillA, 'TestToken', 'transferFrom', [WALLETS.alice, WALLETS.bob, units(40_000, 6)]);
  const tx2 = await call(a, t(1, 40_000), tbillA, 'TestToken', 'transferFrom', [WALLETS.treasury, WALLETS.dave, units(100_000, 6)]);

  // Day 2: alice bridges 50,000 from Ethereum to Arbitrum (burn there, mint here); bob sends carol 10 GOLD.
  await call(a, t(2, 36_000), tbillA, 'TestToken', 'burn', [WALLETS.alice, units(50_000, 6)]);
  await call(b, t(2, 36_100), tbillB, 'TestToken', 'mint', [WALLETS.alice, units(50_000, 6)]);
  const tx3 = await call(a, t(2, 50_000), goldA, 'TestToken', 'transferFrom', [WALLETS.bob, WALLETS.carol, units(10, 18)]);

  const registry = {
    chains: {
      ethereum: { chainId: 31337, name: 'Ethereum', rpcEnv: 'RPC_URL_LOCAL_A', explorer: 'https://etherscan.io' },
      arbitrum: { chainId: 31338, name: 'Arbitrum', rpcEnv: 'RPC_URL_LOCAL_B', explorer: 'https://arbiscan.io' },
    },
    assets: [
      {
        symbol: 'TBILL',
        name: 'Test Treasury Bill Fund',
        issuer: 'Test Asset Management',
        assetClass: 'U.S. Treasuries',
        price: { kind: 'fixed', usd: '1.00' },
        deployments: [
          { chain: 'ethereum', address: tbillA, startBlock: 0, excludeHolders: [WALLETS.treasury] },
          { chain: 'arbitrum', address: tbillB, startBlock: 0, excludeHolders: [] },
        ],
        reference: 'deployed by scripts/lib/ingest-scenario.ts',
      },
      {
        symbol: 'GOLD',
        name: 'Test Gold',
        issuer: 'Test Vaults',
        assetClass: 'Commodities',
        price: { kind: 'feed', chain: 'ethereum', address: feedA },
        deployments: [{ chain: 'ethereum', address: goldA, startBlock: 0, excludeHolders: [] }],
      },
      {
        symbol: 'USDX',
        name: 'Test Dollar',
        issuer: 'Test Payments',
        assetClass: 'Stablecoins',
        price: { kind: 'fixed', usd: '1.00' },
        deployments: [{ chain: 'arbitrum', address: usdxB, startBlock: 0, excludeHolders: [] }],
      },
    ],
  };
  return {
    a,
    b,
    day0,
    days: [0, 1, 2].map((d) => dateOf(t(d, 0))),
    contracts: { tbillA, tbillB, goldA, feedA, usdxB },
    transfers: [
      { txHash: tx2, assetSymbol: 'TBILL', usdAmount: 100_000, network: 'Ethereum' },
      { txHash: tx1, assetSymbol: 'TBILL', usdAmount: 40_000, network: 'Ethereum' },
      { txHash: tx3, assetSymbol: 'GOLD', usdAmount: 26_505, network: 'Ethereum' },
    ],
    registry,
    // The scenario's blocks are played in the past, below no finalized head: read to the latest block, no head-age bound.
    env: {
      RPC_URL_LOCAL_A: anvilA.url,
      RPC_URL_LOCAL_B: anvilB.url,
      INGEST_HEAD_TAG: 'latest',
      INGEST_MAX_HEAD_AGE: '0',
      INGEST_CLOSE_WAIT: '0',
    },
    stop: async () => {
      await Promise.all([anvilA.stop(), anvilB.stop()]);
    },
  };
}

/**
 * Day 3: 1,000 GOLD appear for bob (100 -> 1,100: an 11x jump of one asset on one chain, which
 * the per-asset breaker holds), while carol receives 10,000 TBILL on Arbitrum (50,000 -> 60,000,
 * an ordinary move that publishes).
 */
export async function playJump(s: Scenario): Promise<string> {
  const time = s.day0 + 3 * DAY + 36_000;
  await call(s.a, time, s.contracts.goldA, 'TestToken', 'mint', [WALLETS.bob, units(1_000, 18)]);
  await call(s.b, time, s.contracts.tbillB, 'TestToken', 'mint', [WALLETS.carol, units(10_000, 6)]);
  return dateOf(time);
}

export function writeRegistry(s: Scenario, file: string) {
  writeFileSync(file, JSON.stringify(s.registry, null, 2));
}

/** The registry of one fixed-NAV treasury token on one local chain (the benchmark's and the stress tests' shape). */
export function oneTokenRegistry(symbol: string, rpcEnv: string, address: string) {
  return {
    chains: { ethereum: { chainId: 31337, name: 'Ethereum', rpcEnv } },
    assets: [
      {
        symbol,
        name: `${symbol} Test Fund`,
        issuer: 'Test',
        assetClass: 'U.S. Treasuries',
        price: { kind: 'fixed', usd: '1.00' },
        deployments: [{ chain: 'ethereum', address, startBlock: 0, excludeHolders: [] }],
      },
    ],
  };
}
