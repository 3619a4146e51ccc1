/**
 * On-chain figures over JSON-RPC (viem): for each EVM deployment of the registry, the day's
 * closing block (the last block before 00:00 UTC of the next day, by binary search on block
 * time), its Transfer logs indexed up to that block (holders and transfers), and at that block
 * decimals(), totalSupply() and the balances of excluded wallets in one multicall (deployless, so
 * it also works on a fresh chain without a Multicall3 contract), and the asset's price.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { formatUnits, parseAbi, parseAbiItem, type Address } from 'viem';
import { ingestCheckpoints, ingestHolders, ingestObservations, ingestTransfers } from '../../../../../db/schema/index.ts';
import type { Database } from '../../../../../db/client.ts';
import { config, rpcUrl } from '../../config.ts';
import { ChainError, connect, isTooManyResults, withRetry, type ChainClient } from '../rpc.ts';
import type { Deployment, Registry, RegistryAsset } from '../registry.ts';
import { dayEnd, type Source, type SourceContext } from './types.ts';

const erc20 = parseAbi([
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
]);
const feedAbi = parseAbi([
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)',
]);
const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const ZERO = '0x0000000000000000000000000000000000000000';

/** Rows per INSERT (10 columns each): well under SQLite's bound-parameter limit. */
const INSERT_CHUNK = 400;

export interface ClosingBlock {
  number: bigint;
  time: number;
}

/** The last block with a timestamp before `end` (ms), or null when the chain had none yet. */
export async function closingBlock(c: ChainClient, end: number, onRetry?: (m: string) => void): Promise<ClosingBlock | null> {
  const times = new Map<bigint, number>();
  const timeOf = async (n: bigint) => {
    let t = times.get(n);
    if (t === undefined) {
      const b = await withRetry(`${c.key} block ${n}`, () => c.client.getBlock({ blockNumber: n }), onRetry);
      t = Number(b.timestamp) * 1000;
      times.set(n, t);
    }
    return t;
  };
  const head = await withRetry(`${c.key} head`, () => c.client.getBlockNumber({ cacheTime: 0 }), onRetry);
  if ((await timeOf(head)) < end) return { number: head, time: times.get(head)! };
  if ((await timeOf(0n)) >= end) return null;
  let lo = 0n; // time(lo) < end
  let hi = head; // time(hi) >= end
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if ((await timeOf(mid)) < end) lo = mid;
    else hi = mid;
  }
  return { number: lo, time: times.get(lo)! };
}

// Block ranges for eth_getLogs start at INGEST_LOG_SPAN (config.ts), halve on "too many results" and
// double after a small answer, up to INGEST_MAX_LOG_SPAN.

/**
 * Indexes the deployment's Transfer logs from its checkpoint up to `toBlock`. Each range is
 * committed in one transaction with the checkpoint and the holder balances it changes, and a log
 * already stored (same chain, tx hash, log index) changes nothing: a run killed at any point and
 * started again counts every transfer exactly once.
 */
export async function indexTransfers(
  db: Database,
  c: ChainClient,
  asset: RegistryAsset,
  d: Deployment,
  toBlock: bigint,
  decimals: number,
  ctx: Pick<SourceContext, 'progress' | 'warn'>,
): Promise<number> {
  const [cp] = await db
    .select()
    .from(ingestCheckpoints)
    .where(and(eq(ingestCheckpoints.chain, d.chain), eq(ingestCheckpoints.token, d.address)));
  let from = cp ? BigInt(cp.lastBlock) + 1n : BigInt(d.startBlock);
  let span = BigInt(config().ingest.logSpan);
  const maxSpan = BigInt(config().ingest.maxLogSpan);
  let inserted = 0;
  const blockTimes = new Map<bigint, string>();
  while (from <= toBlock) {
    const to = from + span - 1n < toBlock ? from + span - 1n : toBlock;
    let logs;
    try {
      logs = await withRetry(
        `${d.chain} logs ${from}-${to}`,
        () => c.client.getLogs({ address: d.address, event: transferEvent, fromBlock: from, toBlock: to }),
        ctx.warn,
      );
    } catch (e) {
      if (isTooManyResults(e) && span > 1n) {
        span = span / 2n > 0n ? span / 2n : 1n;
        ctx.progress(`  ${asset.symbol} on ${d.chain}: too many results for ${from}-${to}, block range now ${span}`);
        continue;
      }
      throw e;
    }
    const rows: Array<typeof ingestTransfers.$inferInsert> = [];
    for (const log of logs) {
      if (log.blockNumber === null || log.transactionHash === null || log.logIndex === null) continue;
      let time = blockTimes.get(log.blockNumber);
      if (!time) {
        const stamp = (log as { blockTimestamp?: bigint | string | null }).blockTimestamp;
        const seconds =
          stamp !== undefined && stamp !== null
            ? Number(BigInt(stamp))
            : Number(
                (
                  await withRetry(
                    `${d.chain} block ${log.blockNumber}`,
                    () => c.client.getBlock({ blockNumber: log.blockNumber! }),
                    ctx.warn,
                  )
                ).timestamp,
              );
        time = new Date(seconds * 1000).toISOString();
        blockTimes.set(log.blockNumber, time);
      }
      rows.push({
        chain: d.chain,
        txHash: log.transactionHash.toLowerCase(),
        logIndex: log.logIndex,
        token: d.address,
        assetSymbol: asset.symbol,
        blockNumber: Number(log.blockNumber),
        blockTime: time,
        from: log.args.from!.toLowerCase(),
        to: log.args.to!.toLowerCase(),
        amount: log.args.value!.toString(),
      });
    }
    inserted += await commitRange(db, d, rows, Number(to), decimals);
    if (blockTimes.size > 10_000) blockTimes.clear();
    if (logs.length > 0) ctx.progress(`  ${asset.symbol} on ${d.chain}: blocks ${from}-${to}, ${logs.length} transfers`);
    from = to + 1n;
    if (logs.length < 1000 && span * 2n <= maxSpan) span *= 2n;
  }
  return inserted;
}

/** One range: new transfers, the balances they move, and the checkpoint, all or nothing. */
async function commitRange(
  db: Database,
  d: Deployment,
  rows: Array<typeof ingestTransfers.$inferInsert>,
  lastBlock: number,
  decimals: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const fresh: typeof rows = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const part = rows.slice(i, i + INSERT_CHUNK);
      const keys = await tx
        .insert(ingestTransfers)
        .values(part)
        .onConflictDoNothing()
        .returning({ txHash: ingestTransfers.txHash, logIndex: ingestTransfers.logIndex });
      const isNew = new Set(keys.map((k) => `${k.txHash}:${k.logIndex}`));
      for (const r of part) if (isNew.has(`${r.txHash}:${r.logIndex}`)) fresh.push(r);
    }
    const delta = new Map<string, bigint>();
    for (const r of fresh) {
      const v = BigInt(r.amount);
      if (r.from !== ZERO) delta.set(r.from, (delta.get(r.from) ?? 0n) - v);
      if (r.to !== ZERO) delta.set(r.to, (delta.get(r.to) ?? 0n) + v);
    }
    const holders = [...delta.keys()];
    const current = new Map<string, bigint>();
    for (let i = 0; i < holders.length; i += 500) {
      const found = await tx
        .select({ holder: ingestHolders.holder, balance: ingestHolders.balance })
        .from(ingestHolders)
        .where(
          and(
            eq(ingestHolders.chain, d.chain),
            eq(ingestHolders.token, d.address),
            inArray(ingestHolders.holder, holders.slice(i, i + 500)),
          ),
        );
      for (const f of found) current.set(f.holder, BigInt(f.balance));
    }
    const upserts = holders.map((h) => {
      const balance = (current.get(h) ?? 0n) + delta.get(h)!;
      return { chain: d.chain, token: d.address, holder: h, balance: balance.toString(), positive: balance > 0n };
    });
    for (let i = 0; i < upserts.length; i += INSERT_CHUNK) {
      await tx
        .insert(ingestHolders)
        .values(upserts.slice(i, i + INSERT_CHUNK))
        .onConflictDoUpdate({
          target: [ingestHolders.chain, ingestHolders.token, ingestHolders.holder],
          set: { balance: sql`excluded.balance`, positive: sql`excluded.positive` },
        });
    }
    await tx
      .insert(ingestCheckpoints)
      .values({ chain: d.chain, token: d.address, lastBlock, decimals })
      .onConflictDoUpdate({ target: [ingestCheckpoints.chain, ingestCheckpoints.token], set: { lastBlock, decimals } });
    return fresh.length;
  });
}

/**
 * Holders at a block: addresses with a positive balance, not counting excluded wallets. When the
 * index stands exactly at that block the kept balances answer; for an earlier day (a backfill
 * after a later run) the balances are summed from the stored transfers up to the block.
 */
export async function holdersAt(db: Database, d: Deployment, block: number): Promise<{ count: number; sum: bigint }> {
  const excluded = new Set([ZERO, ...d.excludeHolders]);
  const [cp] = await db
    .select()
    .from(ingestCheckpoints)
    .where(and(eq(ingestCheckpoints.chain, d.chain), eq(ingestCheckpoints.token, d.address)));
  const balances = new Map<string, bigint>();
  if (cp && cp.lastBlock === block) {
    const rows = await db
      .select({ holder: ingestHolders.holder, balance: ingestHolders.balance })
      .from(ingestHolders)
      .where(and(eq(ingestHolders.chain, d.chain), eq(ingestHolders.token, d.address), eq(ingestHolders.positive, true)));
    for (const r of rows) balances.set(r.holder, BigInt(r.balance));
  } else {
    const rows = await db
      .select({ from: ingestTransfers.from, to: ingestTransfers.to, amount: ingestTransfers.amount })
      .from(ingestTransfers)
      .where(and(eq(ingestTransfers.chain, d.chain), eq(ingestTransfers.token, d.address), lte(ingestTransfers.blockNumber, block)));
    for (const r of rows) {
      const v = BigInt(r.amount);
      balances.set(r.from, (balances.get(r.from) ?? 0n) - v);
      balances.set(r.to, (balances.get(r.to) ?? 0n) + v);
    }
  }
  let count = 0;
  let sum = 0n;
  for (const [h, b] of balances) {
    if (b <= 0n || h === ZERO) continue;
    sum += b;
    if (!excluded.has(h)) count++;
  }
  return { count, sum };
}

/** Dollars per token at the price chain's closing block, or null when the registry has no method. */
async function readPrice(
  asset: RegistryAsset,
  clients: Map<string, ChainClient>,
  blocks: Map<string, ClosingBlock | null>,
  warn: (m: string) => void,
): Promise<number | null> {
  const p = asset.price;
  if (p.kind === 'fixed') return Number(p.usd);
  if (p.kind === 'unavailable') return null;
  const c = clients.get(p.chain)!;
  const block = blocks.get(p.chain);
  if (!block) throw new ChainError(p.chain, `${asset.symbol}: the price chain "${p.chain}" has no block before the day's close`);
  if (p.kind === 'feed') {
    const [dec, round] = await withRetry(
      `${asset.symbol} price`,
      () =>
        c.client.multicall({
          contracts: [
            { address: p.address, abi: feedAbi, functionName: 'decimals' },
            { address: p.address, abi: feedAbi, functionName: 'latestRoundData' },
          ],
          allowFailure: false,
          deployless: true,
          blockNumber: block.number,
        }),
      warn,
    );
    return Number(formatUnits(round[1], Number(dec)));
  }
  const abi = parseAbi([`function ${p.method}() view returns (uint256)`]);
  const raw = (await withRetry(
    `${asset.symbol} price`,
    () => c.client.readContract({ address: p.address, abi, functionName: p.method, blockNumber: block.number }),
    warn,
  )) as bigint;
  return Number(formatUnits(raw, p.decimals));
}

/** The EVM chains a registry needs for its on-chain assets (deployments and price contracts). */
export function evmChains(registry: Registry): string[] {
  const keys = new Set<string>();
  for (const a of registry.assets) {
    if (a.source !== 'evm') continue;
    for (const d of a.deployments) keys.add(d.chain);
    if (a.price.kind === 'feed' || a.price.kind === 'call') keys.add(a.price.chain);
  }
  return [...keys].sort();
}

/** Connects to every chain first and checks it is the chain the registry names: fail early, naming it. */
export async function connectChains(
  registry: Registry,
  keys: string[],
  env: NodeJS.ProcessEnv,
  warn: (m: string) => void,
): Promise<Map<string, ChainClient>> {
  const clients = new Map<string, ChainClient>();
  for (const key of keys) {
    const chain = registry.chains[key];
    const c = connect(key, chain, env);
    let id: number;
    try {
      id = await withRetry(`${key} chain id`, () => c.client.getChainId(), warn);
    } catch (e) {
      const host = (() => {
        try {
          return new URL(rpcUrl(env, chain.rpcEnv)!).host;
        } catch {
          return 'the URL';
        }
      })();
      throw new ChainError(
        key,
        `Chain "${key}" (${chain.name}) is unreachable at ${host} (${chain.rpcEnv}): ${(e as Error).message.split('\n')[0]}`,
      );
    }
    if (id !== chain.chainId)
      throw new ChainError(
        key,
        `Chain "${key}" (${chain.name}): ${chain.rpcEnv} answers with chain id ${id}, the registry expects ${chain.chainId}.`,
      );
    clients.set(key, c);
  }
  return clients;
}

export const evmSource: Source = {
  name: 'evm',
  applies: (registry) => registry.assets.some((a) => a.source === 'evm'),
  async run(ctx) {
    const { db, registry, date } = ctx;
    const keys = evmChains(registry);
    const clients = await connectChains(registry, keys, ctx.env, ctx.warn);
    const end = dayEnd(date);
    if (Date.now() < end) throw new Error(`The day ${date} has not closed yet (00:00 UTC of the next day); measure an earlier date.`);
    const blocks = new Map<string, ClosingBlock | null>();
    for (const key of keys) {
      const b = await closingBlock(clients.get(key)!, end, ctx.warn);
      blocks.set(key, b);
      ctx.progress(
        `evm ${key}: closing block of ${date} is ${b ? `${b.number} (${new Date(b.time).toISOString()})` : 'none (chain not started)'}`,
      );
    }
    let observations = 0;
    let transfers = 0;
    const fetchedAt = new Date().toISOString();
    for (const asset of registry.assets.filter((a) => a.source === 'evm')) {
      const price = await readPrice(asset, clients, blocks, ctx.warn);
      if (price === null) ctx.warn(`${asset.symbol}: no price method in the registry; its value is unavailable`);
      for (const d of asset.deployments) {
        const c = clients.get(d.chain)!;
        const block = blocks.get(d.chain);
        if (!block || block.number < BigInt(d.startBlock)) {
          ctx.progress(`evm ${d.chain} ${asset.symbol}: not deployed by ${date}`);
          continue;
        }
        const excluded = d.excludeHolders as Address[];
        let results;
        try {
          results = await withRetry(
            `${asset.symbol} on ${d.chain}`,
            () =>
              c.client.multicall({
                // Mixed functions in one list: viem's tuple typing cannot follow the spread, the results are read by position.
                contracts: [
                  { address: d.address, abi: erc20, functionName: 'decimals' },
                  { address: d.address, abi: erc20, functionName: 'totalSupply' },
                  ...excluded.map((h) => ({ address: d.address, abi: erc20, functionName: 'balanceOf', args: [h] })),
                ] as never,
                allowFailure: false,
                deployless: true,
                blockNumber: block.number,
              }),
            ctx.warn,
          );
        } catch (e) {
          // Before the contract existed at this block (a backfill day), there is nothing to read.
          const code = await c.client.getCode({ address: d.address, blockNumber: block.number }).catch(() => undefined);
          if (!code || code === '0x') {
            ctx.progress(`evm ${d.chain} ${asset.symbol}: no contract at block ${block.number}`);
            continue;
          }
          throw e;
        }
        const values = results as unknown as bigint[];
        const decimals = Number(values[0]);
        const totalSupply = values[1];
        const excludedSum = values.slice(2).reduce((s, b) => s + b, 0n);
        const circulating = totalSupply - excludedSum;
        if (!ctx.dryRun) transfers += await indexTransfers(db, c, asset, d, block.number, decimals, ctx);
        const holders = ctx.dryRun ? null : await holdersAt(db, d, Number(block.number));
        // rwa.xyz's data-quality rule: the indexed balances must add up to the total supply.
        if (holders && d.startBlock === 0 && holders.sum !== totalSupply)
          ctx.warn(
            `${asset.symbol} on ${d.chain}: indexed balances ${holders.sum} differ from totalSupply ${totalSupply} at block ${block.number}`,
          );
        const supply = formatUnits(circulating, decimals);
        const value = price === null ? null : Number(supply) * price;
        ctx.progress(
          `evm ${d.chain} ${asset.symbol}: supply ${supply} at block ${block.number}${value === null ? '' : `, $${value.toFixed(2)}`}, ${holders?.count ?? '?'} holders`,
        );
        if (ctx.dryRun) continue;
        const row = {
          runId: ctx.runId,
          date,
          assetSymbol: asset.symbol,
          chain: d.chain,
          source: 'evm',
          contract: d.address,
          supply,
          price,
          value,
          holders: holders?.count ?? null,
          blockNumber: Number(block.number),
          blockTime: new Date(block.time).toISOString(),
          apiUrl: null,
          fetchedAt,
        };
        await db
          .insert(ingestObservations)
          .values(row)
          .onConflictDoUpdate({
            target: [ingestObservations.date, ingestObservations.assetSymbol, ingestObservations.chain, ingestObservations.source],
            set: { ...row },
          });
        observations++;
      }
    }
    const rpcCalls = [...clients.values()].reduce((s, c) => s + c.calls(), 0);
    return { observations, transfers, rpcCalls };
  },
};
