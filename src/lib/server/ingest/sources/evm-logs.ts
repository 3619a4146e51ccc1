/**
 * Transfer logs of every deployment of one chain, read together: one eth_getLogs per block range
 * with all the chain's addresses (issue 19.5), ranges narrowed as each provider asks (ranges.ts).
 * Each range is committed in one transaction with the balances it moves and every deployment's
 * checkpoint; a log already stored changes nothing, so a run killed at any point and started
 * again counts every transfer once. The checkpoint keeps its block's hash: if the chain later
 * has another block there (a reorg), the recent logs are dropped, their balances undone, and the
 * range read again.
 */
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { parseAbiItem, type Address } from 'viem';
import { ingestCheckpoints, ingestHolders, ingestTransfers } from '#db/schema/index.ts';
import type { Database } from '#db/client.ts';
import { narrowed } from '#lib/server/ingest/ranges.ts';
import { rangeRefusal, withRetry, type ChainClient } from '#lib/server/ingest/rpc.ts';
import type { SourceContext } from './types.ts';
import { discoverDeploymentBlock } from './deployment-block.ts';

const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
export const ZERO = '0x0000000000000000000000000000000000000000';
/** Rows per INSERT (11 columns each): well under SQLite's bound-parameter limit. */
const INSERT_CHUNK = 400;
/** How far back a reorg is undone: far deeper than any reorg below a finalized head. */
const REORG_WINDOW = 64;

export interface IndexedDeployment {
  symbol: string;
  address: `0x${string}`;
  /** Unknown (undefined) until found on the chain: see deployment-block.ts. */
  startBlock?: number;
  decimals: number;
}

type Row = typeof ingestTransfers.$inferInsert;

/** Balance changes of a list of transfers (mints and burns move only one side). */
function balanceDeltas(rows: Array<Pick<Row, 'token' | 'from' | 'to' | 'amount'>>, sign = 1n): Map<string, bigint> {
  const delta = new Map<string, bigint>(); // `${token}|${holder}`
  for (const r of rows) {
    const v = BigInt(r.amount) * sign;
    if (r.from !== ZERO) delta.set(`${r.token}|${r.from}`, (delta.get(`${r.token}|${r.from}`) ?? 0n) - v);
    if (r.to !== ZERO) delta.set(`${r.token}|${r.to}`, (delta.get(`${r.token}|${r.to}`) ?? 0n) + v);
  }
  return delta;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function applyDeltas(tx: Tx, chain: string, delta: Map<string, bigint>) {
  const byToken = new Map<string, string[]>();
  for (const k of delta.keys()) {
    const [token, holder] = k.split('|');
    (byToken.get(token) ?? byToken.set(token, []).get(token)!).push(holder);
  }
  for (const [token, holders] of byToken) {
    const current = new Map<string, bigint>();
    for (let i = 0; i < holders.length; i += 500) {
      const found = await tx
        .select({ holder: ingestHolders.holder, balance: ingestHolders.balance })
        .from(ingestHolders)
        .where(
          and(eq(ingestHolders.chain, chain), eq(ingestHolders.token, token), inArray(ingestHolders.holder, holders.slice(i, i + 500))),
        );
      for (const f of found) current.set(f.holder, BigInt(f.balance));
    }
    const upserts = holders.map((h) => {
      const balance = (current.get(h) ?? 0n) + delta.get(`${token}|${h}`)!;
      return { chain, token, holder: h, balance: balance.toString(), positive: balance > 0n };
    });
    for (let i = 0; i < upserts.length; i += INSERT_CHUNK)
      await tx
        .insert(ingestHolders)
        .values(upserts.slice(i, i + INSERT_CHUNK))
        .onConflictDoUpdate({
          target: [ingestHolders.chain, ingestHolders.token, ingestHolders.holder],
          set: { balance: sql`excluded.balance`, positive: sql`excluded.positive` },
        });
  }
}

/** One range: new transfers, the balances they move, and the checkpoints, all or nothing. */
async function commitRange(
  db: Database,
  chain: string,
  rows: Row[],
  deployments: IndexedDeployment[],
  lastBlock: number,
  lastHash: string | null,
): Promise<number> {
  return db.transaction(async (tx) => {
    const fresh: Row[] = [];
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
    await applyDeltas(tx, chain, balanceDeltas(fresh));
    for (const d of deployments)
      await tx
        .insert(ingestCheckpoints)
        .values({ chain, token: d.address, lastBlock, decimals: d.decimals, lastBlockHash: lastHash })
        .onConflictDoUpdate({
          target: [ingestCheckpoints.chain, ingestCheckpoints.token],
          set: { lastBlock, decimals: d.decimals, lastBlockHash: lastHash },
        });
    return fresh.length;
  });
}

/**
 * A reorg below the checkpoint: the stored hash of the checkpoint's block is not the chain's any
 * more. The logs of the last REORG_WINDOW blocks are dropped with their balance moves, and the
 * checkpoint set back, so the next read takes the chain's blocks as they now are.
 */
export async function undoReorg(db: Database, c: ChainClient, tokens: string[], warn: (m: string) => void): Promise<number> {
  if (!tokens.length) return 0;
  const cps = await db
    .select()
    .from(ingestCheckpoints)
    .where(and(eq(ingestCheckpoints.chain, c.key), inArray(ingestCheckpoints.token, tokens)));
  let dropped = 0;
  for (const cp of cps) {
    if (!cp.lastBlockHash) continue;
    const now = await withRetry(
      `${c.key} block ${cp.lastBlock}`,
      () => c.client.getBlock({ blockNumber: BigInt(cp.lastBlock) }),
      warn,
    ).catch(() => null);
    if (now && now.hash === cp.lastBlockHash) continue;
    const back = Math.max(cp.lastBlock - REORG_WINDOW, -1);
    dropped += await db.transaction(async (tx) => {
      const gone = await tx
        .select()
        .from(ingestTransfers)
        .where(and(eq(ingestTransfers.chain, c.key), eq(ingestTransfers.token, cp.token), gt(ingestTransfers.blockNumber, back)));
      await applyDeltas(tx, c.key, balanceDeltas(gone, -1n));
      await tx
        .delete(ingestTransfers)
        .where(and(eq(ingestTransfers.chain, c.key), eq(ingestTransfers.token, cp.token), gt(ingestTransfers.blockNumber, back)));
      await tx
        .update(ingestCheckpoints)
        .set({ lastBlock: back, lastBlockHash: null })
        .where(and(eq(ingestCheckpoints.chain, c.key), eq(ingestCheckpoints.token, cp.token)));
      return gone.length;
    });
    warn(`${c.key}: block ${cp.lastBlock} has another hash than when it was read (a reorg): ${cp.token} re-read from block ${back + 1}`);
  }
  return dropped;
}

/**
 * Indexes the Transfer logs of `deployments` (all on chain `c`) up to `toBlock`, reading every
 * address in one request per range. Returns the number of new transfers and of requests.
 */
export async function indexChain(
  db: Database,
  c: ChainClient,
  deployments: IndexedDeployment[],
  toBlock: { number: bigint; hash: string },
  opts: { span: number; maxSpan: number },
  ctx: Pick<SourceContext, 'progress' | 'warn'>,
): Promise<{ inserted: number; requests: number }> {
  const cps = new Map(
    (
      await db
        .select()
        .from(ingestCheckpoints)
        .where(
          and(
            eq(ingestCheckpoints.chain, c.key),
            inArray(
              ingestCheckpoints.token,
              deployments.map((d) => d.address),
            ),
          ),
        )
    ).map((cp) => [cp.token, cp.lastBlock]),
  );
  let requests = 0;
  // A deployment never indexed whose first block the registry does not give: find it on the chain.
  const starts = new Map<string, number>();
  for (const d of deployments) {
    if (d.startBlock !== undefined) starts.set(d.address, d.startBlock);
    else if (!cps.has(d.address)) {
      const found = await discoverDeploymentBlock(
        (blockNumber) => withRetry(`${c.key} code of ${d.address}`, () => c.client.getCode({ address: d.address, blockNumber }), ctx.warn),
        toBlock.number,
        { chain: c.key, symbol: d.symbol, address: d.address },
      );
      requests += found.calls;
      if (found.block !== null) {
        starts.set(d.address, Number(found.block));
        ctx.progress(`  ${c.key} ${d.symbol}: deployed at block ${found.block} (found by eth_getCode in ${found.calls} calls)`);
      }
    }
  }
  const nextOf = (d: IndexedDeployment) => BigInt(Math.max(cps.has(d.address) ? cps.get(d.address)! + 1 : 0, starts.get(d.address) ?? 0));
  let from = deployments.reduce((m, d) => (nextOf(d) < m ? nextOf(d) : m), toBlock.number + 1n);
  const start = from;
  let span = BigInt(opts.span);
  let cap = BigInt(opts.maxSpan);
  let inserted = 0;
  const blockTimes = new Map<bigint, string>();
  while (from <= toBlock.number) {
    const to = from + span - 1n < toBlock.number ? from + span - 1n : toBlock.number;
    // Only deployments that exist by `to` and are not yet indexed past `from`.
    const active = deployments.filter((d) => nextOf(d) <= to);
    let logs;
    try {
      requests++;
      logs = await withRetry(
        `${c.key} logs ${from}-${to}`,
        () => c.client.getLogs({ address: active.map<Address>((d) => d.address), event: transferEvent, fromBlock: from, toBlock: to }),
        ctx.warn,
      );
    } catch (e) {
      const advice = rangeRefusal(e);
      if (advice && to > from) {
        span = narrowed(from, to, advice);
        if (advice.limit !== undefined && BigInt(advice.limit) < cap) cap = BigInt(advice.limit);
        ctx.progress(`  ${c.key}: the provider refused blocks ${from}-${to}; block range now ${span}`);
        continue;
      }
      throw e;
    }
    const rows: Row[] = [];
    const symbolOf = new Map(deployments.map((d) => [d.address, d.symbol]));
    for (const log of logs) {
      if (log.removed || log.blockNumber === null || log.transactionHash === null || log.logIndex === null) continue;
      const token = log.address.toLowerCase() as `0x${string}`;
      const d = deployments.find((x) => x.address === token);
      // A log below the deployment's checkpoint was counted already; its re-read changes nothing (the key), skip the work.
      if (!d || BigInt(log.blockNumber) < nextOf(d)) continue;
      let time = blockTimes.get(log.blockNumber);
      if (!time) {
        const stamp = (log as { blockTimestamp?: bigint | string | null }).blockTimestamp;
        const seconds =
          stamp !== undefined && stamp !== null
            ? Number(BigInt(stamp))
            : Number(
                (await withRetry(`${c.key} block ${log.blockNumber}`, () => c.client.getBlock({ blockNumber: log.blockNumber }), ctx.warn))
                  .timestamp,
              );
        time = new Date(seconds * 1000).toISOString();
        blockTimes.set(log.blockNumber, time);
      }
      rows.push({
        chain: c.key,
        txHash: log.transactionHash.toLowerCase(),
        logIndex: log.logIndex,
        token,
        assetSymbol: symbolOf.get(token)!,
        blockNumber: Number(log.blockNumber),
        blockTime: time,
        from: log.args.from!.toLowerCase(),
        to: log.args.to!.toLowerCase(),
        amount: log.args.value!.toString(),
        blockHash: log.blockHash?.toLowerCase() ?? null,
      });
    }
    inserted += await commitRange(db, c.key, rows, active, Number(to), to === toBlock.number ? toBlock.hash : null);
    if (blockTimes.size > 10_000) blockTimes.clear();
    // Progress of the chain's range (a first backfill reads from the deployment blocks).
    const done = Number(((to - start + 1n) * 100n) / (toBlock.number - start + 1n));
    if (logs.length > 0 || to === toBlock.number || requests % 50 === 0)
      ctx.progress(`  ${c.key}: blocks ${from}-${to}, ${logs.length} transfers (${done}%)`);
    from = to + 1n;
    if (logs.length < 1000 && span * 2n <= cap) span *= 2n;
    else if (span < cap && logs.length < 1000) span = cap;
  }
  // Deployments with nothing to read (already at toBlock) keep their checkpoint; a fresh one starts here.
  return { inserted, requests };
}

/**
 * Balances at a block (raw, every holder with a non-zero balance, negatives included so a broken
 * index shows): the kept balances when the index stands exactly there, else summed from the
 * stored transfers up to the block (a backfill of an earlier day).
 */
export async function balancesAt(db: Database, chain: string, token: string, block: number): Promise<Map<string, bigint>> {
  const [cp] = await db
    .select()
    .from(ingestCheckpoints)
    .where(and(eq(ingestCheckpoints.chain, chain), eq(ingestCheckpoints.token, token)));
  const balances = new Map<string, bigint>();
  if (cp && cp.lastBlock === block) {
    const rows = await db
      .select({ holder: ingestHolders.holder, balance: ingestHolders.balance })
      .from(ingestHolders)
      .where(and(eq(ingestHolders.chain, chain), eq(ingestHolders.token, token)));
    for (const r of rows) if (BigInt(r.balance) !== 0n) balances.set(r.holder, BigInt(r.balance));
    return balances;
  }
  const rows = await db
    .select({ from: ingestTransfers.from, to: ingestTransfers.to, amount: ingestTransfers.amount, token: ingestTransfers.token })
    .from(ingestTransfers)
    .where(and(eq(ingestTransfers.chain, chain), eq(ingestTransfers.token, token), lte(ingestTransfers.blockNumber, block)));
  for (const [k, v] of balanceDeltas(rows)) if (v !== 0n) balances.set(k.split('|')[1], v);
  return balances;
}
