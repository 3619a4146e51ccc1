/**
 * The pure steps between stored observations and published figures that decide WHICH figures are
 * published (a failed or suspect read must never reach a page): one observation per day, asset and chain, taken only from
 * accepted rows or the run being published; a chain, source or asset that failed (or that the
 * breaker holds, breaker.ts) keeps its last good figure for at most 2 days, marked stale with its
 * age. Unit-tested without a database (tests/unit/ingest-truth.test.ts).
 */
import { shiftDay } from '#lib/shared/utc-day.ts';
import { pickPerDayCell } from '#lib/server/figures/precedence.ts';
import type { Registry } from '#lib/server/catalogue/registry.ts';
import type { ChainMember } from '#db/schema/index.ts';
import { STALE_MAX_DAYS } from '#lib/server/catalogue/rules.ts';
import { cellKey } from '#lib/server/catalogue/cell-key.ts';
import type { StaleCell } from '#lib/shared/stale-cell.ts';

/** The fields of a stored observation these steps read. */
export interface Obs {
  runId: number;
  date: string;
  assetSymbol: string;
  chain: string;
  source: string;
  supply: string;
  price: number | null;
  value: number | null;
  holders: number | null;
  assetHolders?: number | null;
  accepted: boolean;
  blockTime?: string | null;
  blockNumber?: number | null;
  fetchedAt?: string;
  marketPrice?: number | null;
  contract?: string | null;
  apiUrl?: string | null;
  /** The chains an 'other-chains' figure sums. */
  members?: ChainMember[] | null;
}

/** An asset valued at a price past its staleness bound: every cell of it is marked stale since that day. */
export interface StalePriceNote {
  asset: string;
  since: string;
  reason: string;
}

/**
 * The cells of the as-of day valued at a stale price, as stale cells (beside those carried from an
 * earlier day): their figures are today's supply at the last price, marked "stale since".
 */
export function stalePriceCells(picked: Map<string, Obs>, notes: StalePriceNote[], asOf: string, now = Date.now()): StaleCell[] {
  const out: StaleCell[] = [];
  for (const n of notes)
    for (const o of picked.values())
      if (o.date === asOf && o.assetSymbol === n.asset)
        out.push({
          asset: n.asset,
          chain: o.chain,
          since: n.since,
          ageHours: Math.max(0, Math.round((now - Date.parse(n.since + 'T00:00:00Z')) / 3_600_000)),
          reason: n.reason,
          kind: 'price',
        });
  return out;
}

export interface Failure {
  asset?: string;
  chain?: string;
  reason: string;
}

/** Whether a failure covers the cell (a whole chain, a whole asset, or that asset on that chain). */
export function failureFor(failures: Failure[], asset: string, chain: string): Failure | undefined {
  return failures.find((f) => (f.asset === undefined || f.asset === asset) && (f.chain === undefined || f.chain === chain));
}

/**
 * One observation per date, asset and chain: only accepted rows (published by an earlier run) or
 * rows of the run being published, counted by the one precedence rule the pages use too
 * (figures/precedence.ts: that run's own row, then the chain over an aggregator, then the latest
 * run). A held or failed run's rows are never seen here.
 */
export function pickObservations(rows: Obs[], runId: number): Map<string, Obs> {
  return pickPerDayCell(
    rows.filter((o) => o.accepted || o.runId === runId),
    runId,
  );
}

/** Every (asset, chain) the registry or an earlier accepted row knows of: the cells a failure can leave stale. */
export function knownCells(registry: Registry, rows: Obs[], runId: number) {
  const seen = new Map<string, { asset: string; chain: string }>();
  for (const a of registry.assets) for (const d of a.deployments) seen.set(cellKey(a.symbol, d.chain), { asset: a.symbol, chain: d.chain });
  // This run's own cells too: a head run's aggregator cells (DefiLlama's chains) have no accepted row on a first run.
  for (const o of rows)
    if (o.accepted || o.runId === runId) seen.set(cellKey(o.assetSymbol, o.chain), { asset: o.assetSymbol, chain: o.chain });
  return [...seen.values()];
}

/**
 * For the as-of day: a cell the run failed or held drops its new row; a registry cell without a
 * row that day takes its last accepted row of the last STALE_MAX_DAYS days, moved to the as-of
 * day and listed as stale with its age and why. Older than that, the cell is left out (unknown).
 */
export function carryStale(
  picked: Map<string, Obs>,
  /** The accepted rows alone (pickObservations of them): where a last good figure is looked for. */
  accepted: Map<string, Obs>,
  cells: Array<{ asset: string; chain: string }>,
  asOf: string,
  runId: number,
  failures: Failure[],
  held: Map<string, string>,
  now = Date.now(),
  /**
   * The plan's `carryBack` (plan.ts): the sources that cannot read a head read the last closed
   * day, so this run's rows are dated up to that many days before. A cell without a row today shows
   * such a row, kept with its own date (listed below as read at that close), never counted as today's read.
   */
  carryBack = 0,
): { picked: Map<string, Obs>; stale: StaleCell[] } {
  const out = new Map(picked);
  const stale: StaleCell[] = [];
  for (const { asset, chain } of cells) {
    const key = `${asOf}|${asset}|${chain}`;
    const why = held.get(cellKey(asset, chain)) ?? failureFor(failures, asset, chain)?.reason;
    const cur = out.get(key);
    if (cur && cur.runId === runId) {
      if (!why) continue;
      out.delete(key);
    }
    for (let back = 0; back <= STALE_MAX_DAYS; back++) {
      const date = shiftDay(asOf, -back);
      // This run's own row of the day before, when the plan carries it (carryBack), unless the run failed or held the cell.
      const own = back > 0 && back <= carryBack && !why ? picked.get(`${date}|${asset}|${chain}`) : undefined;
      const prev = own?.runId === runId ? own : accepted.get(`${date}|${asset}|${chain}`);
      if (!prev) continue;
      out.set(key, { ...prev, date: asOf });
      // An earlier run's figure of the same day is current unless this run failed or held the cell.
      if (back === 0 && !why) break;
      const ownClose = prev.runId === runId;
      // A figure at a day's close was true at the end of that day, whenever it was fetched.
      const readAt = ownClose
        ? Date.parse(shiftDay(date, 1) + 'T00:00:00Z')
        : Date.parse(prev.blockTime ?? prev.fetchedAt ?? date + 'T00:00:00Z');
      stale.push({
        asset,
        chain,
        since: date,
        ageHours: Math.max(0, Math.round((now - readAt) / 3_600_000)),
        reason:
          why ??
          (ownClose
            ? `read at the close of ${date} (${prev.source}); today's figures are read at the chains' heads`
            : `no figure for ${asOf}`),
      });
      break;
    }
  }
  return { picked: out, stale };
}

export interface CellFigure {
  value: number | null;
  holders: number | null;
}

/**
 * The first run against the snapshot it replaces, per asset class: "U.S.
 * Treasuries: $1.20B live vs $7.41B in the snapshot (16%)".
 */
export function compareWithSnapshot(
  live: Record<string, number>,
  snapshot: Record<string, number>,
): Array<{ assetClass: string; live: number; snapshot: number; share: number | null }> {
  const classes = [...new Set([...Object.keys(snapshot), ...Object.keys(live)])];
  return classes.map((assetClass) => {
    const l = live[assetClass] ?? 0;
    const s = snapshot[assetClass] ?? 0;
    return { assetClass, live: l, snapshot: s, share: s > 0 ? Math.round((l / s) * 1000) / 10 : null };
  });
}
