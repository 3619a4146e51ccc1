/**
 * Discovery on real Anvil chains: a deployment the registry gives no startBlock is found on the
 * chain (binary search of eth_getCode) and indexed from there; a node that keeps only its latest
 * states (Anvil with --prune-history, like a full node without archive state) is read at the oldest
 * block after the close it keeps, said so in the run and the receipt; where it cannot help (the
 * token's start, in old blocks) the message names the chain and the way out, and the other chain
 * still publishes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { call, chainClient, deploy, mineBlocks, startAnvil, type Anvil, type LocalChain } from '../../scripts/lib/local-chains.ts';
import { runIngestCli } from '../support/ingest.ts';

const DAY = 86_400;
const day0 = Math.floor(Date.now() / 1000 / DAY) * DAY - 3 * DAY;
const ALICE = '0x00000000000000000000000000000000000a11ce';
const anvils: Anvil[] = [];
afterAll(() => Promise.all(anvils.map((a) => a.stop())));

/** A chain with `before` empty blocks, then a token minted to Alice, then `after` more blocks. */
async function chainWithToken(chainId: number, extra: string[], before: number, after: number) {
  const anvil = await startAnvil(chainId, day0 + 10, extra);
  anvils.push(anvil);
  const chain: LocalChain = chainClient(anvil);
  const mine = (count: number) => mineBlocks(anvil, count);
  await mine(before);
  const t = () => chain.pub.getBlock().then((b) => Number(b.timestamp) + 3);
  const token = await deploy(chain, await t(), 'TestToken', ['Found', 'FND', 0]);
  const deployedAt = Number(await chain.pub.getBlockNumber({ cacheTime: 0 }));
  await call(chain, await t(), token, 'TestToken', 'mint', [ALICE, 5_000n]);
  await mine(after);
  return { anvil, token, deployedAt };
}

const registryFile = (chains: Record<string, unknown>, assets: unknown[]) => {
  const file = join(mkdtempSync(join(tmpdir(), 'rwa-registry-')), 'registry.json');
  writeFileSync(file, JSON.stringify({ chains, assets }));
  return file;
};
const token = (symbol: string, chain: string, address: string) => ({
  symbol,
  name: `${symbol} test`,
  issuer: `${symbol} issuer`,
  assetClass: 'U.S. Treasuries',
  price: { kind: 'fixed', usd: '1.00' },
  deployments: [{ chain, address }], // no startBlock: found on the chain
});
const scratchDb = () => `file:${join(mkdtempSync(join(tmpdir(), 'rwa-discovery-')), 'app.db')}`;

describe('deployment blocks found on the chain', () => {
  it('finds where a token starts in about log2(head) eth_getCode calls, indexes from there, and publishes it', async () => {
    const { anvil, token: address, deployedAt } = await chainWithToken(31337, [], 300, 20);
    const registry = registryFile({ ethereum: { chainId: 31337, name: 'Ethereum', rpcEnv: 'RPC_URL_FOUND' } }, [
      token('FND', 'ethereum', address),
    ]);
    const url = scratchDb();
    const r = await runIngestCli(['--date', new Date(day0 * 1000).toISOString().slice(0, 10)], {
      DATABASE_URL: url,
      INGEST_REGISTRY: registry,
      RPC_URL_FOUND: anvil.url,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const found = /ethereum FND: deployed at block (\d+) \(found by eth_getCode in (\d+) calls\)/.exec(r.stdout);
    expect(Number(found?.[1])).toBe(deployedAt);
    expect(Number(found?.[2])).toBeLessThanOrEqual(Math.ceil(Math.log2(deployedAt + 22)) + 1);
    const c = createClient({ url });
    try {
      const cp = (await c.execute("SELECT last_block FROM ingest_checkpoints WHERE chain = 'ethereum'")).rows[0];
      expect(Number(cp.last_block)).toBeGreaterThanOrEqual(deployedAt);
      const obs = (await c.execute('SELECT supply, holders FROM ingest_observations')).rows[0];
      expect([obs.supply, obs.holders]).toEqual(['5000', 1]);
    } finally {
      c.close();
    }
  }, 120_000);

  it('a node without the old states reads the oldest block it keeps after the close, says which; the rest is explained', async () => {
    const pruned = await chainWithToken(31337, ['--prune-history', '20'], 200, 60);
    const full = await chainWithToken(31338, [], 10, 10);
    // The day's last block 10 minutes before its end, then the next day's first 30 blocks: the node (20 states kept)
    // no longer keeps the close's state.
    const test = chainClient(pruned.anvil).test;
    await test.setNextBlockTimestamp({ timestamp: BigInt(day0 + DAY - 600) });
    await mineBlocks(pruned.anvil, 1);
    const closeBlock = Number(await chainClient(pruned.anvil).pub.getBlockNumber({ cacheTime: 0 }));
    await test.setNextBlockTimestamp({ timestamp: BigInt(day0 + DAY + 60) });
    await mineBlocks(pruned.anvil, 30);
    const head = closeBlock + 30;
    const registry = registryFile(
      {
        ethereum: { chainId: 31337, name: 'Ethereum', rpcEnv: 'RPC_URL_PRUNED' },
        base: { chainId: 31338, name: 'Base', rpcEnv: 'RPC_URL_FULL' },
      },
      [token('OLD', 'ethereum', pruned.token), token('NEW', 'base', full.token)],
    );
    const url = scratchDb();
    const r = await runIngestCli(['--date', new Date(day0 * 1000).toISOString().slice(0, 10)], {
      DATABASE_URL: url,
      INGEST_REGISTRY: registry,
      RPC_URL_PRUNED: pruned.anvil.url,
      RPC_URL_FULL: full.anvil.url,
    });
    // Anvil keeping 20 states answers a past block with "block height is H but requested was B":
    // recognised as missing state. The day's figures are read at the oldest block after the close
    // that the node keeps, and the run says which, never calling it the close.
    const said = /ethereum: read at block (\d+) \((\S+)\), not the close block (\d+) \(\S+\): the node keeps no older state/.exec(r.stdout);
    expect(Number(said?.[3])).toBe(closeBlock);
    const readAt = Number(said?.[1]);
    expect(readAt).toBeGreaterThan(closeBlock);
    expect(readAt).toBeLessThanOrEqual(head);
    // The nearest block it could read: the node keeps that block's state, not the one before.
    const probe = (n: number) => chainClient(pruned.anvil).pub.call({ to: ALICE, blockNumber: BigInt(n) });
    await expect(probe(readAt)).resolves.toBeDefined();
    await expect(probe(readAt - 1)).rejects.toThrow(/block height is \d+ but requested was/);
    expect(r.stdout).toContain(`evm ethereum: read at block ${readAt} in `);
    // The search for where the token starts (older blocks) is what fails, so its holders stay
    // unread and the run says why; the other chain publishes whole.
    expect(r.stdout).toMatch(
      /ethereum: Transfer logs not read: ethereum: cannot find where OLD \(0x[0-9a-f]{40}\) starts: the node has no archive state for past blocks \(\\?"missing trie node\\?"\)\. .*archive node for ethereum/,
    );
    const c = createClient({ url });
    try {
      const symbols = (await c.execute('SELECT DISTINCT asset_symbol FROM ingest_observations WHERE accepted = 1')).rows.map(
        (x) => x.asset_symbol,
      );
      expect(symbols).toContain('NEW');
      // The figure is OLD's supply at the block read, and its receipt says so in the run's words.
      const obs = (
        await c.execute(
          "SELECT o.supply, o.block_number, o.block_time, r.body FROM ingest_observations o JOIN ingest_receipts r USING (run_id, date, asset_symbol, chain, source) WHERE o.asset_symbol = 'OLD'",
        )
      ).rows[0];
      expect([obs.supply, obs.block_number, obs.block_time]).toEqual(['5000', readAt, said?.[2]]);
      const receipt = JSON.parse(String(obs.body));
      expect(receipt.block.number).toBe(readAt);
      expect(receipt.blockNote).toBe(said?.[0].replace(/^ethereum: /, ''));
    } finally {
      c.close();
    }
  }, 120_000);
});
