/**
 * Writing a day's EVM observations, by both EVM runs (the closing-block read and the head-first
 * one): each deployment's row with its asset's holders counted once across chains (an address
 * holding it on two chains is one holder), then the day's holder concentration from the same
 * holdings (concentration.ts): the balances are read once, for both figures.
 */
import type { EvmReceipt } from '#lib/shared/receipts.ts';
import { deploymentHoldings, recordConcentration, type DeploymentHoldings } from '#lib/server/ingest/concentration.ts';
import { writeObservation, type ObservationRow } from './observe.ts';
import type { FailureScope, SourceContext } from './types.ts';

/** One deployment's observation, with the holdings its holder count read (null when none were counted). */
export interface EvmRow {
  row: ObservationRow;
  /** Raw units of `decimals`. */
  holdings: Map<string, bigint> | null;
  decimals: number;
  receipt: EvmReceipt;
}

/**
 * Each asset's holders across its chains. `everyChain`: unknown unless every chain of it was
 * counted (the head-first run, whose uncounted chains are still reading their history); otherwise
 * the union of the chains counted (the closing-block run).
 */
export function assetHolderCounts(rows: readonly EvmRow[], everyChain: boolean): Map<string, number | null> {
  const byAsset = new Map<string, EvmRow[]>();
  for (const r of rows) (byAsset.get(r.row.assetSymbol) ?? byAsset.set(r.row.assetSymbol, []).get(r.row.assetSymbol)!).push(r);
  return new Map(
    [...byAsset].map(([asset, list]) => {
      const counted = list.flatMap((r) => (r.holdings ? [r.holdings] : []));
      if (!counted.length || (everyChain && counted.length < list.length)) return [asset, null];
      return [asset, new Set(counted.flatMap((h) => [...h.keys()])).size];
    }),
  );
}

/** Writes the rows with their asset's holder count, then the day's concentration; returns how many rows were written. */
export async function writeEvmRows(
  ctx: Pick<SourceContext, 'db' | 'runId' | 'date'>,
  rows: readonly EvmRow[],
  holders: Map<string, number | null>,
  fail: (scope: FailureScope, reason: string) => void,
): Promise<number> {
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
