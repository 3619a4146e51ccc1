import { describe, expect, it } from 'vitest';
import { discoverDeploymentBlock, firstBlockWithCode, NoArchiveStateError } from '#lib/server/ingest/sources/evm/deployment-block.ts';

/** A chain on which the address has code from `deployedAt` on, counting the questions asked. */
function chain(deployedAt: bigint | null) {
  let calls = 0;
  return {
    calls: () => calls,
    getCode: (block: bigint) => {
      calls++;
      return Promise.resolve(deployedAt !== null && block >= deployedAt ? '0x6080' : '0x');
    },
  };
}
const what = { chain: 'ethereum', symbol: 'BUIDL', address: '0x7712c34205737192402172409a8f7ccef8aa2aec' };

describe('firstBlockWithCode', () => {
  it.each([
    [0n, 100n],
    [1n, 100n],
    [99n, 100n],
    [100n, 100n],
    [19_330_000n, 23_900_000n],
  ])('finds a deployment at block %s of a chain at %s', async (deployedAt, head) => {
    const c = chain(deployedAt);
    expect(await firstBlockWithCode(async (b) => (await c.getCode(b)) !== '0x', head)).toBe(deployedAt);
  });

  it('answers null when the address has no code at the head', async () => {
    expect(await firstBlockWithCode(() => Promise.resolve(false), 1_000n)).toBeNull();
  });
});

describe('discoverDeploymentBlock', () => {
  it('asks about log2(head) questions: 26 on a 24-million-block chain, not one per block', async () => {
    const c = chain(19_330_123n);
    const found = await discoverDeploymentBlock(c.getCode, 23_900_000n, what);
    expect(found.block).toBe(19_330_123n);
    expect(found.calls).toBe(c.calls());
    expect(found.calls).toBeLessThanOrEqual(26);
  });

  it('explains a node without archive state, naming the chain, the asset and the way out', async () => {
    const refuse = () => Promise.reject(new Error('missing trie node 4f2a… (path )'));
    const error = await discoverDeploymentBlock(refuse, 1_000n, what).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoArchiveStateError);
    expect((error as Error).message).toMatch(/^ethereum: cannot find where BUIDL .* no archive state .* startBlock in the registry/);
  });

  it('passes any other failure on unchanged', async () => {
    const fail = () => Promise.reject(new Error('connection reset'));
    await expect(discoverDeploymentBlock(fail, 1_000n, what)).rejects.toThrow('connection reset');
  });
});
