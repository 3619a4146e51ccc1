/**
 * Head first, history after (architecture "Live by default"): a run reads today's figures of every
 * EVM deployment at its chain's finalized head (evm-head-read.ts, two requests per chain, no
 * archive state) and publishes them at once; then it reads Transfer logs, the last 30 days first
 * and the older history after, oldest first, until its time budget ends. Checkpoints keep where
 * each deployment stands, so the next run goes on from there. Holders are counted only once a
 * deployment's history is read through to the head; until then it shows "indexing, N% of history read".
 */
import type { Database } from '#db/client.ts';
import { datasetMeta } from '#db/schema/index.ts';
import { configFor } from '#lib/server/config.ts';
import { DAY_MS } from '#lib/shared/utc-day.ts';
import { countedHoldings } from './holders.ts';
import type { RegistryAsset } from './registry.ts';
import type { PriceCheck } from './prices.ts';
import { closingBlock } from './sources/evm-head.ts';
import { readChainHead, type ChainHead, type HeadState } from './sources/evm-head-read.ts';
import { balancesAt, historyRead, indexChain, readHistory, undoReorg, type IndexedDeployment } from './sources/evm-logs.ts';
import { deploymentsByChain, evmChains } from './sources/evm.ts';
import { publishedPrices, readPrice, reportStalePrice, withNavStaleness } from './sources/evm-price.ts';
import { assetHolderCounts, writeEvmRows, type EvmRow } from './sources/evm-rows.ts';
import { evmReceipt } from './receipts.ts';
import { priceMethodOf } from './methods.ts';
import type { FailureScope, Source, SourceContext } from './sources/types.ts';
import { formatUnits } from 'viem';

/** The recent window read before the older history. */
const RECENT_DAYS = 30;
/** The dataset_meta key of the history read per `SYMBOL|chain` (0-100), shown while a deployment indexes. */
export const INDEXING_KEY = 'indexing';

/** What the head read leaves for the log phase of the same run. */
export interface HeadRead {
  heads: Map<string, ChainHead>;
  prices: Map<string, number | null>;
}

/** The deployments of a chain read at its head, with their decimals (the log phase's list). */
function indexed(registry: SourceContext['registry'], key: string, head: ChainHead): IndexedDeployment[] {
  return (deploymentsByChain(registry).get(key) ?? []).flatMap((d) => {
    const s = head.states.get(d.address);
    return s && typeof s !== 'string'
      ? [{ symbol: d.asset.symbol, address: d.address, startBlock: d.startBlock, decimals: s.decimals }]
      : [];
  });
}

/**
 * The price's contract calls with their raw answers, when they were read in this chain's head
 * multicall: the receipt's one command repeats every call at this chain's block, so a price read on
 * another chain keeps its value and source only.
 */
const priceCallsOf = (read: HeadRead, asset: RegistryAsset, chain: string) =>
  ('chain' in asset.price && asset.price.chain === chain ? read.heads.get(chain)?.priceCalls.get(asset.symbol) : undefined) ?? [];

/** The holdings at the head, when the deployment's history is read up to it and the balances add up; else null. */
async function headHoldings(
  ctx: SourceContext,
  key: string,
  d: { asset: RegistryAsset; address: string },
  s: HeadState,
  block: number,
): Promise<Map<string, bigint> | null> {
  const read = (await historyRead(ctx.db, key, [d.address], block)).get(d.address);
  if (read !== 100) return null;
  const counted = countedHoldings(await balancesAt(ctx.db, key, d.address, block), d.asset, key, s);
  if ('problem' in counted) {
    ctx.warn(`${d.asset.symbol} on ${key} at block ${block}: ${counted.problem}; holders not counted`);
    return null;
  }
  return counted.holdings;
}

/**
 * One observation per deployment read at the head, for the run's day. Written again after the
 * log phase (the same row, now with holders): the head's figures are not read twice.
 */
export async function writeHeadRows(ctx: SourceContext, read: HeadRead, fail: (scope: FailureScope, reason: string) => void) {
  const fetchedAt = new Date().toISOString();
  const rows: EvmRow[] = [];
  for (const [key, deployments] of deploymentsByChain(ctx.registry)) {
    const head = read.heads.get(key);
    if (!head) continue;
    for (const d of deployments) {
      if (!read.prices.has(d.asset.symbol)) continue;
      const s = head.states.get(d.address);
      if (s === undefined) continue;
      if (typeof s === 'string') {
        fail({ asset: d.asset.symbol, chain: key }, `${d.asset.symbol} on ${key}: ${s}`);
        continue;
      }
      const holdings = ctx.dryRun ? null : await headHoldings(ctx, key, d, s, Number(head.block.number));
      const supply = formatUnits(s.totalSupply - s.excludedSum, s.decimals);
      const price = read.prices.get(d.asset.symbol) ?? null;
      rows.push({
        holdings,
        decimals: s.decimals,
        receipt: evmReceipt({
          chainId: head.client.chain.chainId ?? 0, // an EVM chain always has one (checked against the node)
          block: head.block,
          contract: d.address,
          decimals: s.decimals,
          totalSupply: s.totalSupply,
          excluded: s.excluded,
          calls: s.calls,
          price: { value: price, source: priceMethodOf(d.asset.price), calls: priceCallsOf(read, d.asset, key) },
        }),
        row: {
          runId: ctx.runId,
          date: ctx.date,
          assetSymbol: d.asset.symbol,
          chain: key,
          source: 'evm',
          contract: d.address,
          supply,
          price,
          value: price === null ? null : Number(supply) * price,
          holders: holdings?.size ?? null,
          blockNumber: Number(head.block.number),
          blockTime: new Date(head.block.time).toISOString(),
          apiUrl: null,
          fetchedAt,
        },
      });
    }
  }
  if (ctx.dryRun) return 0;
  // Holders once per asset across its chains, and only when every chain of it is counted.
  return writeEvmRows(ctx, rows, assetHolderCounts(rows, true), fail);
}

/** Per `SYMBOL|chain`, the share of its history read, kept where the pages read it. */
async function writeIndexing(db: Database, registry: SourceContext['registry'], read: HeadRead): Promise<Record<string, number>> {
  const value: Record<string, number> = {};
  for (const [key, head] of read.heads) {
    const list = indexed(registry, key, head);
    const pct = await historyRead(
      db,
      key,
      list.map((d) => d.address),
      Number(head.block.number),
    );
    for (const d of list) value[`${d.symbol}|${key}`] = pct.get(d.address) ?? 0;
  }
  await db.insert(datasetMeta).values({ key: INDEXING_KEY, value }).onConflictDoUpdate({ target: datasetMeta.key, set: { value } });
  return value;
}

/**
 * The EVM source of a head-first run: every chain's head read (a chain that fails is one chain
 * stale), the prices checked, one observation per deployment. `read` receives what the log phase needs.
 */
export function evmHeadSource(read: HeadRead): Source {
  return {
    name: 'evm',
    setsPrices: true,
    applies: (registry) => registry.assets.some((a) => a.source === 'evm'),
    async run(ctx) {
      const fail =
        ctx.fail ??
        ((_: FailureScope, reason: string) => {
          throw new Error(reason);
        });
      const cfg = configFor(ctx.env).ingest;
      const evmAssets = ctx.registry.assets.filter((a) => a.source === 'evm');
      const byChain = deploymentsByChain(ctx.registry);
      for (const key of evmChains(ctx.registry)) {
        const priced = evmAssets.filter((a) => 'chain' in a.price && a.price.chain === key);
        try {
          const h = await readChainHead(
            ctx.registry,
            key,
            ctx.env,
            byChain.get(key) ?? [],
            priced,
            { tag: cfg.headTag, maxHeadAgeS: cfg.maxHeadAge },
            ctx.warn,
          );
          read.heads.set(key, h);
          ctx.progress(
            `evm ${key}: head block ${h.block.number} (${new Date(h.block.time).toISOString()}), read in ${h.client.calls()} requests`,
          );
        } catch (e) {
          fail({ chain: key }, `Chain "${key}" (${ctx.registry.chains[key].name}): ${(e as Error).message.split('\n')[0]}`);
        }
      }
      for (const asset of evmAssets) {
        const chain = 'chain' in asset.price ? asset.price.chain : undefined;
        let p: PriceCheck | { ok: true; price: null };
        if (!chain) p = await readPrice(asset, undefined, undefined, ctx.warn);
        else p = read.heads.get(chain)?.prices.get(asset.symbol) ?? { ok: false, reason: `the price chain "${chain}" could not be read` };
        if (!p.ok) {
          fail({ asset: asset.symbol }, `${asset.symbol}: price refused: ${p.reason}`);
          continue;
        }
        // A price past its bound (issue 25.2) values the asset at that price, marked "stale since".
        p = await withNavStaleness(asset, p, { date: ctx.date, history: () => publishedPrices(ctx.db, asset.symbol, ctx.date) });
        reportStalePrice(ctx, asset.symbol, p);
        if (p.price === null) ctx.warn(`${asset.symbol}: no price method in the registry; its value is unavailable`);
        read.prices.set(asset.symbol, p.price);
        ctx.prices?.set(asset.symbol, p.price);
      }
      const observations = await writeHeadRows(ctx, read, fail);
      if (!ctx.dryRun) await writeIndexing(ctx.db, ctx.registry, read);
      const headCalls = [...read.heads.values()].reduce((s, h) => s + h.client.calls(), 0);
      return { observations, rpcCalls: headCalls, headCalls };
    },
  };
}

/**
 * The log phase, after the head figures are published: per chain, the recent window, then the
 * older history oldest first, until `deadline` (ms). A chain whose logs fail keeps its head
 * figures; the failure is a warning. Returns whether every history is read, and the requests sent.
 */
export async function readLogs(
  ctx: SourceContext,
  read: HeadRead,
  deadline: number,
): Promise<{ complete: boolean; requests: number; transfers: number }> {
  const cfg = configFor(ctx.env).ingest;
  let complete = true;
  let requests = 0;
  let transfers = 0;
  for (const [key, head] of read.heads) {
    const list = indexed(ctx.registry, key, head);
    if (!list.length) continue;
    const c = head.client;
    try {
      await undoReorg(ctx.db, c, list, ctx.warn);
      const known = await historyRead(
        ctx.db,
        key,
        list.map((d) => d.address),
        Number(head.block.number),
      );
      // The first block of the last 30 days, for deployments never read (their history waits).
      let recentFrom: bigint | undefined;
      if (list.some((d) => !known.has(d.address))) {
        const before = await closingBlock(c, head.block.time - RECENT_DAYS * DAY_MS, { tag: 'latest', maxHeadAgeS: 0 }, ctx.warn);
        recentFrom = before ? before.number + 1n : 0n;
      }
      const onRange = () => writeIndexing(ctx.db, ctx.registry, read).then(() => {});
      const opts = { span: cfg.logSpan, maxSpan: cfg.maxLogSpan, recentFrom, deadline, onRange };
      const recent = await indexChain(ctx.db, c, list, { number: head.block.number, hash: head.block.hash }, opts, ctx);
      const older = recent.done ? await readHistory(ctx.db, c, list, opts, ctx) : { done: false, requests: 0, inserted: 0 };
      requests += recent.requests + older.requests;
      transfers += recent.inserted + older.inserted;
      if (!recent.done || !older.done) {
        complete = false;
        ctx.progress(`evm ${key}: time budget used; the logs go on from the checkpoints in the next run`);
      }
    } catch (e) {
      complete = false;
      ctx.warn(`${key}: Transfer logs not read: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  await writeIndexing(ctx.db, ctx.registry, read);
  return { complete, requests, transfers };
}
