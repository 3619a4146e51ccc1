/** The receipts the runs kept, read back: what the receipt pages and the correction log show. */
import { and, inArray } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { ingestReceipts } from '#db/schema/index.ts';
import type { EvmReceipt } from '#lib/shared/receipts.ts';

export interface ReceiptKey {
  runId: number;
  date: string;
  assetSymbol: string;
  chain: string;
  source: string;
}

const keyOf = (k: ReceiptKey) => `${k.runId}|${k.date}|${k.assetSymbol}|${k.chain}|${k.source}`;
const distinct = <T>(list: T[]) => [...new Set(list)];

/**
 * The kept receipts of these observations, in one query, as a lookup: an observation's receipt, or
 * undefined where none was kept (an API read, or a read from before receipts were kept).
 */
export async function receiptsOf(db: Database, observations: readonly ReceiptKey[]): Promise<(o: ReceiptKey) => EvmReceipt | undefined> {
  if (!observations.length) return () => undefined;
  const r = ingestReceipts;
  const kept = await db
    .select()
    .from(r)
    .where(
      and(
        inArray(r.runId, distinct(observations.map((o) => o.runId))),
        inArray(r.date, distinct(observations.map((o) => o.date))),
        inArray(r.assetSymbol, distinct(observations.map((o) => o.assetSymbol))),
      ),
    );
  const byKey = new Map(kept.map((k) => [keyOf(k), k.body as EvmReceipt]));
  return (o) => byKey.get(keyOf(o));
}
