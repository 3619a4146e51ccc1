/**
 * Writing one observation (any source): checked against the bounds first (bounds.ts), so that no
 * non-finite, negative or absurd figure is ever stored as a candidate for publication. A refused
 * row is reported to the caller, which marks that asset on that chain as failed (shown stale).
 */
import { ingestObservations } from '#db/schema/index.ts';
import type { Database } from '#db/client.ts';
import { observationProblem } from '#lib/server/catalogue/bounds.ts';
import type { EvmReceipt } from '#lib/shared/receipts.ts';

export type ObservationRow = Omit<typeof ingestObservations.$inferInsert, 'id' | 'accepted'>;

/**
 * Stores the row (replacing this run's earlier row for the same day, asset, chain and source) or
 * says why not; with its receipt (what it was read from) when the source keeps one.
 */
export async function writeObservation(db: Database, row: ObservationRow, receipt?: EvmReceipt): Promise<string | null> {
  const problem = observationProblem({
    supply: Number(row.supply),
    price: row.price ?? null,
    value: row.value ?? null,
    holders: row.holders ?? null,
  });
  if (problem) return `${row.assetSymbol} on ${row.chain}: refused, ${problem}`;
  await db
    .insert(ingestObservations)
    .values({ ...row, accepted: false })
    .onConflictDoUpdate({
      target: [
        ingestObservations.runId,
        ingestObservations.date,
        ingestObservations.assetSymbol,
        ingestObservations.chain,
        ingestObservations.source,
      ],
      set: { ...row },
    });
  // Only the EVM reader keeps receipts: the module (which formats with viem) is loaded by its runs alone.
  if (receipt) await (await import('#lib/server/ingest/receipts.ts')).writeReceipt(db, row, receipt);
  return null;
}
