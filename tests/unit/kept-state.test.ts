/**
 * A close the node no longer keeps: the oldest later block whose state it keeps, found in few
 * probes, and the words the run and the receipt say it in.
 */
import { describe, expect, it } from 'vitest';
import type { ChainClient } from '#lib/server/ingest/rpc.ts';
import { keptStateNote, nearestKeptBlock, oldestKeptBlock } from '#lib/server/ingest/sources/evm/kept-state.ts';

/** A node keeping the state of every block from `from` on, counting the probes. */
function node(from: bigint) {
  const asked: bigint[] = [];
  return { asked, kept: (n: bigint) => (asked.push(n), Promise.resolve(n >= from)) };
}

describe('oldestKeptBlock', () => {
  it.each([
    // close, head, the oldest block kept
    [100n, 101n, 101n],
    [100n, 300n, 101n],
    [100n, 300n, 172n],
    [100n, 300n, 300n],
    [23_000_000n, 23_000_200n, 23_000_073n],
  ])('after the close %s, below the head %s, finds %s', async (close, head, from) => {
    const n = node(from);
    expect(await oldestKeptBlock(close, head, n.kept)).toBe(from);
  });

  it('asks 1 + ceil(log2(head - close)) times at most: 9 for a close 200 blocks back, 25 for one 16 million back', async () => {
    const near = node(23_000_073n);
    await oldestKeptBlock(23_000_000n, 23_000_200n, near.kept);
    expect(near.asked.length).toBeLessThanOrEqual(9);
    const far = node(23_999_900n);
    await oldestKeptBlock(8_000_000n, 24_000_000n, far.kept);
    expect(far.asked.length).toBeLessThanOrEqual(25);
  });

  it('is null when the head is not kept either, or when there is no block after the close', async () => {
    expect(await oldestKeptBlock(100n, 300n, node(301n).kept)).toBeNull();
    const n = node(0n);
    expect(await oldestKeptBlock(300n, 300n, n.kept)).toBeNull();
    expect(n.asked).toEqual([]);
  });
});

/** A fake chain client: state kept from `from` on (Geth's "missing trie node" below it), 12 s blocks. */
function client(from: bigint, head: bigint) {
  const time = (n: bigint) => BigInt(1_800_000_000 + Number(n) * 12);
  const block = (n: bigint) => ({ number: n, timestamp: time(n), hash: `0x${n.toString(16).padStart(64, '0')}` });
  return {
    key: 'ethereum',
    chain: { name: 'Ethereum' },
    calls: () => 0,
    client: {
      call: ({ blockNumber }: { blockNumber: bigint }) =>
        blockNumber >= from
          ? Promise.resolve({ data: '0x' })
          : Promise.reject(new Error('missing trie node 9e2a1b (path ) state 0x9e2a1b is not available')),
      getBlock: (q: { blockTag?: string; blockNumber?: bigint }) => Promise.resolve(block(q.blockNumber ?? head)),
    },
  } as unknown as ChainClient;
}

describe('nearestKeptBlock', () => {
  const close = { number: 1_000n, time: 1_800_012_000_000, hash: '0x01' as const };

  it('reads the oldest block after the close the node keeps, marked with the close it stands in for', async () => {
    const b = await nearestKeptBlock(client(1_072n, 1_200n), close, 'finalized', () => {});
    expect(b).toMatchObject({ number: 1_072n, time: (1_800_000_000 + 1_072 * 12) * 1000, insteadOf: { number: 1_000n } });
    expect(keptStateNote(b!)).toBe(
      `read at block 1072 (${new Date((1_800_000_000 + 1_072 * 12) * 1000).toISOString()}), not the close block 1000 (${new Date(close.time).toISOString()}): the node keeps no older state`,
    );
  });

  it('is null when the node keeps no block after the close up to its head', async () => {
    expect(await nearestKeptBlock(client(1_201n, 1_200n), close, 'finalized', () => {})).toBeNull();
  });

  it('is null when the oldest block kept is more than 12 h after the close: another day, not a stand-in (a backfill needs an archive node)', async () => {
    // 12 s blocks: 3,600 blocks are 12 h.
    expect(await nearestKeptBlock(client(1_000n + 3_600n, 9_000n), close, 'finalized', () => {})).toMatchObject({ number: 4_600n });
    expect(await nearestKeptBlock(client(1_000n + 3_601n, 9_000n), close, 'finalized', () => {})).toBeNull();
  });

  it('passes on an error that is not missing state (the node is down): not a reason to read another block', async () => {
    const c = client(1_072n, 1_200n);
    (c.client as unknown as { call: () => Promise<never> }).call = () => Promise.reject(new Error('execution reverted'));
    await expect(nearestKeptBlock(c, close, 'finalized', () => {})).rejects.toThrow('execution reverted');
  });

  it('the close itself has no note', () => {
    expect(keptStateNote(close)).toBeNull();
  });
});
