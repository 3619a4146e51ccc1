/**
 * A close the node no longer keeps the state of: a full node keeps the state of its last 128 or so
 * blocks, so a day's close read some 30 minutes after midnight (a run that waited for the
 * finalized head, a schedule that started late, a day read again) is already gone from it. The
 * day's figures are then read at the oldest block after the close whose state the node still
 * keeps, at or below the head the close was searched under (so still final), found by a binary
 * search of cheap probes, and no more than KEPT_STATE_MAX_HOURS after the close; the block read
 * says which close it stands in for, and the run's record and the figure's receipt say so in the
 * same words (keptStateNote). Without any such block the chain fails as before, explained
 * (chains.ts explain).
 */
import { zeroAddress } from 'viem';
import { isMissingState, withRetry, type ChainClient } from '#lib/server/ingest/rpc.ts';
import { KEPT_STATE_MAX_HOURS } from '#lib/server/catalogue/rules.ts';
import { headBlock, type ClosingBlock, type HeadTag } from './block.ts';

/**
 * The oldest block in (`lo`, `hi`] for which `kept` is true, or null when `hi` is not kept either.
 * A node keeps a suffix of its blocks (every block from some height on), so `kept` is monotone and
 * the search asks 1 + ceil(log2(hi - lo)) times at most: 8 probes for a close 200 blocks back.
 */
export async function oldestKeptBlock(lo: bigint, hi: bigint, kept: (n: bigint) => Promise<boolean>): Promise<bigint | null> {
  if (hi <= lo || !(await kept(hi))) return null;
  let bad = lo; // not kept (the close, which just failed)
  let good = hi; // kept
  while (good - bad > 1n) {
    const mid = (bad + good) / 2n;
    if (await kept(mid)) good = mid;
    else bad = mid;
  }
  return good;
}

/** The run's and the receipt's words for a block read in place of the close (never called the close itself). */
export function keptStateNote(b: Pick<ClosingBlock, 'number' | 'time' | 'insteadOf'>): string | null {
  if (!b.insteadOf) return null;
  return `read at block ${b.number} (${new Date(b.time).toISOString()}), not the close block ${b.insteadOf.number} (${new Date(b.insteadOf.time).toISOString()}): the node keeps no older state`;
}

/** Whether the node still keeps the state at block `n`: one empty eth_call there (a state read, as the day's multicall is). */
function probe(c: ChainClient, warn: (m: string) => void) {
  return async (n: bigint) => {
    try {
      await withRetry(`${c.key} state at block ${n}`, () => c.client.call({ to: zeroAddress, blockNumber: n }), warn);
      return true;
    } catch (e) {
      if (isMissingState(e)) return false;
      throw e;
    }
  };
}

/**
 * The oldest block after `close` whose state the node keeps, at or below its `tag` head, marked as
 * read in place of the close; null when the node keeps none after the close, or only blocks more
 * than KEPT_STATE_MAX_HOURS after it (another day's state: a past day needs an archive node).
 */
export async function nearestKeptBlock(
  c: ChainClient,
  close: ClosingBlock,
  tag: HeadTag,
  warn: (m: string) => void,
): Promise<ClosingBlock | null> {
  const head = await headBlock(c, tag, warn);
  const n = await oldestKeptBlock(close.number, head.number!, probe(c, warn));
  if (n === null) return null;
  const b = n === head.number ? head : await withRetry(`${c.key} block ${n}`, () => c.client.getBlock({ blockNumber: n }), warn);
  const time = Number(b.timestamp) * 1000;
  if (time - close.time > KEPT_STATE_MAX_HOURS * 3_600_000) return null;
  return {
    number: n,
    time,
    hash: b.hash!,
    insteadOf: { number: close.number, time: close.time },
  };
}
