/**
 * Holder concentration of the day's EVM observations (issue 28.3), stored per asset, chain and
 * day. Incremental: the Transfer index keeps every holder's balance current (evm-logs.ts applies
 * only the new transfers of each range), so a day costs the day's transfers plus one pass over
 * the current holders at the block the holder count was read at; earlier days are stored rows,
 * never recomputed, and no day re-reads the transfer history (the index stands at the day's block
 * when the day is read, and balancesAt then reads the kept balances).
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { holderConcentration, ingestCheckpoints, ingestObservations } from '#db/schema/index.ts';
import { concentrationOf } from '#lib/shared/holder-concentration.ts';
import { dustUnits, holdings } from './holders.ts';
import { excludedWallets, type Registry } from './registry.ts';
import { balancesAt } from './sources/evm-logs.ts';

/** The `chain` of the figure across all of an asset's chains. */
export const ALL_CHAINS = 'all';

/**
 * One address's balances on several chains as one holding: each chain's raw units scaled to the
 * largest decimals among them, so a 6-decimal and an 18-decimal deployment add up exactly.
 */
function acrossChains(parts: Array<{ decimals: number; holdings: Map<string, bigint> }>): Map<string, bigint> {
  const top = Math.max(0, ...parts.map((p) => p.decimals));
  const out = new Map<string, bigint>();
  for (const p of parts) {
    const scale = 10n ** BigInt(top - p.decimals);
    for (const [h, b] of p.holdings) out.set(h, (out.get(h) ?? 0n) + b * scale);
  }
  return out;
}

/**
 * After the run wrote its EVM observations of `date`: the concentration of every deployment whose
 * holders it counted, and of each asset whose every deployment it counted. Rows of this run are
 * replaced (a head-first run writes its rows twice: before and after the Transfer logs).
 */
export async function recordConcentration(db: Database, registry: Registry, runId: number, date: string): Promise<void> {
  const o = ingestObservations;
  const rows = await db
    .select({ asset: o.assetSymbol, chain: o.chain, contract: o.contract, block: o.blockNumber, holders: o.holders })
    .from(o)
    .where(and(eq(o.runId, runId), eq(o.date, date), eq(o.source, 'evm'), isNotNull(o.contract), isNotNull(o.blockNumber)));
  // Every deployment's decimals in one query, not one per observation.
  const checkpoints = new Map(
    (
      await db
        .select({ chain: ingestCheckpoints.chain, token: ingestCheckpoints.token, decimals: ingestCheckpoints.decimals })
        .from(ingestCheckpoints)
    ).map((c) => [`${c.chain}\u0000${c.token}`, c]),
  );
  const perAsset = new Map<string, Array<{ decimals: number; holdings: Map<string, bigint> } | null>>();
  const out: Array<typeof holderConcentration.$inferInsert> = [];
  for (const r of rows) {
    const asset = registry.assets.find((a) => a.symbol === r.asset);
    const list = perAsset.get(r.asset) ?? perAsset.set(r.asset, []).get(r.asset)!;
    // No holder count (history still indexing, or the balances did not add up): no concentration either.
    if (!asset || r.holders === null) {
      list.push(null);
      continue;
    }
    const cp = checkpoints.get(`${r.chain}\u0000${r.contract}`);
    if (!cp) {
      list.push(null);
      continue;
    }
    const held = holdings(
      await balancesAt(db, r.chain, r.contract!, r.block!),
      excludedWallets(asset, r.chain),
      dustUnits(asset.holderDust, cp.decimals),
    );
    list.push({ decimals: cp.decimals, holdings: held });
    out.push({ runId, date, assetSymbol: r.asset, chain: r.chain, blockNumber: r.block, ...concentrationOf(held.values()) });
  }
  for (const [asset, parts] of perAsset)
    if (parts.every((p) => p !== null))
      out.push({ runId, date, assetSymbol: asset, chain: ALL_CHAINS, blockNumber: null, ...concentrationOf(acrossChains(parts).values()) });
  await db.transaction(async (tx) => {
    await tx.delete(holderConcentration).where(and(eq(holderConcentration.runId, runId), eq(holderConcentration.date, date)));
    if (out.length) await tx.insert(holderConcentration).values(out);
  });
}
