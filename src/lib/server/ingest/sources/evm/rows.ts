/**
 * A day's EVM observations, at whichever block the policy chose: one row per deployment read, with
 * its receipt (the calls and the sum) and its holders where the deployment's Transfer history is
 * read up to the block and the balances add up; each asset's holders counted once across chains
 * (an address holding it on two chains is one holder), then the day's holder concentration from
 * the same holdings (concentration.ts): the balances are read once, for both figures.
 */
import { formatUnits } from 'viem';
import type { EvmReceipt } from '#lib/shared/receipts.ts';
import { deploymentHoldings, recordConcentration, type DeploymentHoldings } from '#lib/server/ingest/concentration.ts';
import { countedHoldings } from '#lib/server/ingest/holders.ts';
import { evmReceipt } from '#lib/server/ingest/receipts.ts';
import { priceMethodOf } from '#lib/server/catalogue/methods.ts';
import { writeObservation, type ObservationRow } from '../observe.ts';
import type { FailureScope, SourceContext } from '../types.ts';
import { deploymentsByChain } from './chains.ts';
import { balancesAt, historyRead } from './logs.ts';
import type { ChainState } from './state.ts';
import { keptStateNote } from './kept-state.ts';

/** One deployment's observation, with the holdings its holder count read (null when none were counted). */
export interface EvmRow {
  row: ObservationRow;
  /** Raw units of `decimals`. */
  holdings: Map<string, bigint> | null;
  decimals: number;
  receipt: EvmReceipt;
}

/**
 * Each asset's holders across its chains: unknown unless every chain of it was counted (a chain
 * still reading its history would make the union an undercount).
 */
export function assetHolderCounts(rows: readonly EvmRow[]): Map<string, number | null> {
  const byAsset = new Map<string, EvmRow[]>();
  for (const r of rows) (byAsset.get(r.row.assetSymbol) ?? byAsset.set(r.row.assetSymbol, []).get(r.row.assetSymbol)!).push(r);
  return new Map(
    [...byAsset].map(([asset, list]) => {
      const counted = list.flatMap((r) => (r.holdings ? [r.holdings] : []));
      if (!counted.length || counted.length < list.length) return [asset, null];
      return [asset, new Set(counted.flatMap((h) => [...h.keys()])).size];
    }),
  );
}

/**
 * The rows of every chain read, for the day (`prices`: the checked price per asset; an asset
 * without one is not written). A deployment whose history is read through the block but whose
 * balances do not add up is not published (rwa.xyz's data-quality rule): check its startBlock.
 */
export async function buildRows(
  ctx: SourceContext,
  chains: ReadonlyMap<string, ChainState>,
  prices: ReadonlyMap<string, number | null>,
  fail: (scope: FailureScope, reason: string) => void,
): Promise<EvmRow[]> {
  const fetchedAt = new Date().toISOString();
  const rows: EvmRow[] = [];
  for (const [key, deployments] of deploymentsByChain(ctx.registry)) {
    const chain = chains.get(key);
    if (!chain) continue;
    const { block, client } = chain;
    for (const { asset, address } of deployments) {
      if (!prices.has(asset.symbol)) continue;
      const s = chain.states.get(address);
      if (s === undefined) continue;
      if (typeof s === 'string') {
        fail({ asset: asset.symbol, chain: key }, `${asset.symbol} on ${key}: ${s}`);
        continue;
      }
      let holdings: Map<string, bigint> | null = null;
      const read = ctx.dryRun ? undefined : (await historyRead(ctx.db, key, [address], Number(block.number))).get(address);
      if (read !== undefined && read < 100)
        ctx.progress(`evm ${key} ${asset.symbol}: ${read}% of its history read; holders not counted yet`);
      else if (read !== undefined) {
        const counted = countedHoldings(await balancesAt(ctx.db, key, address, Number(block.number)), asset, key, s);
        if ('problem' in counted) {
          fail(
            { asset: asset.symbol, chain: key },
            `${asset.symbol} on ${key} at block ${block.number}: ${counted.problem}; not published (check the registry's startBlock)`,
          );
          continue;
        }
        holdings = counted.holdings;
      }
      const supply = formatUnits(s.totalSupply - s.excludedSum, s.decimals);
      const price = prices.get(asset.symbol) ?? null;
      const value = price === null ? null : Number(supply) * price;
      ctx.progress(
        `evm ${key} ${asset.symbol}: supply ${supply} at block ${block.number}${value === null ? '' : `, $${value.toFixed(2)}`}, ${holdings?.size ?? '?'} holders`,
      );
      rows.push({
        holdings,
        decimals: s.decimals,
        receipt: evmReceipt({
          chainId: client.chain.chainId ?? 0, // an EVM chain always has one (checked against the node)
          block,
          blockNote: keptStateNote(block),
          contract: address,
          decimals: s.decimals,
          totalSupply: s.totalSupply,
          excluded: s.excluded,
          reserves: s.reserves,
          calls: s.calls,
          // The price's calls only when read on this chain: the receipt's one command repeats every call at this block.
          price: {
            value: price,
            source: priceMethodOf(asset.price),
            calls: 'chain' in asset.price && asset.price.chain === key ? (chain.priceCalls.get(asset.symbol) ?? []) : [],
          },
        }),
        row: {
          runId: ctx.runId,
          date: ctx.date,
          assetSymbol: asset.symbol,
          chain: key,
          source: 'evm',
          contract: address,
          supply,
          price,
          value,
          holders: holdings?.size ?? null,
          blockNumber: Number(block.number),
          blockTime: new Date(block.time).toISOString(),
          apiUrl: null,
          fetchedAt,
        },
      });
    }
  }
  return rows;
}

/** Writes the rows with their asset's holder count, then the day's concentration; returns how many rows were written. */
export async function writeEvmRows(
  ctx: Pick<SourceContext, 'db' | 'runId' | 'date'>,
  rows: readonly EvmRow[],
  fail: (scope: FailureScope, reason: string) => void,
): Promise<number> {
  const holders = assetHolderCounts(rows);
  const written: DeploymentHoldings[] = [];
  for (const r of rows) {
    const problem = await writeObservation(ctx.db, { ...r.row, assetHolders: holders.get(r.row.assetSymbol) ?? null }, r.receipt);
    if (problem) fail({ asset: r.row.assetSymbol, chain: r.row.chain }, problem);
    else written.push(deploymentHoldings(r.row, r.decimals, r.holdings));
  }
  // Only the rows written: a refused row has no holder count on the site, so no concentration either.
  await recordConcentration(ctx.db, ctx.runId, ctx.date, written);
  return written.length;
}
