/**
 * A deployment's first block, found on the chain when the registry does not give one: the lowest
 * block at which the address has code, by binary search over [0, head] (about log2(head) calls, 25
 * on Ethereum). A first backfill then starts where the token's history starts instead of at block 0,
 * which on a real provider is hundreds of thousands of empty eth_getLogs ranges.
 */
import { isMissingState } from '#lib/server/ingest/rpc.ts';

/** The lowest block in [0, head] at which `hasCode` holds, or null when the address has no code at head. */
export async function firstBlockWithCode(hasCode: (block: bigint) => Promise<boolean>, head: bigint): Promise<bigint | null> {
  if (!(await hasCode(head))) return null;
  let lo = 0n;
  let hi = head;
  while (lo < hi) {
    const mid = (lo + hi) / 2n;
    if (await hasCode(mid)) hi = mid;
    else lo = mid + 1n;
  }
  return lo;
}

/** The error for a node that cannot answer for old blocks: it names the chain and the way out. */
export class NoArchiveStateError extends Error {}

/**
 * Finds the deployment block of `address` on a chain through eth_getCode at past blocks. A node
 * without archive state cannot answer that: the error says so and names the chain and the asset.
 */
export async function discoverDeploymentBlock(
  getCode: (block: bigint) => Promise<string | undefined>,
  head: bigint,
  what: { chain: string; symbol: string; address: string },
): Promise<{ block: bigint | null; calls: number }> {
  let calls = 0;
  try {
    const block = await firstBlockWithCode(async (b) => {
      calls++;
      const code = await getCode(b);
      return Boolean(code && code !== '0x');
    }, head);
    return { block, calls };
  } catch (e) {
    if (isMissingState(e))
      throw new NoArchiveStateError(
        `${what.chain}: cannot find where ${what.symbol} (${what.address}) starts: the node has no archive state for past blocks ("missing trie node"). Give the deployment's startBlock in the registry, or use an archive node for ${what.chain}.`,
      );
    throw e;
  }
}
