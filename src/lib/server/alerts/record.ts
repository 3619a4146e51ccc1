/**
 * The ingest's hook: after a run has published, read what it published, run the
 * detectors and store the events, with one outbox row per event and webhook, in one transaction.
 * Ids are deterministic and inserts ignore an id already stored, so a second run of the same day
 * makes no duplicate event and no second delivery.
 */
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { alertDeliveries, alertEvents, alertWebhooks, ingestObservations, publishedCells } from '#db/schema/index.ts';
import { chainNameIn, type Registry } from '#lib/server/catalogue/registry.ts';
import { cellKey } from '#lib/server/catalogue/cell-key.ts';
import { shiftDay } from '#lib/shared/utc-day.ts';
import { detect, runHold, type Figure } from './detect.ts';
import { activeWebhooks } from './webhooks.ts';
import type { AlertEvent } from './types.ts';
import { type StaleCell } from '#lib/shared/stale-cell.ts';
import { lastPublished } from '#lib/server/figures/last-published.ts';

/** What the run reports of a publish, or of a run the totals' breaker held whole (run.ts's IngestResult). */
export interface PublishedRun {
  runId: number;
  status: 'published' | 'held';
  asOf: string;
  held?: Record<string, string>;
  stale?: StaleCell[];
  /** A run held whole: why, and the total that moved. */
  reason?: string;
  heldTotal?: 'rwa' | 'stablecoins';
}

type ObsRow = typeof ingestObservations.$inferSelect;

/** A published figure as the detectors read it: the day it stands for was the day it was read (carried figures are left out). */
const publishedFigure = (c: typeof publishedCells.$inferSelect): Figure => ({
  asset: c.asset,
  day: c.date,
  chain: c.chain,
  source: c.source,
  contract: c.contract,
  blockNumber: c.blockNumber,
  blockTime: c.blockTime,
  apiUrl: c.apiUrl,
  fetchedAt: c.fetchedAt ?? '',
  supply: c.supply,
  price: c.price,
  value: c.value,
  marketPrice: c.marketPrice,
});

const figureOf = (o: ObsRow): Figure => ({
  asset: o.assetSymbol,
  day: o.date,
  chain: o.chain,
  source: o.source,
  contract: o.contract,
  blockNumber: o.blockNumber,
  blockTime: o.blockTime,
  apiUrl: o.apiUrl,
  fetchedAt: o.fetchedAt,
  supply: o.supply,
  price: o.price,
  value: o.value,
  marketPrice: o.marketPrice,
});

/** The events a published run shows, from what it published; a run held whole shows its hold only. */
async function eventsOf(db: Database, registry: Registry, run: PublishedRun): Promise<AlertEvent[]> {
  // The published run before this one: its cells (the figures still served for a held cell), totals and as-of day.
  const prev = await lastPublished(db, run.runId);
  if (run.status === 'held') {
    const total = run.heldTotal && prev?.totals?.[run.heldTotal];
    return [
      runHold({
        asOf: run.asOf,
        why: run.reason ?? 'circuit breaker',
        total: run.heldTotal ?? null,
        published: typeof total === 'number' ? { day: prev!.asOf, value: total } : null,
      }),
    ];
  }
  const from = shiftDay(run.asOf, -2);
  // What the run published (the read model): a refused or held figure is not there, whatever refused it.
  const published = await db
    .select()
    .from(publishedCells)
    .where(and(gte(publishedCells.date, from), lte(publishedCells.date, run.asOf)));
  const figures = published.filter((c) => c.readDate === c.date).map(publishedFigure);
  const heldKeys = Object.keys(run.held ?? {});
  // The reads the breaker refused: this run's rows of the held cells (never accepted, never served).
  const refusedRows = heldKeys.length
    ? await db
        .select()
        .from(ingestObservations)
        .where(
          and(
            eq(ingestObservations.runId, run.runId),
            inArray(
              ingestObservations.assetSymbol,
              heldKeys.map((k) => k.split('|')[0]),
            ),
          ),
        )
    : [];
  const held = heldKeys.map((key) => {
    const [asset, chain] = key.split('|');
    const refused = refusedRows
      .filter((o) => o.assetSymbol === asset && o.chain === chain && !o.accepted)
      .sort((a, b) => b.date.localeCompare(a.date))[0];
    const published = prev?.cells?.[key]?.value;
    return {
      asset,
      chain,
      why: run.held![key],
      published: published === undefined || published === null ? null : { day: prev!.asOf, value: published },
      refused: refused ? figureOf(refused) : null,
    };
  });
  const stale = (run.stale ?? []).filter((s) => !run.held?.[cellKey(s.asset, s.chain)]);
  return detect({
    assets: registry.assets,
    figures,
    asOf: run.asOf,
    held,
    stale,
    previousAssets: prev?.cells ? new Set(Object.keys(prev.cells).map((k) => k.split('|')[0])) : null,
    chainName: (key) => chainNameIn(registry, key),
  });
}

/**
 * Stores the events (an id already stored is left as it is) and, for each new one, a pending
 * delivery to every webhook. Returns the ids of the events that were new.
 */
export async function storeEvents(db: Database, runId: number, events: AlertEvent[], now = new Date()): Promise<string[]> {
  if (!events.length) return [];
  const createdAt = now.toISOString();
  // One statement per table: on a shared libSQL server each statement is a round trip made while
  // this transaction holds the one write lock.
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(alertEvents)
      .values(events.map((e) => ({ ...e, evidence: { ...e.evidence }, runId, createdAt })))
      .onConflictDoNothing()
      .returning({ id: alertEvents.id });
    const fresh = inserted.map((r) => r.id);
    const hooks = fresh.length ? await tx.select({ id: alertWebhooks.id }).from(alertWebhooks).where(activeWebhooks) : [];
    if (hooks.length)
      await tx
        .insert(alertDeliveries)
        .values(fresh.flatMap((eventId) => hooks.map((h) => ({ webhookId: h.id, eventId, nextAttemptAt: now.getTime(), createdAt }))))
        .onConflictDoNothing();
    return fresh;
  });
}

/**
 * The one call run.ts makes once a run has published (or been held whole by its totals). The
 * figures are out already: a failure here is reported, never a reason to call the run failed (the
 * next run of the day makes the same events).
 */
export async function recordAlerts(db: Database, registry: Registry, run: PublishedRun, progress: (line: string) => void): Promise<void> {
  try {
    const fresh = await storeEvents(db, run.runId, await eventsOf(db, registry, run));
    if (fresh.length) progress(`alerts: ${fresh.join(', ')}`);
  } catch (e) {
    progress(`  warning: alerts not recorded: ${(e as Error).message.split('\n')[0]}`);
  }
}
