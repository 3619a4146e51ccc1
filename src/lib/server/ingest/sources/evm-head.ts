/**
 * The block a day is read at: the last block before 00:00 UTC of the next day, searched below the
 * chain's finalized (or safe) head so that a reorg cannot change what was read. A head older than
 * the bound means the node lags: that chain fails with a message naming it, rather than being believed.
 */
import { ChainError, withRetry, type ChainClient } from '#lib/server/ingest/rpc.ts';

export interface ClosingBlock {
  number: bigint;
  /** ms */
  time: number;
  hash: `0x${string}`;
}

export type HeadTag = 'finalized' | 'safe' | 'latest';

/** Why a head of time `headMs` is too old at `nowMs`, or null (maxAgeS 0: no bound). */
export function headLag(headMs: number, nowMs: number, maxAgeS: number): string | null {
  if (maxAgeS <= 0) return null;
  const age = (nowMs - headMs) / 1000;
  if (age <= maxAgeS) return null;
  const mins = Math.round(age / 60);
  return `its head is ${mins} min old (bound ${Math.round(maxAgeS / 60)} min, INGEST_MAX_HEAD_AGE): the node lags`;
}

/** The head by tag; a node that does not know "finalized" is asked for "safe", then "latest" (with a warning). */
async function head(c: ChainClient, tag: HeadTag, warn: (m: string) => void) {
  const tags: HeadTag[] = tag === 'finalized' ? ['finalized', 'safe', 'latest'] : tag === 'safe' ? ['safe', 'latest'] : ['latest'];
  let last: unknown;
  for (const t of tags) {
    try {
      const b = await withRetry(`${c.key} ${t} head`, () => c.client.getBlock({ blockTag: t }), warn);
      if (t !== tag) warn(`${c.key}: the node has no "${tag}" block; using "${t}"`);
      return b;
    } catch (e) {
      last = e;
    }
  }
  throw last;
}

/** The last block with a timestamp before `end` (ms) at or below the head, or null when the chain had none yet. */
export async function closingBlock(
  c: ChainClient,
  end: number,
  opts: { tag: HeadTag; maxHeadAgeS: number; now?: number },
  warn: (m: string) => void,
): Promise<ClosingBlock | null> {
  const blocks = new Map<bigint, { time: number; hash: `0x${string}` }>();
  const h = await head(c, opts.tag, warn);
  const headTime = Number(h.timestamp) * 1000;
  const lag = headLag(headTime, opts.now ?? Date.now(), opts.maxHeadAgeS);
  if (lag)
    throw new ChainError(c.key, `Chain "${c.key}" (${c.chain.name}): ${lag} (block ${h.number} at ${new Date(headTime).toISOString()}).`);
  blocks.set(h.number, { time: headTime, hash: h.hash });
  const read = async (n: bigint) => {
    let b = blocks.get(n);
    if (!b) {
      const got = await withRetry(`${c.key} block ${n}`, () => c.client.getBlock({ blockNumber: n }), warn);
      b = { time: Number(got.timestamp) * 1000, hash: got.hash };
      blocks.set(n, b);
    }
    return b;
  };
  const at = (n: bigint) => read(n).then((b) => ({ number: n, ...b }));
  if (headTime < end) return at(h.number);
  if ((await read(0n)).time >= end) return null;
  let lo = 0n; // time(lo) < end
  let hi = h.number; // time(hi) >= end
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if ((await read(mid)).time < end) lo = mid;
    else hi = mid;
  }
  return at(lo);
}
