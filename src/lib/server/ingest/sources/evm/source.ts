/**
 * The EVM source: one pipeline for both block policies (policy.ts). Per chain, one chain at a time
 * so that one chain down is one chain stale: the chain opened at its block, its state and the
 * prices read on it in one multicall (state.ts), at the oldest later block the node keeps when it
 * no longer keeps the close's (kept-state.ts); then every asset's price checked (a source that
 * refuses to answer once stale is valued at its last accepted price, price.ts); then the log
 * phase within the plan's time budget (log-phase.ts) and one row per deployment with its receipt
 * and holders (rows.ts). A plan that publishes twice writes the rows first, publishes them, and
 * runs the log phase after, writing the same rows again with their holders.
 */
import { ChainError, isMissingState } from '#lib/server/ingest/rpc.ts';
import type { PriceCheck } from '#lib/server/ingest/prices.ts';
import { planRun } from '#lib/server/ingest/plan.ts';
import type { FailureScope, Source, SourceContext } from '../types.ts';
import { deploymentsByChain, evmChains, explain } from './chains.ts';
import { readLogs, writeIndexing } from './log-phase.ts';
import { blockPolicy, type BlockPolicy } from './policy.ts';
import { publishedPrices, readPrice, refusedWhenStale, reportStalePrice, withNavStaleness } from './price.ts';
import { buildRows, writeEvmRows } from './rows.ts';
import type { ClosingBlock } from './block.ts';
import { keptStateNote } from './kept-state.ts';
import { readChainState, type ChainState } from './state.ts';
import { EVM_SOURCE } from './declaration.ts';

/** How many times a close the node no longer keeps is searched for the oldest block it keeps, and read there. */
const KEPT_TRIES = 3;

/** Every chain at its block: the chains that failed are reported and left out; `early` counts closes read early. */
async function readChains(ctx: SourceContext, policy: BlockPolicy, fail: (scope: FailureScope, reason: string) => void) {
  const { registry } = ctx;
  const byChain = deploymentsByChain(registry);
  const evmAssets = registry.assets.filter((a) => a.source === 'evm');
  const chains = new Map<string, ChainState>();
  const opened: Array<{ calls: () => number }> = [];
  let early = 0;
  for (const key of evmChains(registry)) {
    let at = 0n;
    try {
      const { client, block } = await policy.open(ctx, key);
      opened.push(client);
      if (!block) {
        ctx.progress(`evm ${key}: not started by ${ctx.date}`);
        continue;
      }
      if (block.early) early++;
      at = block.number;
      const priced = evmAssets.filter((a) => 'chain' in a.price && a.price.chain === key);
      const readAt = (b: ClosingBlock) =>
        readChainState(client, b, byChain.get(key) ?? [], priced, policy.priceClock(b), ctx.warn, ctx.progress);
      let state: ChainState | undefined;
      // A node that no longer keeps the close's state: the oldest block after it that it keeps, said so. That
      // block can be pruned in the seconds before it is read (a full node drops one per new block): searched again.
      for (let b = block, tries = 0; !state; tries++) {
        try {
          state = await readAt(b);
        } catch (e) {
          const later = tries < KEPT_TRIES && isMissingState(e) && policy.keptInstead ? await policy.keptInstead(ctx, client, block) : null;
          if (!later) throw e;
          b = later;
          at = later.number;
        }
      }
      if (state.block.insteadOf) ctx.warn(`${key}: ${keptStateNote(state.block)}`);
      chains.set(key, state);
      ctx.progress(`evm ${key}: read at block ${state.block.number} in ${client.calls()} requests`);
    } catch (e) {
      fail({ chain: key }, explain(key, registry.chains[key].name, at, e).message);
    }
  }
  return { chains, early, calls: () => opened.reduce((s, c) => s + c.calls(), 0) };
}

/** Every EVM asset's checked price (a refused one fails the asset, shown stale, not the chain). */
async function checkPrices(
  ctx: SourceContext,
  chains: ReadonlyMap<string, ChainState>,
  fail: (scope: FailureScope, reason: string) => void,
) {
  const prices = new Map<string, number | null>();
  for (const asset of ctx.registry.assets.filter((a) => a.source === 'evm')) {
    const chain = 'chain' in asset.price ? asset.price.chain : undefined;
    let p: PriceCheck | { ok: true; price: null };
    try {
      const history = () => publishedPrices(ctx.db, asset.symbol, ctx.date);
      const read = !chain
        ? await readPrice(asset, undefined, undefined, ctx.warn)
        : (chains.get(chain)?.prices.get(asset.symbol) ?? { ok: false as const, reason: `the price chain "${chain}" could not be read` });
      if (read instanceof Error) {
        // A source that refuses to answer once stale: its last accepted price, marked stale; unknown, with why, without one.
        const last = await refusedWhenStale(asset, read, history);
        if (!last) throw read;
        if (!last.ok) {
          fail({ asset: asset.symbol }, `${asset.symbol}: price unknown: ${last.reason}`);
          continue;
        }
        p = last;
      } else {
        p = read;
        if (!p.ok) {
          fail({ asset: asset.symbol }, `${asset.symbol}: price refused: ${p.reason}`);
          continue;
        }
        // A price past its bound values the asset at that price, marked "stale since".
        p = await withNavStaleness(asset, p, { date: ctx.date, history });
      }
    } catch (e) {
      fail({ asset: asset.symbol }, `${asset.symbol}: price unreadable: ${(e as Error).message.split('\n')[0]}`);
      continue;
    }
    reportStalePrice(ctx, asset.symbol, p);
    if (p.price === null) ctx.warn(`${asset.symbol}: no price method in the registry; its value is unavailable`);
    prices.set(asset.symbol, p.price);
    ctx.prices?.set(asset.symbol, p.price);
  }
  return prices;
}

export const evmSource: Source = {
  ...EVM_SOURCE,
  async run(ctx): Promise<Record<string, number>> {
    const plan = ctx.plan ?? planRun([ctx.date], false, Infinity);
    const policy = blockPolicy(plan.blocks, ctx.date);
    const fail =
      ctx.fail ??
      ((scope: FailureScope, reason: string) => {
        throw scope.chain ? new ChainError(scope.chain, reason) : new Error(reason);
      });
    const read = await readChains(ctx, policy, fail);
    const prices = await checkPrices(ctx, read.chains, fail);
    const write = async () => (ctx.dryRun ? 0 : writeEvmRows(ctx, await buildRows(ctx, read.chains, prices, fail), fail));
    if (plan.publishes === 1) {
      const logs = await readLogs(ctx, read.chains, policy, plan.logDeadline);
      const observations = await write();
      return {
        observations,
        transfers: logs.transfers,
        rpcCalls: read.calls(),
        logRequests: logs.requests,
        ...(read.early ? { earlyCloses: read.early } : {}),
      };
    }
    const observations = await write();
    if (!ctx.dryRun) await writeIndexing(ctx, read.chains);
    // After the first publish: the logs within the time left, then the same rows with their holders.
    ctx.afterPublish?.('logs', async () => {
      const logs = await readLogs(ctx, read.chains, policy, plan.logDeadline);
      await write();
      return { requests: logs.requests, transfers: logs.transfers, complete: logs.complete ? 1 : 0 };
    });
    const calls = read.calls();
    return { observations, rpcCalls: calls, headCalls: calls };
  },
};
