/**
 * /sources' runs, the pure steps: whether the site is offline (its last run reached no source) and
 * what it serves meanwhile, and each of the last runs with its counters, its warnings folded, and
 * every day it read before the day's close said in full.
 */
import { isOfflineRun } from '#lib/server/catalogue/offline.ts';
import { EARLY_CLOSE } from '#lib/server/catalogue/rules.ts';
import type { Run } from '#lib/server/figures/sources-data.ts';
import { formatDay, formatTimestamp } from '#lib/shared/format.ts';
import { longDay, type Day } from './sources-view.ts';

/**
 * When the latest run (whatever its status) could reach no source: what the site serves instead
 * (the published run, else the snapshot) and which run failed, when. Null when it is not offline.
 */
export function offlineNote(runs: Run[], publishedRun: number | undefined, asOf: string) {
  const last = runs.at(0);
  if (!last || !isOfflineRun(last)) return null;
  return {
    serving: publishedRun ? `ingest run ${publishedRun}` : 'the snapshot',
    asOf: longDay(asOf) satisfies Day,
    run: last.id,
    started: formatTimestamp(last.startedAt),
  };
}

/** A run's counters, source by source: "evm: 12 observations, 9 transfers; defillama: …". */
function countersText(counts: Run['counts']): string {
  return Object.entries(counts)
    .map(
      ([source, byName]) =>
        `${source}: ${Object.entries(byName)
          .map(([name, n]) => `${n} ${name}`)
          .join(', ')}`,
    )
    .join('; ');
}

/** The fold's one line: the counters, and how many warnings it holds. */
function runSummary(warnings: string[]): string {
  const n = warnings.length;
  return `Counters by source${n > 0 ? `, ${n} ${n === 1 ? 'warning' : 'warnings'}` : ''}`;
}

/** The last runs, newest first; null before the first run. */
export function runRows(runs: Run[]) {
  if (runs.length === 0) return null;
  return runs.map((r) => ({
    id: r.id,
    status: r.status,
    started: formatTimestamp(r.startedAt),
    asOf: r.asOf ? formatDay(r.asOf) : '',
    reason: r.reason || null,
    summary: runSummary(r.warnings),
    counters: countersText(r.counts),
    /** Folded with the counters (dozens a run); null: none. */
    warnings: r.warnings.length > 0 ? r.warnings : null,
    // A day read before its close is always said, in full, outside the fold.
    earlyCloses: r.warnings.filter((w) => w.includes(EARLY_CLOSE)),
  }));
}
