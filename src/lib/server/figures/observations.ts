/**
 * The one query of stored observations for what the site serves (pages, API answers, downloads).
 * It always applies the two rules of "Data truth": only rows a published run accepted (a run the
 * breaker held, a cell it held and a failed read are stored but never accepted), and nothing dated
 * after the published as-of date. Which of the rows left counts per day, asset and chain is
 * ./precedence.ts's rule.
 */
import { and, asc, desc, eq, inArray, lte, type SQL } from 'drizzle-orm';
import { ingestObservations } from '#db/schema/index.ts';
import { getDb } from '#lib/server/db/client.ts';

export type Observation = typeof ingestObservations.$inferSelect;

export interface ObservationFilter {
  /** The published as-of date: a YYYY-MM-DD string, or SQL reading it in the same round trip. */
  asOf: string | SQL<string>;
  /** Only the as-of day itself (the day's figures), not the history up to it. */
  onAsOfDay?: boolean;
  /** One asset (its registry symbol) or several. */
  asset?: string | string[];
  chain?: string;
  /** Oldest first (history) or newest first (the latest figures, with a limit). */
  order?: 'oldest' | 'newest';
  limit?: number;
}

/** The served observations matching `f`: accepted rows dated on or before the as-of date. */
export function servedObservations(f: ObservationFilter) {
  const o = ingestObservations;
  const where: SQL[] = [eq(o.accepted, true), f.onAsOfDay ? eq(o.date, f.asOf) : lte(o.date, f.asOf)];
  if (typeof f.asset === 'string') where.push(eq(o.assetSymbol, f.asset));
  else if (f.asset) where.push(inArray(o.assetSymbol, f.asset));
  if (f.chain !== undefined) where.push(eq(o.chain, f.chain));
  const q = getDb()
    .select()
    .from(o)
    .where(and(...where))
    .orderBy(f.order === 'newest' ? desc(o.date) : asc(o.date))
    .$dynamic();
  return f.limit === undefined ? q : q.limit(f.limit);
}
