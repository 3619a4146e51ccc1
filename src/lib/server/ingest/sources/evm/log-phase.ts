/**
 * The log phase of an EVM read, after the chains' state: per chain, the Transfer logs of its
 * deployments up to the block read, then any older history a head read left (oldest first), until
 * the plan's deadline; a run stops between ranges, and the checkpoints let the next run go on from
 * there. A deployment never indexed is read from its start when a past day's close needs the whole
 * history, or from the last 30 days first when the block is the head (the older history after).
 * A chain whose logs fail keeps its figures, without holders; the failure is a warning.
 */
import { configFor } from '#lib/server/config.ts';
import { DAY_MS } from '#lib/shared/utc-day.ts';
import type { Registry } from '#lib/server/catalogue/registry.ts';
import type { SourceContext } from '../types.ts';
import { saveIndexing } from '../../indexing.ts';
import { closingBlock } from './block.ts';
import { deploymentsByChain } from './chains.ts';
import { historyRead, indexChain, readHistory, undoReorg, type IndexedDeployment } from './logs.ts';
import type { BlockPolicy } from './policy.ts';
import type { ChainState } from './state.ts';

/** The recent window a head read indexes before the older history. */
const RECENT_DAYS = 30;

/** The deployments of a chain whose state was read, with their decimals: what the log phase indexes. */
function indexed(registry: Registry, key: string, chain: ChainState): IndexedDeployment[] {
  return (deploymentsByChain(registry).get(key) ?? []).flatMap((d) => {
    const s = chain.states.get(d.address);
    return s && typeof s !== 'string'
      ? [{ symbol: d.asset.symbol, address: d.address, startBlock: d.startBlock, decimals: s.decimals }]
      : [];
  });
}

/**
 * Per `SYMBOL|chain`, the share of its history read, kept for the next publish and on the served
 * run's row (indexing.ts): the share is progress, not a figure.
 */
export async function writeIndexing(
  { db, registry, runId }: Pick<SourceContext, 'db' | 'registry' | 'runId'>,
  chains: ReadonlyMap<string, ChainState>,
): Promise<void> {
  const value: Record<string, number> = {};
  for (const [key, chain] of chains) {
    const list = indexed(registry, key, chain);
    const pct = await historyRead(
      db,
      key,
      list.map((d) => d.address),
      Number(chain.block.number),
    );
    for (const d of list) value[`${d.symbol}|${key}`] = pct.get(d.address) ?? 0;
  }
  await saveIndexing(db, runId, value);
}

export interface LogCounts {
  complete: boolean;
  requests: number;
  transfers: number;
}

/** Reads every chain's Transfer logs up to its block, until `deadline` (ms). */
export async function readLogs(
  ctx: SourceContext,
  chains: ReadonlyMap<string, ChainState>,
  policy: BlockPolicy,
  deadline: number,
): Promise<LogCounts> {
  const cfg = configFor(ctx.env).ingest;
  const out: LogCounts = { complete: true, requests: 0, transfers: 0 };
  if (ctx.dryRun) return out;
  // A head read shows "N% of history read" while it indexes: updated after each range.
  const onRange = policy.recentFirst ? () => writeIndexing(ctx, chains) : undefined;
  for (const [key, chain] of chains) {
    const list = indexed(ctx.registry, key, chain);
    if (!list.length) continue;
    const c = chain.client;
    try {
      await undoReorg(ctx.db, c, list, ctx.warn);
      let recentFrom: bigint | undefined;
      if (policy.recentFirst) {
        const known = await historyRead(
          ctx.db,
          key,
          list.map((d) => d.address),
          Number(chain.block.number),
        );
        // The first block of the last 30 days, for deployments never read (their history waits).
        if (list.some((d) => !known.has(d.address))) {
          const before = await closingBlock(c, chain.block.time - RECENT_DAYS * DAY_MS, { tag: 'latest', maxHeadAgeS: 0 }, ctx.warn);
          recentFrom = before ? before.number + 1n : 0n;
        }
      }
      const opts = { span: cfg.logSpan, maxSpan: cfg.maxLogSpan, recentFrom, deadline, onRange };
      const recent = await indexChain(ctx.db, c, list, { number: chain.block.number, hash: chain.block.hash }, opts, ctx);
      const older = recent.done ? await readHistory(ctx.db, c, list, opts, ctx) : { done: false, requests: 0, inserted: 0 };
      out.requests += recent.requests + older.requests;
      out.transfers += recent.inserted + older.inserted;
      if (!recent.done || !older.done) {
        out.complete = false;
        ctx.progress(`evm ${key}: time budget used; the logs go on from the checkpoints in the next run`);
      }
    } catch (e) {
      out.complete = false;
      ctx.warn(`${key}: Transfer logs not read: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  if (policy.recentFirst) await writeIndexing(ctx, chains);
  return out;
}
