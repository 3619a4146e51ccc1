/**
 * The block a day is read at: the last block before 00:00 UTC of the next day, searched below the
 * chain's finalized (or safe) head so that a reorg cannot change what was read. A head older than
 * the bound means the node lags: that chain fails with a message naming it, rather than being believed.
 *
 * The close is the close: the finalized head lags the chain by 13-30 minutes, so a run
 * started at 00:00 UTC finds it still inside the day. `awaitClose` then waits for it to pass the
 * day's end (INGEST_CLOSE_WAIT); a day read at an earlier block after all is marked `early`, and the
 * run says so in its record and on /sources (EARLY_CLOSE).
 */
import { ChainError, withRetry, type ChainClient } from '#lib/server/ingest/rpc.ts';
import { EARLY_CLOSE } from '#lib/server/catalogue/rules.ts';

export interface ClosingBlock {
  number: bigint;
  /** ms */
  time: number;
  hash: `0x${string}`;
  /** The head had not passed the day's end: this block is before the close, not at it. */
  early?: boolean;
  /** The node kept no state at the close: this later block was read instead of it (kept-state.ts). */
  insteadOf?: { number: bigint; time: number };
}

/** The run's statement of a day read at an earlier block. */
export function earlyCloseNote(chain: string, date: string, b: ClosingBlock, waitedS: number, tag: HeadTag = 'finalized'): string {
  return `${chain}: ${date} ${EARLY_CLOSE}: the ${tag} head was still at block ${b.number} (${new Date(b.time).toISOString()}) after waiting ${Math.round(waitedS / 60)} min, so the day closes on that block, not at 00:00 UTC`;
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
export async function headBlock(c: ChainClient, tag: HeadTag, warn: (m: string) => void) {
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
  const h = await headBlock(c, opts.tag, warn);
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
  if (headTime < end) return { ...(await at(h.number)), early: true };
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

/**
 * The closing block once the head has passed the day's end: asks again every `pollS` seconds
 * while it is before `end + waitS` (a healthy finalized head has passed the close by then; a day
 * long closed is not waited for). After that, the head's block, marked early. `now` and `sleep`
 * are injected by tests.
 */
export async function awaitClose(
  c: ChainClient,
  end: number,
  opts: {
    tag: HeadTag;
    maxHeadAgeS: number;
    waitS: number;
    pollS?: number;
    now?: () => number;
    sleep?: (ms: number) => Promise<void>;
  },
  warn: (m: string) => void,
  progress: (m: string) => void = () => {},
): Promise<{ block: ClosingBlock | null; waitedS: number }> {
  const pollMs = (opts.pollS ?? 60) * 1000;
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((ok) => setTimeout(ok, ms)));
  const started = now();
  for (;;) {
    const block = await closingBlock(c, end, { tag: opts.tag, maxHeadAgeS: opts.maxHeadAgeS, now: now() }, warn);
    const waitedS = Math.round((now() - started) / 1000);
    if (!block?.early || now() + pollMs > end + opts.waitS * 1000) return { block, waitedS };
    progress(`${c.key}: the ${opts.tag} head (block ${block.number}) has not passed the day's end; asking again in ${pollMs / 1000} s`);
    await sleep(pollMs);
  }
}
