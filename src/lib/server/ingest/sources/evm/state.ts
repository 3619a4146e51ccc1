/**
 * One EVM chain's state at one block, in one request: a deployless multicall with every
 * deployment's decimals(), totalSupply(), excluded balances and the balances of the reserve wallets
 * of other tracked products that hold it (who holds whom), and the price reads of the assets
 * priced on this chain, each call's raw answer kept for the receipts. A contract that does not
 * answer fails its deployment or price, not the chain; one that is not there yet at the block (a
 * past day before it was deployed) is left out.
 */
import { type Address } from 'viem';
import { withRetry, type ChainClient } from '#lib/server/ingest/rpc.ts';
import { excludedWallets, reserveWallets, type RegistryAsset } from '#lib/server/catalogue/registry.ts';
import type { PriceCheck } from '#lib/server/ingest/prices.ts';
import { receiptCall } from '#lib/server/ingest/receipts.ts';
import type { ReceiptCall } from '#lib/shared/receipts.ts';
import type { ClosingBlock } from './block.ts';
import type { EvmDeployment } from './chains.ts';
import { NoPriceAnswer, priceFromReads, priceReads, readPrice } from './price.ts';
import { rawMulticall, type ContractRead } from './raw-multicall.ts';

const erc20 = [
  { type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint8' }] },
  { type: 'function', name: 'totalSupply', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint256' }] },
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ type: 'address' }], outputs: [{ type: 'uint256' }] },
] as const;

/** One deployment at the block. */
export interface DeploymentState {
  decimals: number;
  totalSupply: bigint;
  excludedSum: bigint;
  /** For the receipt: each call with its raw answer, and each excluded wallet's balance. */
  calls: ReceiptCall[];
  excluded: Array<{ wallet: string; balance: bigint }>;
  /** The reserve wallets of other tracked products that hold it, each with its balance (circulating: counted in supply). */
  reserves: Array<{ wallet: string; balance: bigint }>;
}

/** A chain read at its block. */
export interface ChainState {
  client: ChainClient;
  block: ClosingBlock;
  /** Per deployment address: its state, or why it could not be read. A deployment with no contract yet is absent. */
  states: Map<string, DeploymentState | string>;
  /** Per asset priced on this chain, its price as read (not yet checked for staleness), or the error that left it unread. */
  prices: Map<string, PriceCheck | { ok: true; price: null } | Error>;
  /** Per asset priced in the multicall, its price calls with their raw answers (for the receipt). */
  priceCalls: Map<string, ReceiptCall[]>;
}

type Part = { deployment: EvmDeployment; n: number; excluded: number } | { asset: RegistryAsset; n: number };

/**
 * Reads `deployments` (those live by the block) and the prices of `pricedHere` at `block`.
 * `closeMs` and `date` say when a feed's age is measured (policy.ts).
 */
export async function readChainState(
  c: ChainClient,
  block: ClosingBlock,
  deployments: readonly EvmDeployment[],
  pricedHere: readonly RegistryAsset[],
  clock: { closeMs: number; date?: string },
  warn: (m: string) => void,
  progress: (m: string) => void,
): Promise<ChainState> {
  const contracts: ContractRead[] = [];
  const parts: Part[] = [];
  for (const d of deployments) {
    if (BigInt(d.startBlock ?? 0) > block.number) continue;
    const excluded = [...excludedWallets(d.asset, c.key)];
    const reserves = reserveWallets(d.asset, c.key).map((w) => w.address);
    contracts.push(
      { address: d.address, abi: erc20, functionName: 'decimals' },
      { address: d.address, abi: erc20, functionName: 'totalSupply' },
      ...[...excluded, ...reserves].map((h) => ({ address: d.address, abi: erc20, functionName: 'balanceOf', args: [h as Address] })),
    );
    parts.push({ deployment: d, n: 2 + excluded.length + reserves.length, excluded: excluded.length });
  }
  for (const a of pricedHere) {
    const reads = 'chain' in a.price ? priceReads(a.price) : null;
    if (!reads) continue;
    contracts.push(...(reads as readonly ContractRead[]));
    parts.push({ asset: a, n: reads.length });
  }
  const results = contracts.length
    ? await withRetry(`${c.key} reads at block ${block.number}`, () => rawMulticall(c, contracts, block.number), warn)
    : [];
  const states = new Map<string, DeploymentState | string>();
  const prices: ChainState['prices'] = new Map();
  const priceCalls = new Map<string, ReceiptCall[]>();
  let i = 0;
  for (const part of parts) {
    const first = i;
    const mine = results.slice(i, i + part.n);
    const calls = mine.map((r, k) => receiptCall(contracts[first + k], r));
    i += part.n;
    const failed = mine.find((r) => r.status !== 'success');
    const why = failed?.status === 'failure' ? `no answer at block ${block.number}: ${failed.error.message.split('\n')[0]}` : null;
    const values = mine.map((r) => (r.status === 'success' ? r.result : undefined));
    if ('deployment' in part) {
      const { address, asset } = part.deployment;
      if (why) {
        // Before the contract existed at this block (a backfill day), there is nothing to read.
        const code = await c.client.getCode({ address, blockNumber: block.number }).catch(() => undefined);
        if (!code || code === '0x') progress(`evm ${c.key} ${asset.symbol}: no contract at block ${block.number}`);
        else states.set(address, why);
        continue;
      }
      const balanceAt = (k: number) => ({ wallet: String(contracts[first + k].args![0]), balance: BigInt(values[k] as bigint | number) });
      const excluded = Array.from({ length: part.excluded }, (_, k) => balanceAt(2 + k));
      states.set(address, {
        decimals: Number(values[0]),
        totalSupply: BigInt(values[1] as bigint | number),
        excludedSum: excluded.reduce((s, b) => s + b.balance, 0n),
        calls,
        excluded,
        reserves: Array.from({ length: part.n - 2 - part.excluded }, (_, k) => balanceAt(2 + part.excluded + k)),
      });
    } else if ('chain' in part.asset.price) {
      priceCalls.set(part.asset.symbol, calls);
      prices.set(
        part.asset.symbol,
        // A call that does not answer leaves the price unread (the asset's failure); an answer is checked.
        why
          ? new NoPriceAnswer(`the price contract gave ${why}`, block.number, failed?.status === 'failure' && !!failed.reverted)
          : priceFromReads(part.asset.price, values, clock.closeMs, clock.date),
      );
    }
  }
  // A price that takes two steps (Centrifuge) is read on its own, at the same block; its failure is the asset's, not the chain's.
  for (const a of pricedHere)
    if (!prices.has(a.symbol))
      prices.set(a.symbol, await readPrice(a, c, block, warn).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))));
  return { client: c, block, states, prices, priceCalls };
}
