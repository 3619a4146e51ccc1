/**
 * On-chain figures over JSON-RPC (viem), one chain at a time so that one chain down is one chain
 * stale (issue 19.6): the day's closing block below the finalized head (evm-head.ts), each
 * asset's checked price (evm-price.ts), then per chain decimals(), totalSupply() and the balances
 * of excluded wallets at that block in one multicall per deployment (deployless, so it works on a
 * fresh chain), the chain's Transfer logs in one request per range (evm-logs.ts), the balance
 * check, and the holders counted once per asset across chains (holders.ts).
 */
import { formatUnits, type Address } from 'viem';
import { configFor } from '#lib/server/config.ts';
import { chainEndpoints, hostsOf } from '#lib/server/ingest/endpoints.ts';
import { countedHoldings } from '#lib/server/ingest/holders.ts';
import { ChainError, connect, isMissingState, unreachableCode, withRetry, type ChainClient } from '#lib/server/ingest/rpc.ts';
import { excludedWallets, type Registry, type RegistryAsset } from '#lib/server/ingest/registry.ts';
import { awaitClose, earlyCloseNote, type ClosingBlock } from './evm-head.ts';
import { balancesAt, historyRead, indexChain, undoReorg } from './evm-logs.ts';
import { publishedPrices, readPrice, reportStalePrice } from './evm-price.ts';
import { assetHolderCounts, writeEvmRows, type EvmRow } from './evm-rows.ts';
import { dayEnd } from '#lib/shared/utc-day.ts';
import type { FailureScope, Source, SourceContext } from './types.ts';
import { rawMulticall, type ContractRead } from './raw-multicall.ts';
import { evmReceipt, receiptCall } from '#lib/server/ingest/receipts.ts';
import { priceMethodOf } from '#lib/server/ingest/methods.ts';
import type { ReceiptCall } from '#lib/shared/receipts.ts';

const erc20 = [
  { type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint8' }] },
  { type: 'function', name: 'totalSupply', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint256' }] },
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ type: 'address' }], outputs: [{ type: 'uint256' }] },
] as const;

/** The EVM chains a registry needs for its on-chain assets (deployments and price contracts). */
export function evmChains(registry: Registry): string[] {
  const keys = new Set<string>();
  for (const a of registry.assets) {
    if (a.source !== 'evm') continue;
    for (const d of a.deployments) keys.add(d.chain);
    if ('chain' in a.price) keys.add(a.price.chain);
  }
  return [...keys].sort();
}

/** Per chain, its deployments of on-chain assets. */
export function deploymentsByChain(
  registry: Registry,
): Map<string, Array<{ asset: RegistryAsset; address: `0x${string}`; startBlock?: number }>> {
  const out = new Map<string, Array<{ asset: RegistryAsset; address: `0x${string}`; startBlock?: number }>>();
  for (const asset of registry.assets.filter((a) => a.source === 'evm'))
    for (const d of asset.deployments)
      (out.get(d.chain) ?? out.set(d.chain, []).get(d.chain)!).push({ asset, address: d.address, startBlock: d.startBlock });
  return out;
}

/** The chain could not be reached: the error names the chain and its variable, never the URL. */
export function unreachable(registry: Registry, key: string, env: NodeJS.ProcessEnv, e: unknown): ChainError {
  const chain = registry.chains[key];
  let where = `the URL (${chain.rpcEnv})`;
  try {
    const { urls, origin } = chainEndpoints(env, chain);
    where = `${hostsOf(urls)} (${origin})`;
  } catch {
    // keep the generic word: the URL is never echoed
  }
  // The code says which kind of unreachable (ENOTFOUND, ECONNREFUSED): the run tells "offline" by it (offline.ts).
  const code = unreachableCode(e);
  return new ChainError(
    key,
    `Chain "${key}" (${chain.name}) is unreachable at ${where}: ${(e as Error).message.split('\n')[0]}${code ? ` (${code})` : ''}`,
  );
}

/** The node answers for another chain than the registry names: it is not read. */
export function checkChainId(registry: Registry, key: string, id: number): void {
  const chain = registry.chains[key];
  if (id !== chain.chainId)
    throw new ChainError(
      key,
      `Chain "${key}" (${chain.name}): ${chain.rpcEnv} answers with chain id ${id}, the registry expects ${chain.chainId}.`,
    );
}

/** Connects to a chain and checks it is the chain the registry names: a failure names it. */
export async function connectChain(
  registry: Registry,
  key: string,
  env: NodeJS.ProcessEnv,
  warn: (m: string) => void,
): Promise<ChainClient> {
  const c = connect(key, registry.chains[key], env);
  let id: number;
  try {
    id = await withRetry(`${key} chain id`, () => c.client.getChainId(), warn);
  } catch (e) {
    throw unreachable(registry, key, env, e);
  }
  checkChainId(registry, key, id);
  return c;
}

/** A chain error with the archive-state case explained (issue 19.5). */
function explain(key: string, name: string, block: bigint, e: unknown): Error {
  if (e instanceof ChainError) return e;
  if (isMissingState(e))
    return new ChainError(
      key,
      `Chain "${key}" (${name}): the node has no state at block ${block} ("missing trie node"): reading a past day's close needs an archive node; point the chain's RPC URL at a provider with archive access.`,
    );
  return new ChainError(key, `Chain "${key}" (${name}): ${(e as Error).message.split('\n')[0]}`);
}

interface DeploymentState {
  decimals: number;
  totalSupply: bigint;
  excludedSum: bigint;
  /** For the receipt: each call with its raw answer, and each excluded wallet's balance. */
  calls: ReceiptCall[];
  excluded: Array<{ wallet: string; balance: bigint }>;
}

async function readState(
  c: ChainClient,
  address: `0x${string}`,
  excluded: string[],
  block: bigint,
  warn: (m: string) => void,
): Promise<DeploymentState | null> {
  const reads: ContractRead[] = [
    { address, abi: erc20, functionName: 'decimals' },
    { address, abi: erc20, functionName: 'totalSupply' },
    ...excluded.map((h) => ({ address, abi: erc20, functionName: 'balanceOf', args: [h as Address] })),
  ];
  let values: bigint[];
  let calls: ReceiptCall[];
  try {
    // One eth_call (deployless Multicall3), each call's raw answer kept for the receipt.
    const results = await withRetry(`${address} on ${c.key}`, () => rawMulticall(c, reads, block), warn);
    const failed = results.find((r) => r.status === 'failure');
    if (failed?.status === 'failure') throw failed.error;
    values = results.map((r) => (r.status === 'success' ? BigInt(r.result as bigint | number) : 0n));
    calls = results.map((r, i) => receiptCall(reads[i], r));
  } catch (e) {
    if (isMissingState(e)) throw e;
    // Before the contract existed at this block (a backfill day), there is nothing to read.
    const code = await c.client.getCode({ address, blockNumber: block }).catch(() => undefined);
    if (!code || code === '0x') return null;
    throw e;
  }
  const balances = values.slice(2);
  return {
    decimals: Number(values[0]),
    totalSupply: values[1],
    excludedSum: balances.reduce((s, b) => s + b, 0n),
    calls,
    excluded: balances.map((balance, i) => ({ wallet: excluded[i], balance })),
  };
}

/** One chain: state, logs, balance check and one pending observation per deployment. */
async function readChain(
  ctx: SourceContext,
  c: ChainClient,
  block: ClosingBlock,
  deployments: Array<{ asset: RegistryAsset; address: `0x${string}`; startBlock?: number }>,
  prices: Map<string, number | null>,
  fail: (scope: FailureScope, reason: string) => void,
  priceCalls: Map<string, ReceiptCall[]> = new Map(),
): Promise<{ pending: EvmRow[]; transfers: number; requests: number }> {
  const live = deployments.filter((d) => BigInt(d.startBlock ?? 0) <= block.number);
  const states = new Map<string, DeploymentState>();
  for (const d of live) {
    const s = await readState(c, d.address, [...excludedWallets(d.asset, c.key)], block.number, ctx.warn);
    if (s) states.set(d.address, s);
    else ctx.progress(`evm ${c.key} ${d.asset.symbol}: no contract at block ${block.number}`);
  }
  const indexed = live
    .filter((d) => states.has(d.address))
    .map((d) => ({ symbol: d.asset.symbol, address: d.address, startBlock: d.startBlock, decimals: states.get(d.address)!.decimals }));
  let transfers = 0;
  let requests = 0;
  if (!ctx.dryRun && indexed.length) {
    await undoReorg(ctx.db, c, indexed, ctx.warn);
    const r = await indexChain(
      ctx.db,
      c,
      indexed,
      { number: block.number, hash: block.hash },
      { span: configFor(ctx.env).ingest.logSpan, maxSpan: configFor(ctx.env).ingest.maxLogSpan },
      ctx,
    );
    transfers = r.inserted;
    requests = r.requests;
  }
  const pending: EvmRow[] = [];
  const fetchedAt = new Date().toISOString();
  for (const d of indexed) {
    const s = states.get(d.address)!;
    const asset = deployments.find((x) => x.address === d.address)!.asset;
    let holdings: Map<string, bigint> | null = null;
    // A head-first run left older history to read: the supply is known, the holders not yet.
    const read = ctx.dryRun ? undefined : (await historyRead(ctx.db, c.key, [d.address], Number(block.number))).get(d.address);
    if (read !== undefined && read < 100)
      ctx.progress(`evm ${c.key} ${asset.symbol}: ${read}% of its history read; holders not counted yet`);
    else if (!ctx.dryRun) {
      const counted = countedHoldings(await balancesAt(ctx.db, c.key, d.address, Number(block.number)), asset, c.key, s);
      // rwa.xyz's data-quality rule, for every deployment: otherwise the deployment is not published.
      if ('problem' in counted) {
        fail(
          { asset: asset.symbol, chain: c.key },
          `${asset.symbol} on ${c.key} at block ${block.number}: ${counted.problem}; not published (check the registry's startBlock)`,
        );
        continue;
      }
      holdings = counted.holdings;
    }
    const supply = formatUnits(s.totalSupply - s.excludedSum, s.decimals);
    const price = prices.get(asset.symbol) ?? null;
    const value = price === null ? null : Number(supply) * price;
    ctx.progress(
      `evm ${c.key} ${asset.symbol}: supply ${supply} at block ${block.number}${value === null ? '' : `, $${value.toFixed(2)}`}, ${holdings?.size ?? '?'} holders`,
    );
    pending.push({
      holdings,
      decimals: s.decimals,
      receipt: evmReceipt({
        chainId: c.chain.chainId ?? 0, // an EVM chain always has one (checked against the node)
        block,
        contract: d.address,
        decimals: s.decimals,
        totalSupply: s.totalSupply,
        excluded: s.excluded,
        calls: s.calls,
        // The price's calls only when read on this chain: the receipt's one command repeats every call at this block.
        price: {
          value: price,
          source: priceMethodOf(asset.price),
          calls: 'chain' in asset.price && asset.price.chain === c.key ? (priceCalls.get(asset.symbol) ?? []) : [],
        },
      }),
      row: {
        runId: ctx.runId,
        date: ctx.date,
        assetSymbol: asset.symbol,
        chain: c.key,
        source: 'evm',
        contract: d.address,
        supply,
        price,
        value,
        holders: holdings?.size ?? null,
        blockNumber: Number(block.number),
        blockTime: new Date(block.time).toISOString(),
        apiUrl: null,
        fetchedAt,
      },
    });
  }
  return { pending, transfers, requests };
}

export const evmSource: Source = {
  name: 'evm',
  setsPrices: true,
  applies: (registry) => registry.assets.some((a) => a.source === 'evm'),
  async run(ctx) {
    const { registry, date } = ctx;
    const end = dayEnd(date);
    if (Date.now() < end) throw new Error(`The day ${date} has not closed yet (00:00 UTC of the next day); measure an earlier date.`);
    const fail =
      ctx.fail ??
      ((scope: FailureScope, reason: string) => {
        throw scope.chain ? new ChainError(scope.chain, reason) : new Error(reason);
      });
    const cfg = configFor(ctx.env).ingest;
    const clients = new Map<string, ChainClient>();
    const blocks = new Map<string, ClosingBlock | null>();
    let earlyCloses = 0;
    for (const key of evmChains(registry)) {
      try {
        const c = await connectChain(registry, key, ctx.env, ctx.warn);
        const { block: b, waitedS } = await awaitClose(
          c,
          end,
          { tag: cfg.headTag, maxHeadAgeS: cfg.maxHeadAge, waitS: cfg.closeWait },
          ctx.warn,
          ctx.progress,
        );
        if (b?.early) {
          ctx.warn(earlyCloseNote(key, date, b, waitedS, cfg.headTag));
          earlyCloses++;
        }
        clients.set(key, c);
        blocks.set(key, b);
        ctx.progress(
          `evm ${key}: closing block of ${date} is ${b ? `${b.number} (${new Date(b.time).toISOString()})` : 'none (chain not started)'}`,
        );
      } catch (e) {
        fail({ chain: key }, explain(key, registry.chains[key].name, 0n, e).message);
      }
    }
    // Prices first: a refused price fails the asset (shown stale), not the chain.
    const prices = new Map<string, number | null>();
    const priceCalls = new Map<string, ReceiptCall[]>();
    for (const asset of registry.assets.filter((a) => a.source === 'evm')) {
      const chain = 'chain' in asset.price ? asset.price.chain : undefined;
      try {
        const p = await readPrice(
          asset,
          chain ? clients.get(chain) : undefined,
          chain ? blocks.get(chain) : undefined,
          ctx.warn,
          { date, history: () => publishedPrices(ctx.db, asset.symbol, date) },
          (calls) => priceCalls.set(asset.symbol, calls),
        );
        if (!p.ok) {
          fail({ asset: asset.symbol }, `${asset.symbol}: price refused: ${p.reason}`);
          continue;
        }
        reportStalePrice(ctx, asset.symbol, p);
        if (p.price === null) ctx.warn(`${asset.symbol}: no price method in the registry; its value is unavailable`);
        prices.set(asset.symbol, p.price);
        ctx.prices?.set(asset.symbol, p.price);
      } catch (e) {
        fail({ asset: asset.symbol }, `${asset.symbol}: price unreadable: ${(e as Error).message.split('\n')[0]}`);
      }
    }
    const pending: EvmRow[] = [];
    let transfers = 0;
    let requests = 0;
    for (const [key, deployments] of deploymentsByChain(registry)) {
      const c = clients.get(key);
      const block = blocks.get(key);
      if (!c) continue;
      if (!block) {
        ctx.progress(`evm ${key}: not started by ${date}`);
        continue;
      }
      const priced = deployments.filter((d) => prices.has(d.asset.symbol));
      try {
        const r = await readChain(ctx, c, block, priced, prices, fail, priceCalls);
        pending.push(...r.pending);
        transfers += r.transfers;
        requests += r.requests;
      } catch (e) {
        fail({ chain: key }, explain(key, registry.chains[key].name, block.number, e).message);
      }
    }
    // Holders once per asset: an address holding it on two chains is one holder.
    const observations = ctx.dryRun ? 0 : await writeEvmRows(ctx, pending, assetHolderCounts(pending, false), fail);
    const rpcCalls = [...clients.values()].reduce((s, c) => s + c.calls(), 0);
    return { observations, transfers, rpcCalls, logRequests: requests, ...(earlyCloses ? { earlyCloses } : {}) };
  },
};
