/**
 * Transfer logs of every deployment of one chain, read together: one eth_getLogs per block range
 * with all the chain's addresses, ranges narrowed as each provider asks (ranges.ts).
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
import type { SourceContext } from '../types.ts';
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

/** One range: new transfers, the balances they move, and the checkpoints (`checkpoint`), all or nothing. */
async function commitRange(db: Database, chain: string, rows: Row[], checkpoint: (tx: Tx) => Promise<void>): Promise<number> {
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
    await checkpoint(tx);
    return fresh.length;
  });
}

/** The checkpoints of a forward range: every deployment read is indexed up to `lastBlock`. */
const forwardCheckpoint =
  (chain: string, deployments: IndexedDeployment[], lastBlock: number, lastHash: string | null) => async (tx: Tx) => {
    for (const d of deployments)
      await tx
        .insert(ingestCheckpoints)
        .values({ chain, token: d.address, lastBlock, decimals: d.decimals, lastBlockHash: lastHash })
        .onConflictDoUpdate({
          target: [ingestCheckpoints.chain, ingestCheckpoints.token],
          set: { lastBlock, decimals: d.decimals, lastBlockHash: lastHash },
        });
  };

/**
 * A reorg below the checkpoint: the stored hash of the checkpoint's block is not the chain's any
 * more. The logs of the last REORG_WINDOW blocks are dropped with their balance moves, and the
 * checkpoint set back, so the next read takes the chain's blocks as they now are.
 */
export async function undoReorg(
  db: Database,
  c: ChainClient,
  deployments: readonly { address: string }[],
  warn: (m: string) => void,
): Promise<number> {
  if (!deployments.length) return 0;
  const tokens = deployments.map((d) => d.address);
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
 * One eth_getLogs per block range for every address given, the range narrowed as the provider
 * asks (ranges.ts) and widened again while answers stay small; each log becomes a stored row.
 */
function rangeReader(c: ChainClient, opts: { span: number; maxSpan: number }, ctx: Pick<SourceContext, 'progress' | 'warn'>) {
  let span = BigInt(opts.span);
  let cap = BigInt(opts.maxSpan);
  let requests = 0;
  const blockTimes = new Map<bigint, string>();
  const timeOf = async (n: bigint, stamp: bigint | string | null | undefined) => {
    let time = blockTimes.get(n);
    if (!time) {
      const seconds =
        stamp !== undefined && stamp !== null
          ? Number(BigInt(stamp))
          : Number((await withRetry(`${c.key} block ${n}`, () => c.client.getBlock({ blockNumber: n }), ctx.warn)).timestamp);
      time = new Date(seconds * 1000).toISOString();
      if (blockTimes.size > 10_000) blockTimes.clear();
      blockTimes.set(n, time);
    }
    return time;
  };
  return {
    requests: () => requests,
    /** The last block of the next range from `from`, at most `last`. */
    end: (from: bigint, last: bigint) => (from + span - 1n < last ? from + span - 1n : last),
    /**
     * The rows of [from, to] for `active`, `keep` saying which block of which deployment is wanted;
     * null when the provider refused the range (it is narrowed: ask again from `from`).
     */
    async read(
      active: IndexedDeployment[],
      from: bigint,
      to: bigint,
      keep: (d: IndexedDeployment, block: bigint) => boolean,
    ): Promise<{ rows: Row[]; logs: number } | null> {
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
          return null;
        }
        throw e;
      }
      const rows: Row[] = [];
      for (const log of logs) {
        if (log.removed || log.blockNumber === null || log.transactionHash === null || log.logIndex === null) continue;
        const token = log.address.toLowerCase() as `0x${string}`;
        const d = active.find((x) => x.address === token);
        // A log outside what the deployment still needs was counted already; its re-read changes nothing (the key), skip the work.
        if (!d || !keep(d, log.blockNumber)) continue;
        const time = await timeOf(log.blockNumber, (log as { blockTimestamp?: bigint | string | null }).blockTimestamp);
        rows.push({
          chain: c.key,
          txHash: log.transactionHash.toLowerCase(),
          logIndex: log.logIndex,
          token,
          assetSymbol: d.symbol,
          blockNumber: Number(log.blockNumber),
          blockTime: time,
          from: log.args.from!.toLowerCase(),
          to: log.args.to!.toLowerCase(),
          amount: log.args.value!.toString(),
          blockHash: log.blockHash?.toLowerCase() ?? null,
        });
      }
      if (logs.length < 1000 && span * 2n <= cap) span *= 2n;
      else if (span < cap && logs.length < 1000) span = cap;
      return { rows, logs: logs.length };
    },
  };
}

export interface IndexOptions {
  span: number;
  maxSpan: number;
  /**
   * Head first: a deployment never indexed is read from this block (the last 30 days) up to the
   * head now, and its older history later by readHistory, oldest first.
   */
  recentFrom?: bigint;
  /** No new range is started after this time (ms): the rest waits for the next run at its checkpoint. */
  deadline?: number;
  /** After each range is committed (the head-first run updates its "N% of history read"). */
  onRange?: () => Promise<void>;
}

/** Time is up: a run stops between ranges, never inside one (each range is committed whole). */
const pastDeadline = (deadline: number | undefined) => deadline !== undefined && Date.now() >= deadline;

/**
 * Indexes the Transfer logs of `deployments` (all on chain `c`) up to `toBlock`, reading every
 * address in one request per range. Returns the number of new transfers and of requests, and
 * whether it reached `toBlock` (not when the deadline came first).
 */
export async function indexChain(
  db: Database,
  c: ChainClient,
  deployments: IndexedDeployment[],
  toBlock: { number: bigint; hash: string },
  opts: IndexOptions,
  ctx: Pick<SourceContext, 'progress' | 'warn'>,
): Promise<{ inserted: number; requests: number; done: boolean }> {
  const cps = new Map((await checkpointsOf(db, c, deployments)).map((cp) => [cp.token, cp.lastBlock]));
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
  // Head first: the history older than the recent window is left for readHistory, its bounds kept in the checkpoint.
  if (opts.recentFrom !== undefined) {
    const recent = Number(opts.recentFrom);
    for (const d of deployments) {
      const start = starts.get(d.address) ?? 0;
      if (cps.has(d.address) || recent <= start) continue;
      await db
        .insert(ingestCheckpoints)
        .values({
          chain: c.key,
          token: d.address,
          lastBlock: recent - 1,
          decimals: d.decimals,
          historyFrom: start,
          historyNext: start,
          historyEnd: recent,
        })
        .onConflictDoNothing();
      cps.set(d.address, recent - 1);
    }
  }
  const nextOf = (d: IndexedDeployment) => BigInt(Math.max(cps.has(d.address) ? cps.get(d.address)! + 1 : 0, starts.get(d.address) ?? 0));
  let from = deployments.reduce((m, d) => (nextOf(d) < m ? nextOf(d) : m), toBlock.number + 1n);
  const start = from;
  let inserted = 0;
  const reader = rangeReader(c, opts, ctx);
  while (from <= toBlock.number) {
    if (pastDeadline(opts.deadline)) break;
    const to = reader.end(from, toBlock.number);
    // Only deployments that exist by `to` and are not yet indexed past `from`.
    const active = deployments.filter((d) => nextOf(d) <= to);
    const got = await reader.read(active, from, to, (d, block) => block >= nextOf(d));
    if (!got) continue;
    inserted += await commitRange(
      db,
      c.key,
      got.rows,
      forwardCheckpoint(c.key, active, Number(to), to === toBlock.number ? toBlock.hash : null),
    );
    // Progress of the chain's range (a first backfill reads from the deployment blocks).
    const done = Number(((to - start + 1n) * 100n) / (toBlock.number - start + 1n));
    await opts.onRange?.();
    if (got.logs > 0 || to === toBlock.number || reader.requests() % 50 === 0)
      ctx.progress(`  ${c.key}: blocks ${from}-${to}, ${got.logs} transfers (${done}%)`);
    from = to + 1n;
  }
  // Deployments with nothing to read (already at toBlock) keep their checkpoint; a fresh one starts here.
  return { inserted, requests: requests + reader.requests(), done: from > toBlock.number };
}

/**
 * The older history of head-first deployments (their checkpoint's historyNext up to historyEnd),
 * oldest first, one request per range for all of the chain's deployments, each range committed
 * with its transfers, balances and checkpoints: a run killed at any point resumes at the next
 * range and re-reads none it finished. Returns whether every deployment's history is read.
 */
/** The checkpoint rows of these deployments on this chain: the daily index's and the head-first history's. */
function checkpointsOf(db: Database, c: ChainClient, deployments: IndexedDeployment[]) {
  return db
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
    );
}

export async function readHistory(
  db: Database,
  c: ChainClient,
  deployments: IndexedDeployment[],
  opts: IndexOptions,
  ctx: Pick<SourceContext, 'progress' | 'warn'>,
): Promise<{ inserted: number; requests: number; done: boolean }> {
  const left = new Map<string, { next: bigint; end: bigint }>();
  for (const cp of await checkpointsOf(db, c, deployments))
    if (cp.historyNext !== null && cp.historyEnd !== null && cp.historyNext < cp.historyEnd)
      left.set(cp.token, { next: BigInt(cp.historyNext), end: BigInt(cp.historyEnd) });
  const reader = rangeReader(c, opts, ctx);
  let inserted = 0;
  while (left.size) {
    if (pastDeadline(opts.deadline)) break;
    const from = [...left.values()].reduce((m, h) => (h.next < m ? h.next : m), [...left.values()][0].next);
    const last = [...left.values()].reduce((m, h) => (h.end > m ? h.end : m), 0n) - 1n;
    const to = reader.end(from, last);
    const active = deployments.filter((d) => left.has(d.address) && left.get(d.address)!.next <= to);
    const got = await reader.read(active, from, to, (d, block) => block >= left.get(d.address)!.next && block < left.get(d.address)!.end);
    if (!got) continue;
    inserted += await commitRange(db, c.key, got.rows, async (tx) => {
      for (const d of active) {
        const h = left.get(d.address)!;
        const finished = to + 1n >= h.end;
        await tx
          .update(ingestCheckpoints)
          .set(finished ? { historyNext: null, historyEnd: null } : { historyNext: Number(to + 1n) })
          .where(and(eq(ingestCheckpoints.chain, c.key), eq(ingestCheckpoints.token, d.address)));
      }
    });
    for (const d of active) {
      const h = left.get(d.address)!;
      if (to + 1n >= h.end) left.delete(d.address);
      else h.next = to + 1n;
    }
    await opts.onRange?.();
    ctx.progress(`  ${c.key}: history blocks ${from}-${to}, ${got.logs} transfers`);
  }
  return { inserted, requests: reader.requests(), done: left.size === 0 };
}

/** Per deployment with a checkpoint, the share of its history read (0-100): whole when nothing is left to read up to `head`. */
export async function historyRead(db: Database, chain: string, tokens: string[], head: number): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!tokens.length) return out;
  const cps = await db
    .select()
    .from(ingestCheckpoints)
    .where(and(eq(ingestCheckpoints.chain, chain), inArray(ingestCheckpoints.token, tokens)));
  for (const t of tokens) {
    const cp = cps.find((x) => x.token === t);
    if (!cp) continue;
    const from = cp.historyFrom ?? 0;
    const total = Math.max(1, head - from + 1);
    const unread =
      (cp.historyEnd !== null && cp.historyNext !== null ? cp.historyEnd - cp.historyNext : 0) + Math.max(0, head - cp.lastBlock);
    out.set(t, Math.max(0, Math.min(100, Math.floor(((total - unread) * 100) / total))));
  }
  return out;
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
