/**
 * Which observation counts when several give a figure for the same day, asset and chain: the run
 * being published (while it publishes), then the chain itself (a reader of its ledger) over an
 * aggregator (DefiLlama), then the later run. The publish step (ingest/cells.ts) and every page and
 * API answer count with this one rule; the aggregator's figure stays beside the chain's as a
 * cross-check (the gap on /sources and in /api/coverage).
 */
import { isChainReader } from '#lib/server/catalogue/families.ts';
import { cellKey } from '#lib/server/catalogue/cell-key.ts';

/** The fields the rule reads. */
export interface Ranked {
  runId: number;
  date: string;
  assetSymbol: string;
  chain: string;
  source: string;
}

/** Whether a figure from `source` is an aggregator's (a cross-check), not its chain's own reading. */
export const isAggregator = (source: string) => !isChainReader(source);

const rank = (o: Ranked, runId: number) => [o.runId === runId ? 1 : 0, isChainReader(o.source) ? 1 : 0, o.runId] as const;

/** True when `next` replaces `prev` for the same day, asset and chain (`runId`: the run being published, if any). */
function outranks(next: Ranked, prev: Ranked, runId = -1): boolean {
  const [a, b] = [rank(next, runId), rank(prev, runId)];
  return a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] > b[2];
}

const dayCellKey = (o: Pick<Ranked, 'date' | 'assetSymbol' | 'chain'>) => `${o.date}|${o.assetSymbol}|${o.chain}`;

/** One observation per day, asset and chain (key `date|asset|chain`), by the rule above. */
export function pickPerDayCell<T extends Ranked>(rows: Iterable<T>, runId = -1): Map<string, T> {
  const out = new Map<string, T>();
  for (const o of rows) {
    const key = dayCellKey(o);
    const prev = out.get(key);
    if (!prev || outranks(o, prev, runId)) out.set(key, o);
  }
  return out;
}

/** Per asset and chain (key `asset|chain`), the newest day's counted observation. */
export function latestPerCell<T extends Ranked>(rows: Iterable<T>): Map<string, T> {
  const out = new Map<string, T>();
  for (const o of pickPerDayCell(rows).values()) {
    const key = cellKey(o.assetSymbol, o.chain);
    const prev = out.get(key);
    if (!prev || o.date > prev.date) out.set(key, o);
  }
  return out;
}
