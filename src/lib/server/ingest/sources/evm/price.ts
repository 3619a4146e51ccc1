/**
 * An asset's price at the price chain's block (its close or its head), checked (prices.ts): a feed's or a NAV
 * contract's answer must be positive, else it is refused with its reason (the asset is shown
 * stale or unknown rather than valued with a wrong price). A price past its kind's staleness
 * bound (a feed's `updatedAt`, or a NAV unchanged for too many business days) is kept with a
 * "stale since" note: the asset is valued at its last price and marked.
 */
import { formatUnits, parseAbi } from 'viem';
import { withRetry, type ChainClient } from '#lib/server/ingest/rpc.ts';
import { scaleFactor, type RegistryAsset } from '#lib/server/catalogue/registry.ts';
import { checkFeedAnswer, checkPrice, lastAcceptedPrice, navStaleness, priceBound, type PriceCheck } from '#lib/server/ingest/prices.ts';
import type { ClosingBlock } from './block.ts';
import type { SourceContext } from '../types.ts';
import { and, desc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { ingestObservations } from '#db/schema/index.ts';

const feedAbi = parseAbi([
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)',
]);
const vaultAbi = parseAbi(['function totalAssets() view returns (uint256)', 'function totalSupply() view returns (uint256)']);
const centrifugeAbi = parseAbi(['function vault(address) view returns (address)', 'function pricePerShare() view returns (uint256)']);

/** A price contract that gave no answer at the block; `reverted` when it refused (its call reverted). */
export class NoPriceAnswer extends Error {
  readonly reverted: boolean;
  readonly block: bigint;
  constructor(message: string, block: bigint, reverted: boolean) {
    super(message);
    this.block = block;
    this.reverted = reverted;
  }
}

/**
 * A price source marked as refusing to answer once stale (revertsWhenStale) that refused: the
 * asset's last accepted price, stale since that price's date, or refused (unknown) without one.
 * Null for any other failure, which leaves the asset unread as before.
 */
export async function refusedWhenStale(asset: RegistryAsset, e: unknown, history: PriceHistory): Promise<PriceCheck | null> {
  const p = asset.price;
  if (!(e instanceof NoPriceAnswer) || !e.reverted || !('revertsWhenStale' in p) || !p.revertsWhenStale) return null;
  const who = p.kind === 'feed' ? 'the feed' : `the NAV contract (${p.method}())`;
  return lastAcceptedPrice(
    await history(),
    `${who} refuses to answer once its data is older than its bound (it reverted at block ${e.block})`,
  );
}

/** The asset's earlier published prices, one per day: what a NAV without a timestamp is compared with. */
export type PriceHistory = () => Promise<Array<{ date: string; price: number }>>;

/**
 * A price read on its own: a fixed NAV, none, or a contract price that takes two steps (Centrifuge:
 * the vault's address first). `{ ok: true, price: null }` when the registry has no price method.
 * The one-step contract prices are read with the chain's state (state.ts, priceReads).
 */
export async function readPrice(
  asset: RegistryAsset,
  c: ChainClient | undefined,
  block: ClosingBlock | null | undefined,
  warn: (m: string) => void,
): Promise<PriceCheck | { ok: true; price: null }> {
  const p = asset.price;
  if (p.kind === 'fixed') return checkPrice(Number(p.usd));
  if (p.kind === 'unavailable') return { ok: true, price: null };
  if (!c || !block) return { ok: false, reason: `the price chain "${p.chain}" could not be read` };
  if (p.kind !== 'centrifuge') return { ok: false, reason: `the ${p.kind} price on "${p.chain}" is read with the chain's state` };
  const at = { blockNumber: block.number };
  const what = `${asset.symbol} price`;
  const vault = await withRetry(
    what,
    () => c.client.readContract({ address: p.address, abi: centrifugeAbi, functionName: 'vault', args: [p.asset], ...at }),
    warn,
  );
  const raw = await withRetry(
    what,
    () => c.client.readContract({ address: vault, abi: centrifugeAbi, functionName: 'pricePerShare', ...at }),
    warn,
  );
  return checkPrice(Number(formatUnits(raw, p.decimals)));
}

/** A price past its bound, told to the run (the asset is marked "stale since"), or warned when the caller keeps no list. */
export function reportStalePrice(
  ctx: Pick<SourceContext, 'stalePrice' | 'warn'>,
  symbol: string,
  p: PriceCheck | { ok: true; price: null },
): void {
  if (!p.ok || !('stale' in p) || !p.stale) return;
  const why = `${symbol}: price stale since ${p.stale.since}: ${p.stale.reason}`;
  if (ctx.stalePrice) ctx.stalePrice(symbol, p.stale.since, why);
  else ctx.warn(why);
}

/** A NAV without a timestamp (call, vault, centrifuge) checked against its history: marked stale past its bound. */
export async function withNavStaleness<T extends PriceCheck | { ok: true; price: null }>(
  asset: RegistryAsset,
  checked: T,
  day: { date: string; history: PriceHistory },
): Promise<T> {
  const bound = priceBound(asset.price);
  if (!checked.ok || checked.price === null || !bound || asset.price.kind === 'feed') return checked;
  const stale = navStaleness(checked.price, await day.history(), day.date, bound);
  return stale ? { ...checked, stale } : checked;
}

/** The asset's accepted prices of the 60 days before `date`, one per day: a NAV's history. */
export async function publishedPrices(db: Database, symbol: string, date: string): Promise<Array<{ date: string; price: number }>> {
  const rows = await db
    .selectDistinct({ date: ingestObservations.date, price: ingestObservations.price })
    .from(ingestObservations)
    .where(
      and(
        eq(ingestObservations.assetSymbol, symbol),
        eq(ingestObservations.accepted, true),
        isNotNull(ingestObservations.price),
        lt(ingestObservations.date, date),
      ),
    )
    .orderBy(desc(ingestObservations.date))
    .limit(60);
  const byDate = new Map<string, number>();
  for (const r of rows) if (!byDate.has(r.date)) byDate.set(r.date, r.price!);
  return [...byDate].map(([d, price]) => ({ date: d, price }));
}

type PriceRef = Extract<RegistryAsset['price'], { chain: string }>;

/**
 * The contract reads that give a price in one multicall (a feed, a vault, a NAV method), or null
 * when it takes two steps (Centrifuge: the vault's address first). The chain's state read
 * (state.ts) puts them in its one multicall per chain.
 */
export function priceReads(p: PriceRef) {
  if (p.kind === 'feed')
    return [p.address, ...(p.quote ? [p.quote] : [])].flatMap((address) => [
      { address, abi: feedAbi, functionName: 'decimals' as const },
      { address, abi: feedAbi, functionName: 'latestRoundData' as const },
    ]);
  if (p.kind === 'vault')
    return [
      { address: p.address, abi: vaultAbi, functionName: 'totalAssets' },
      { address: p.address, abi: vaultAbi, functionName: 'totalSupply' },
    ] as const;
  if (p.kind === 'centrifuge') return null;
  return [p.method, ...(p.divisor ? [p.divisor] : [])].map((method) => ({
    address: p.address,
    abi: parseAbi([`function ${method}() view returns (uint256)` as 'function x() view returns (uint256)']),
    functionName: method as 'x',
  }));
}

/**
 * The checked price from the answers of priceReads, in their order: `closeMs` is when a feed's
 * age is measured (the day's end, or the block read), `date` the day measured when there is one.
 */
export function priceFromReads(p: PriceRef, values: readonly unknown[], closeMs: number, date?: string): PriceCheck {
  if (p.kind === 'feed') {
    const feed = feedPrice(p, values, closeMs, date);
    // A token that is a stated quantity of the feed's unit (a gram against an ounce feed): the one place it is applied.
    return feed.ok && p.scale ? { ...feed, price: feed.price * scaleFactor(p.scale.factor) } : feed;
  }
  if (p.kind === 'vault') {
    const [assets, shares] = values as [bigint, bigint];
    if (shares === 0n) return { ok: false, reason: 'the vault has no shares (totalSupply() is 0)' };
    return checkPrice(Number(formatUnits(assets, p.decimals)) / Number(formatUnits(shares, p.decimals)));
  }
  const answer = Number(formatUnits(values[0] as bigint, p.decimals));
  if (p.kind !== 'call' || !p.divisor) return checkPrice(answer);
  const divisor = values[1] as bigint;
  if (divisor === 0n) return { ok: false, reason: `${p.divisor}() answered zero: the NAV cannot be scaled` };
  return checkPrice(answer / Number(divisor));
}

/** A feed's checked answer, times its quote feed's when it has one, before any stated factor. */
function feedPrice(p: Extract<PriceRef, { kind: 'feed' }>, values: readonly unknown[], closeMs: number, date?: string): PriceCheck {
  const answer = (at: number) => {
    const round = values[at + 1] as readonly [bigint, bigint, bigint, bigint, bigint];
    return checkFeedAnswer(round[1], Number(values[at]), round[3], closeMs, priceBound(p)!, date);
  };
  const base = answer(0);
  if (!p.quote || !base.ok) return base;
  // The NAV in another currency times that currency's dollar rate; either refused refuses the price.
  const fx = answer(2);
  if (!fx.ok) return { ok: false, reason: `the quote feed ${p.quote}: ${fx.reason}` };
  const stale = base.stale ?? fx.stale;
  return { ok: true, price: base.price * fx.price, ...(stale ? { stale } : {}) };
}
