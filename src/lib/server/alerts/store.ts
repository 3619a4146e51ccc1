/** Reads of the stored events: the list (all, or per asset, class or network) and one event. */
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { getDb } from '#lib/server/db/client.ts';
import { read, type Read } from '#lib/server/db/reads.ts';
import { alertEvents } from '#db/schema/index.ts';
import { ASSET_CLASSES } from '#lib/shared/asset-classes.ts';
import { slugify } from '#lib/shared/open-data/ids.ts';
import { ALERT_FILTER_KEYS } from '#lib/shared/alert-filter.ts';
import { alertFilterSchema } from '#lib/shared/schemas/queries.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { staticLinks } from '#lib/server/open-data/links.ts';
import type { StoredAlert } from './types.ts';
import { stored } from './get-alert.ts';

/**
 * One subscription: every event, or those of one asset (its page's id, which is not its symbol in
 * lower case: "$X" has the id "x", the second of "USDe" and "USDE" "usde-2"), class (its slug) or
 * network (its id).
 */
export interface AlertFilter {
  asset?: string;
  class?: string;
  network?: string;
}

/** The newest events a list or feed shows. */
const FEED_LIMIT = 100;

/** The filter from a query string: 400 for a malformed value; an unknown one simply matches nothing yet. */
export function readFilter(params: URLSearchParams): AlertFilter {
  const asked = Object.fromEntries(ALERT_FILTER_KEYS.flatMap((key) => (params.has(key) ? [[key, params.get(key)]] : [])));
  const result = alertFilterSchema.safeParse(asked);
  if (!result.success) throw new HttpError(400, result.error.issues[0].message);
  return result.data;
}

/** The class's page slug ('U.S. Treasuries' -> 'u-s-treasuries'). */
export const classSlug = (assetClass: string) => slugify(assetClass);

/** The symbol of an asset by its page's id, or undefined when no page has that id. */
export type SymbolOf = (id: string) => string | undefined;

function where(f: AlertFilter, symbolOf: SymbolOf): SQL | undefined {
  const parts: SQL[] = [];
  if (f.asset) {
    const symbol = symbolOf(f.asset);
    parts.push(symbol === undefined ? sql`0` : eq(alertEvents.assetSymbol, symbol));
  }
  if (f.class) {
    const classes = ASSET_CLASSES.filter((c) => classSlug(c) === f.class);
    parts.push(classes.length ? inArray(alertEvents.assetClass, classes) : sql`0`);
  }
  if (f.network)
    parts.push(
      or(eq(alertEvents.chain, f.network), sql`EXISTS (SELECT 1 FROM json_each(${alertEvents.chains}) WHERE value = ${f.network})`)!,
    );
  return parts.length ? and(...parts) : undefined;
}

function listQuery(db: Database, filter: AlertFilter, limit: number, symbolOf: SymbolOf) {
  return db
    .select()
    .from(alertEvents)
    .where(where(filter, symbolOf))
    .orderBy(desc(alertEvents.createdAt), desc(alertEvents.day), alertEvents.id)
    .limit(limit);
}

export async function listAlerts(
  db: Database,
  filter: AlertFilter = {},
  limit = FEED_LIMIT,
  symbolOf: SymbolOf = (id) => staticLinks().symbolOf(id),
): Promise<StoredAlert[]> {
  return (await listQuery(db, filter, limit, symbolOf)).map(stored);
}

/** The same list as a `Read`, for a page that sends it in one batch with its other reads. */
export const alertListRead = (filter: AlertFilter = {}, limit = FEED_LIMIT): Read<StoredAlert[]> =>
  read(
    listQuery(getDb(), filter, limit, (id) => staticLinks().symbolOf(id)),
    (rows) => rows.map(stored),
  );
