/**
 * The history the public APIs give (ingest_history, written by sources/defillama-history.ts), as
 * publish draws it into the charts. Pure: rows in, lookups out.
 *
 * The rules, one place:
 * - The charts' days are the days the runs read, plus from the history the last day of each month
 *   and every day of the last 31 (so a 30-day change has its day); nothing between is invented.
 * - A cell (asset on a chain) read by a run that day keeps the run's figure; a mapped protocol's
 *   history fills only the days a run did not read that cell.
 * - Stablecoins: DefiLlama's market total (in all, and per chain) is the class's figure on every
 *   day it has one, run or not, so the series never jumps between "the tracked coins" and "the market".
 * Each point keeps where it came from: the run's reads, or the history URL.
 */
import type { ingestHistory } from '#db/schema/index.ts';
import { shiftDay } from '#lib/shared/utc-day.ts';

type Row = Pick<typeof ingestHistory.$inferSelect, 'series' | 'key' | 'date' | 'value' | 'apiUrl'>;
export interface Dated {
  value: number;
  url: string;
}
type Series = Map<string, Dated>; // date -> value

export interface History {
  /** The history's days the charts draw (month ends, and every day of the last 31), oldest first. */
  dates: string[];
  /** The stablecoin market in total, per day. */
  stablecoins: Series;
  /** The stablecoin market per registry chain, per day. */
  stablecoinsByChain: Map<string, Series>;
  /** A mapped protocol's value per `SYMBOL|chain`, per day. */
  protocol: Map<string, Series>;
}

/** The history rows up to `asOf` as lookups, with the days the charts draw. */
export function historyOf(rows: Row[], asOf: string): History {
  const h: History = { dates: [], stablecoins: new Map(), stablecoinsByChain: new Map(), protocol: new Map() };
  const days = new Set<string>();
  for (const r of rows) {
    if (r.date > asOf) continue;
    days.add(r.date);
    const point = { value: r.value, url: r.apiUrl };
    if (r.series === 'stablecoins' && r.key === 'all') h.stablecoins.set(r.date, point);
    else if (r.series === 'stablecoins')
      (h.stablecoinsByChain.get(r.key) ?? h.stablecoinsByChain.set(r.key, new Map()).get(r.key)!).set(r.date, point);
    else if (r.series === 'protocol') (h.protocol.get(r.key) ?? h.protocol.set(r.key, new Map()).get(r.key)!).set(r.date, point);
  }
  const sorted = [...days].sort();
  const recent = shiftDay(asOf, -31);
  h.dates = sorted.filter((d, i) => d >= recent || sorted[i + 1]?.slice(0, 7) !== d.slice(0, 7));
  return h;
}

/**
 * Per day, what the mapped protocols' history adds to each asset (dollars per `SYMBOL|chain`) for
 * the cells a run did not read that day (`read(date, symbol, chain)`), with the URLs used.
 */
export function protocolFill(
  h: History,
  date: string,
  read: (date: string, symbol: string, chain: string) => boolean,
): Array<{ symbol: string; chain: string } & Dated> {
  const out: Array<{ symbol: string; chain: string } & Dated> = [];
  for (const [key, series] of h.protocol) {
    const p = series.get(date);
    if (!p) continue;
    const [symbol, chain] = key.split('|');
    if (!read(date, symbol, chain)) out.push({ symbol, chain, ...p });
  }
  return out;
}

/** The distinct URLs of a day's history points, as a point's source. */
export function sourceOf(urls: Iterable<string>): string | null {
  const list = [...new Set(urls)].sort();
  return list.length ? list.join(' ') : null;
}
