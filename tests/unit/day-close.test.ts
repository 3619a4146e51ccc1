/**
 * The close is the close: a day is read at its last block before 00:00 UTC of the
 * next day, below the finalized head. A run started while the finalized head is still inside the
 * day waits for it to pass the close; a day read at an earlier block after all is marked, and the
 * run's record says so in words /sources finds.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { awaitClose, closingBlock, earlyCloseNote } from '#lib/server/ingest/sources/evm/block.ts';
import { closeRetry, planCloseRetry } from '#lib/server/ingest/close-retry.ts';
import { ingestRuns } from '#db/schema/index.ts';
import { useScratchDatabase } from '../support/scratch-db.ts';
import type { ChainClient } from '#lib/server/ingest/rpc.ts';
import { dayEnd } from '#lib/shared/utc-day.ts';
import { EARLY_CLOSE } from '#lib/server/catalogue/rules.ts';
import { CLOSE_RETRY_AFTER_MIN } from '#lib/server/catalogue/rules.ts';

const DATE = '2026-11-24';
const END = dayEnd(DATE);
const BLOCK_MS = 12_000;
/** Block n is at END - 2 h + n x 12 s: block 600 is the first at or after the close. */
const timeOf = (n: number) => END - 2 * 3_600_000 + n * BLOCK_MS;

/** A chain of 12-second blocks whose finalized head is read from `finalized()` (moved by the test's clock). */
function fakeChain(finalized: () => number): ChainClient {
  const block = (n: number) => ({
    number: BigInt(n),
    timestamp: BigInt(Math.floor(timeOf(n) / 1000)),
    hash: `0x${n.toString(16).padStart(64, '0')}` as `0x${string}`,
  });
  const client = {
    getBlock: async (q: { blockTag?: string; blockNumber?: bigint }) =>
      q.blockNumber !== undefined ? block(Number(q.blockNumber)) : block(finalized()),
  };
  return { key: 'ethereum', chain: { name: 'Ethereum' }, client, calls: () => 0 } as unknown as ChainClient;
}

const opts = { tag: 'finalized' as const, maxHeadAgeS: 0 };
const quiet = () => {};

describe('the closing block', () => {
  it('is the last block before 00:00 UTC when the finalized head has passed it', async () => {
    const b = await closingBlock(
      fakeChain(() => 800),
      END,
      opts,
      quiet,
    );
    expect(b).toMatchObject({ number: 599n, time: timeOf(599) });
    expect(b?.early).toBeUndefined();
    expect(timeOf(599)).toBeLessThan(END);
    expect(timeOf(600)).toBe(END);
  });

  it('a day whose finalized head is before the close: that block, marked early (never silently)', async () => {
    const b = await closingBlock(
      fakeChain(() => 500),
      END,
      opts,
      quiet,
    );
    expect(b).toMatchObject({ number: 500n, early: true });
    const note = earlyCloseNote('ethereum', DATE, b!, 2700);
    expect(note).toContain(EARLY_CLOSE);
    expect(note).toBe(
      `ethereum: ${DATE} read before the day's end: the finalized head was still at block 500 (2026-11-24T23:40:00.000Z) after waiting 45 min, so the day closes on that block, not at 00:00 UTC`,
    );
  });

  it('a run at 00:00 UTC waits for the finalized head to pass the close, then reads the true closing block', async () => {
    // The finalized head lags the chain by 20 minutes: at 00:00 it is at 23:40 of the day.
    let now = END;
    const head = () => Math.floor((now - 20 * 60_000 - timeOf(0)) / BLOCK_MS);
    const slept: number[] = [];
    const lines: string[] = [];
    const r = await awaitClose(
      fakeChain(head),
      END,
      { ...opts, waitS: 2700, pollS: 60, now: () => now, sleep: async (ms) => void slept.push((now += ms)) },
      quiet,
      (l) => lines.push(l),
    );
    expect(r.block).toMatchObject({ number: 599n });
    expect(r.block?.early).toBeUndefined();
    // It asked again each minute until 00:20, when the finalized head passed the close.
    expect(slept).toHaveLength(20);
    expect(r.waitedS).toBe(20 * 60);
    expect(lines[0]).toContain("has not passed the day's end; asking again in 60 s");
  });

  it('past the wait, the early block is returned marked, for the run to say so', async () => {
    let now = END;
    let sleeps = 0;
    const r = await awaitClose(
      fakeChain(() => 500),
      END,
      { ...opts, waitS: 600, pollS: 60, now: () => now, sleep: async (ms) => void (sleeps++, (now += ms)) },
      quiet,
    );
    expect(r.block).toMatchObject({ number: 500n, early: true });
    expect(sleeps).toBe(10);
    expect(r.waitedS).toBe(600);
  });

  it('a day closed long ago is not waited for (waiting cannot help): marked early at once', async () => {
    let sleeps = 0;
    const r = await awaitClose(
      fakeChain(() => 500),
      END,
      { ...opts, waitS: 2700, now: () => END + 10 * 86_400_000, sleep: async () => void sleeps++ },
      quiet,
    );
    expect(r.block?.early).toBe(true);
    expect(sleeps).toBe(0);
  });
});

describe('a day closed early is read again (the run reschedules the close)', () => {
  const scratch = useScratchDatabase('close-retry');

  it('the rule: another read of the day 30 min later, the third read the last; nothing for a day read at its close', () => {
    const now = END + 45 * 60_000;
    const early = { status: 'published', date: DATE, earlyCloses: 1 };
    expect(closeRetry(early, 0, now)).toEqual({ date: DATE, at: now + CLOSE_RETRY_AFTER_MIN * 60_000, read: 2 });
    expect(closeRetry(early, 1, now)?.read).toBe(3);
    expect(closeRetry(early, 2, now)).toBeUndefined();
    expect(closeRetry({ ...early, earlyCloses: 0 }, 0, now)).toBeUndefined();
    // A run that read nothing (another held the lock) plans nothing.
    expect(closeRetry({ ...early, status: 'locked' }, 0, now)).toBeUndefined();
  });

  it('a day whose finalized head is before the close: the run records its next read, until the day has had three', async () => {
    const { db } = scratch();
    // The chain's finalized head stays before the close through the whole wait.
    let now = END;
    const { block, waitedS } = await awaitClose(
      fakeChain(() => 500),
      END,
      { ...opts, waitS: 2700, pollS: 60, now: () => now, sleep: async (ms) => void (now += ms) },
      quiet,
    );
    expect(block?.early).toBe(true);
    const note = earlyCloseNote('ethereum', DATE, block!, waitedS);
    const record = async () => {
      const [row] = await db
        .insert(ingestRuns)
        .values({
          startedAt: new Date(now).toISOString(),
          status: 'published',
          asOf: DATE,
          counts: { evm: { earlyCloses: 1 } },
          warnings: [note],
        })
        .returning({ id: ingestRuns.id });
      return planCloseRetry(db, DATE, { runId: row.id, status: 'published', counts: { evm: { earlyCloses: 1 } }, warnings: [note] }, now);
    };
    const first = await record();
    expect(first.retry).toEqual({ date: DATE, at: now + 30 * 60_000, read: 2 });
    const [stored] = await db.select().from(ingestRuns).where(eq(ingestRuns.id, first.runId));
    expect(stored.warnings).toEqual([
      note,
      `${DATE} ${EARLY_CLOSE}: to be read again after ${new Date(now + 30 * 60_000).toISOString()} (read 2 of at most 3), when the head will have passed the close`,
    ]);
    now += 30 * 60_000;
    expect((await record()).retry?.read).toBe(3);
    now += 30 * 60_000;
    // The third early read is the last: it stays published, marked early, and nothing more is planned.
    const third = await record();
    expect(third.retry).toBeUndefined();
    expect(third.warnings).toEqual([note]);
  });
});
