/**
 * The block policy of an EVM read: which block of each chain the day's figures are read at.
 * 'close': the day's closing block below the finalized head (block.ts), waited for when the head
 * has not passed the close yet, and said so when read early. 'head': the finalized head itself,
 * which every node keeps (no archive state), asked together with the chain id in one batch. A close
 * the node no longer keeps is read at the oldest later block it keeps, said so (kept-state.ts). Both
 * give a connected, checked client and the block; the rest of the read is the same.
 */
import { configFor } from '#lib/server/config.ts';
import { withRetry, type ChainClient } from '#lib/server/ingest/rpc.ts';
import { connect } from './connect.ts';
import type { Registry } from '#lib/server/catalogue/registry.ts';
import type { BlockPolicyKind } from '#lib/server/ingest/plan.ts';
import { dayEnd } from '#lib/shared/utc-day.ts';
import { awaitClose, earlyCloseNote, headBlock, headLag, type ClosingBlock } from './block.ts';
import { checkChainId, connectChain, unreachable } from './chains.ts';
import { nearestKeptBlock } from './kept-state.ts';
import type { SourceContext } from '../types.ts';

/** A chain opened at its block (null: the chain had no block yet by the day's close). */
export interface OpenedChain {
  client: ChainClient;
  block: ClosingBlock | null;
}

export interface BlockPolicy {
  kind: BlockPolicyKind;
  /** A feed's age is measured at the day's end for a close, at the block for a head; `date` is the day when there is one. */
  priceClock(block: ClosingBlock): { closeMs: number; date?: string };
  /** Read the history of a deployment never indexed from the last 30 days first (the head), or from its start (a close). */
  recentFirst: boolean;
  open(ctx: SourceContext, key: string): Promise<OpenedChain>;
  /** A close whose state the node no longer keeps: the block to read instead (kept-state.ts), or null. A head is always kept. */
  keptInstead?(ctx: SourceContext, client: ChainClient, close: ClosingBlock): Promise<ClosingBlock | null>;
}

/** The day's closing block of each chain. */
function closePolicy(date: string): BlockPolicy {
  const end = dayEnd(date);
  return {
    kind: 'close',
    priceClock: () => ({ closeMs: end, date }),
    recentFirst: false,
    async open(ctx, key) {
      if (Date.now() < end) throw new Error(`The day ${date} has not closed yet (00:00 UTC of the next day); measure an earlier date.`);
      const cfg = configFor(ctx.env).ingest;
      const client = await connectChain(ctx.registry, key, ctx.env, ctx.warn);
      const { block, waitedS } = await awaitClose(
        client,
        end,
        { tag: cfg.headTag, maxHeadAgeS: cfg.maxHeadAge, waitS: cfg.closeWait },
        ctx.warn,
        ctx.progress,
      );
      if (block?.early) ctx.warn(earlyCloseNote(key, date, block, waitedS, cfg.headTag));
      ctx.progress(
        `evm ${key}: closing block of ${date} is ${block ? `${block.number} (${new Date(block.time).toISOString()})` : 'none (chain not started)'}`,
      );
      return { client, block };
    },
    keptInstead: (ctx, client, close) => nearestKeptBlock(client, close, configFor(ctx.env).ingest.headTag, ctx.warn),
  };
}

/** The chain id and the head block in one batch request (a node without the tag answers that call alone with an error). */
async function openAtHead(registry: Registry, key: string, env: NodeJS.ProcessEnv, warn: (m: string) => void): Promise<OpenedChain> {
  const cfg = configFor(env).ingest;
  const c = connect(key, registry.chains[key], env, { batch: true });
  let id: number;
  let got: Awaited<ReturnType<typeof c.client.getBlock>> | Error;
  try {
    [id, got] = await withRetry(
      `${key} chain id and ${cfg.headTag} head`,
      () => Promise.all([c.client.getChainId(), c.client.getBlock({ blockTag: cfg.headTag }).catch((e: Error) => e)]),
      warn,
    );
  } catch (e) {
    throw unreachable(registry, key, env, e);
  }
  checkChainId(registry, key, id);
  if (got instanceof Error) {
    if (cfg.headTag === 'latest') throw got;
    warn(`${key}: the node has no "${cfg.headTag}" block`);
    got = await headBlock(c, cfg.headTag === 'finalized' ? 'safe' : 'latest', warn);
  }
  // A block by tag always has its number and hash (only a pending block lacks them).
  const block: ClosingBlock = { number: got.number!, time: Number(got.timestamp) * 1000, hash: got.hash! };
  const lag = headLag(block.time, Date.now(), cfg.maxHeadAge);
  if (lag) throw new Error(`${lag} (block ${block.number} at ${new Date(block.time).toISOString()})`);
  return { client: c, block };
}

/** Today's finalized head of each chain. */
const headPolicy: BlockPolicy = {
  kind: 'head',
  priceClock: (block) => ({ closeMs: block.time }),
  recentFirst: true,
  async open(ctx, key) {
    const opened = await openAtHead(ctx.registry, key, ctx.env, ctx.warn);
    const b = opened.block!;
    ctx.progress(`evm ${key}: head block ${b.number} (${new Date(b.time).toISOString()})`);
    return opened;
  },
};

export const blockPolicy = (kind: BlockPolicyKind, date: string): BlockPolicy => (kind === 'head' ? headPolicy : closePolicy(date));
