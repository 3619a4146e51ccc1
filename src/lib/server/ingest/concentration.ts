/**
 * Holder concentration of the day's EVM observations, stored per asset, chain and
 * day. Incremental: the Transfer index keeps every holder's balance current (evm-logs.ts applies
 * only the new transfers of each range), so a day costs the day's transfers plus one pass over
 * the holdings the holder count read at its block (handed over, not read again); earlier days are
 * stored rows, never recomputed, and no day re-reads the transfer history.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { holderConcentration } from '#db/schema/index.ts';
import { concentrationOf } from '#lib/shared/holder-concentration.ts';
import { ALL_CHAINS } from '#lib/server/catalogue/rules.ts';

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

/** One deployment's observation of the day as the holder count read it; `holdings` null when no holder was counted. */
export interface DeploymentHoldings {
  asset: string;
  chain: string;
  block: number | null;
  decimals: number;
  holdings: Map<string, bigint> | null;
}

/** A written observation's part in the day's concentration (the row as written, the holdings as counted). */
export const deploymentHoldings = (
  row: { assetSymbol: string; chain: string; blockNumber?: number | null },
  decimals: number,
  holdings: Map<string, bigint> | null,
): DeploymentHoldings => ({ asset: row.assetSymbol, chain: row.chain, block: row.blockNumber ?? null, decimals, holdings });

type ConcentrationRow = typeof holderConcentration.$inferInsert;

/**
 * The concentration rows of a day's observations: one per deployment whose holders were counted,
 * and one across all chains for each asset whose every observed deployment was counted (pure).
 */
export function concentrationRows(runId: number, date: string, observed: DeploymentHoldings[]): ConcentrationRow[] {
  const perAsset = new Map<string, Array<{ decimals: number; holdings: Map<string, bigint> } | null>>();
  const out: ConcentrationRow[] = [];
  for (const d of observed) {
    const list = perAsset.get(d.asset) ?? perAsset.set(d.asset, []).get(d.asset)!;
    // No holder count (history still indexing, or the balances did not add up): no concentration either.
    if (!d.holdings) {
      list.push(null);
      continue;
    }
    list.push({ decimals: d.decimals, holdings: d.holdings });
    out.push({ runId, date, assetSymbol: d.asset, chain: d.chain, blockNumber: d.block, ...concentrationOf(d.holdings.values()) });
  }
  for (const [asset, parts] of perAsset)
    if (parts.every((p) => p !== null))
      out.push({ runId, date, assetSymbol: asset, chain: ALL_CHAINS, blockNumber: null, ...concentrationOf(acrossChains(parts).values()) });
  return out;
}

/**
 * After the run wrote its EVM observations of `date`: their concentration, from the holdings the
 * holder count read (the balances are not read a second time). Rows of this run are replaced (a
 * head-first run writes its rows twice: before and after the Transfer logs).
 */
export async function recordConcentration(db: Database, runId: number, date: string, observed: DeploymentHoldings[]): Promise<void> {
  const out = concentrationRows(runId, date, observed);
  await db.transaction(async (tx) => {
    await tx.delete(holderConcentration).where(and(eq(holderConcentration.runId, runId), eq(holderConcentration.date, date)));
    if (out.length) await tx.insert(holderConcentration).values(out);
  });
}
