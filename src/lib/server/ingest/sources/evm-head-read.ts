/**
 * Today's figures of one EVM chain at its finalized head, which every node keeps (no archive
 * state): two JSON-RPC requests per chain. The first is one batch with the chain id and the head
 * block; the second one deployless multicall at that block with every deployment's decimals(),
 * totalSupply() and excluded balances and the price reads of the assets priced on this chain.
 * A contract that does not answer fails its deployment or price, not the chain.
 */
import { type Address } from 'viem';
import { connect, withRetry, type ChainClient } from '#lib/server/ingest/rpc.ts';
import { excludedWallets, type Registry, type RegistryAsset } from '#lib/server/ingest/registry.ts';
import type { PriceCheck } from '#lib/server/ingest/prices.ts';
import { headBlock, headLag, type ClosingBlock, type HeadTag } from './evm-head.ts';
import { priceFromReads, priceReads, readPrice } from './evm-price.ts';
import { checkChainId, unreachable } from './evm.ts';
import { rawMulticall, type ContractRead } from './raw-multicall.ts';
import { receiptCall } from '#lib/server/ingest/receipts.ts';
import type { ReceiptCall } from '#lib/shared/receipts.ts';

const erc20 = [
  { type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint8' }] },
  { type: 'function', name: 'totalSupply', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint256' }] },
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ type: 'address' }], outputs: [{ type: 'uint256' }] },
] as const;

export interface HeadState {
  decimals: number;
  totalSupply: bigint;
  excludedSum: bigint;
  /** For the receipt: each call with its raw answer, and each excluded wallet's balance. */
  calls: ReceiptCall[];
  excluded: Array<{ wallet: string; balance: bigint }>;
}

export interface ChainHead {
  client: ChainClient;
  block: ClosingBlock;
  /** Per deployment address, its state at the head, or why it could not be read. */
  states: Map<string, HeadState | string>;
  /** Per asset priced on this chain, its checked price at the head. */
  prices: Map<string, PriceCheck>;
  /** Per asset priced in the multicall, its price calls with their raw answers (for the receipt). */
  priceCalls: Map<string, ReceiptCall[]>;
}

type Part = { address: string; n: number } | { asset: RegistryAsset; n: number };

export async function readChainHead(
  registry: Registry,
  key: string,
  env: NodeJS.ProcessEnv,
  deployments: Array<{ asset: RegistryAsset; address: `0x${string}` }>,
  pricedHere: RegistryAsset[],
  opts: { tag: HeadTag; maxHeadAgeS: number },
  warn: (m: string) => void,
): Promise<ChainHead> {
  const c = connect(key, registry.chains[key], env, { batch: true });
  // Request 1: the chain id and the head, together (a node without the tag answers that call alone with an error).
  let id: number;
  let got: Awaited<ReturnType<typeof c.client.getBlock>> | Error;
  try {
    [id, got] = await withRetry(
      `${key} chain id and ${opts.tag} head`,
      () => Promise.all([c.client.getChainId(), c.client.getBlock({ blockTag: opts.tag }).catch((e: Error) => e)]),
      warn,
    );
  } catch (e) {
    throw unreachable(registry, key, env, e);
  }
  checkChainId(registry, key, id);
  if (got instanceof Error) {
    if (opts.tag === 'latest') throw got;
    warn(`${key}: the node has no "${opts.tag}" block`);
    got = await headBlock(c, opts.tag === 'finalized' ? 'safe' : 'latest', warn);
  }
  // A block by tag always has its number and hash (only a pending block lacks them).
  const block: ClosingBlock = { number: got.number!, time: Number(got.timestamp) * 1000, hash: got.hash! };
  const lag = headLag(block.time, Date.now(), opts.maxHeadAgeS);
  if (lag) throw new Error(`${lag} (block ${block.number} at ${new Date(block.time).toISOString()})`);

  // Request 2: every read of the chain at that block, in one multicall.
  const contracts: ContractRead[] = [];
  const parts: Part[] = [];
  for (const d of deployments) {
    const excluded = [...excludedWallets(d.asset, key)];
    contracts.push(
      { address: d.address, abi: erc20, functionName: 'decimals' },
      { address: d.address, abi: erc20, functionName: 'totalSupply' },
      ...excluded.map((h) => ({ address: d.address, abi: erc20, functionName: 'balanceOf', args: [h as Address] })),
    );
    parts.push({ address: d.address, n: 2 + excluded.length });
  }
  for (const a of pricedHere) {
    const reads = 'chain' in a.price ? priceReads(a.price) : null;
    if (!reads) continue;
    contracts.push(...(reads as readonly ContractRead[]));
    parts.push({ asset: a, n: reads.length });
  }
  const results = contracts.length
    ? await withRetry(
        `${key} reads at block ${block.number}`,
        // One eth_call, as viem's deployless multicall, keeping each call's raw answer for the receipts.
        () => rawMulticall(c, contracts, block.number),
        warn,
      )
    : [];
  const states = new Map<string, HeadState | string>();
  const prices = new Map<string, PriceCheck>();
  const priceCalls = new Map<string, ReceiptCall[]>();
  let i = 0;
  for (const part of parts) {
    const mine = results.slice(i, i + part.n);
    const calls = mine.map((r, k) => receiptCall(contracts[i + k], r));
    i += part.n;
    const failed = mine.find((r) => r.status !== 'success');
    const why = failed?.status === 'failure' ? `no answer at block ${block.number}: ${failed.error.message.split('\n')[0]}` : null;
    const values = mine.map((r) => (r.status === 'success' ? r.result : undefined));
    if ('address' in part) {
      const balances = values.slice(2) as bigint[];
      states.set(
        part.address,
        why ?? {
          decimals: Number(values[0]),
          totalSupply: values[1] as bigint,
          excludedSum: balances.reduce((s, b) => s + b, 0n),
          calls,
          excluded: balances.map((balance, k) => ({ wallet: String(contracts[i - part.n + 2 + k].args![0]), balance })),
        },
      );
    } else if ('chain' in part.asset.price) {
      priceCalls.set(part.asset.symbol, calls);
      prices.set(
        part.asset.symbol,
        why ? { ok: false, reason: `the price contract gave ${why}` } : priceFromReads(part.asset.price, values, block.time),
      );
    }
  }
  // A price that takes two steps (Centrifuge) is read on its own, at the same block.
  for (const a of pricedHere)
    if (!prices.has(a.symbol)) {
      const p = await readPrice(a, c, block, warn);
      if (!p.ok || p.price !== null) prices.set(a.symbol, p as PriceCheck);
    }
  return { client: c, block, states, prices, priceCalls };
}
