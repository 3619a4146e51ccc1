/**
 * One ingest run: take the lock, read every selected source for each day, then derive and publish
 * (or hold, or fail) and record what happened. Shared by `npm run ingest`, the in-process schedule
 * and the Netlify scheduled function.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { ingestRuns } from '#db/schema/index.ts';
import { acquireLock, lockHolder, lockOwner, releaseLock, renewLock, takeOverDeadHolder } from './lock.ts';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareWithSnapshot, type Failure, type StalePriceNote } from './cells.ts';
import { breakerFor } from './breaker.ts';
import { derive, writePublished } from './publish.ts';
import { ASSET_CLASS_TABLE } from '#lib/shared/asset-classes.ts';
import { loadRegistry, registryPath, type Registry } from '#lib/server/catalogue/registry.ts';
import { ChainError } from './rpc.ts';
import { offlineReason } from '#lib/server/catalogue/offline.ts';
import { allSources, readOrder } from './sources/index.ts';
import type { Source } from './sources/types.ts';
import { DAY_MS, isoDay } from '#lib/shared/utc-day.ts';
import { closedDay, planRun, type RunPlan } from './plan.ts';
import { planCloseRetry, type CloseRetry } from './close-retry.ts';
import { recordCorrections } from './corrections.ts';
import { lastPublishedAsOf } from '#lib/server/figures/run-state.ts';
import { recordAlerts } from '#lib/server/alerts/record.ts';
import { cleanOutsideText } from './external-names.ts';
import { budgetSpent, runDeadline, withinBudget } from './budget.ts';
import { type StaleCell } from '#lib/shared/stale-cell.ts';

export type RunStatus = 'published' | 'held' | 'failed' | 'dry-run' | 'locked' | 'skipped';

export interface IngestOptions {
  /** Days to measure, oldest first (one for a daily run, many for a backfill). */
  dates: string[];
  /** Source names to read (default: every source the registry uses). */
  sources?: string[];
  dryRun?: boolean;
  env?: NodeJS.ProcessEnv;
  registry?: Registry;
  progress?: (line: string) => void;
  /**
   * Head first (plan.ts): the EVM figures are read at each chain's finalized head for the one date
   * given (today) and published at once; the Transfer logs follow within the time budget. The other
   * sources read the day before, the last one closed (valued at the prices read at the heads).
   */
  head?: boolean;
  /**
   * Checked once the lock is held: why the run is still needed, or undefined to skip it (a run
   * started by itself, auto.ts, skips when another instance has published meanwhile).
   */
  onlyIf?: (db: Database) => Promise<string | undefined>;
}

export interface IngestResult {
  runId: number;
  status: RunStatus;
  asOf: string;
  reason?: string;
  /** The chain a failure is about, when it is about one. */
  chain?: string;
  counts: Record<string, Record<string, number>>;
  warnings: string[];
  errors: string[];
  totals?: { rwa: number; stablecoins: number };
  /** Parts that failed or were refused: their last good figures are shown stale (at most 2 days). */
  failures: Failure[];
  /** Cells published with an earlier day's figure, with their age and why. */
  stale?: StaleCell[];
  /** Cells the per-asset breaker held (`SYMBOL|chain` -> why). */
  held?: Record<string, string>;
  /** A run held whole by the totals' breaker: the total that moved. */
  heldTotal?: 'rwa' | 'stablecoins';
  /** The first published run: per asset class, live value against the snapshot it replaces. */
  comparison?: ReturnType<typeof compareWithSnapshot>;
  /** The day closed early: when it is read again (close-retry.ts), also in the run's record. */
  retry?: CloseRetry;
}

const SNAPSHOT_CHART = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../content/data/chart-data.json');
/** The snapshot's last chart point per asset class, in dollars. */
function snapshotClassValues(file = SNAPSHOT_CHART): Record<string, number> {
  try {
    const points = JSON.parse(readFileSync(file, 'utf8')) as Array<Record<string, unknown>>;
    const last = points.at(-1) ?? {};
    const out: Record<string, number> = {};
    for (const c of ASSET_CLASS_TABLE) {
      const v = last[c.column];
      if (typeof v === 'number') out[c.name] = v * 1e9;
    }
    return out;
  } catch {
    return {};
  }
}

/** The lease is short and renewed while the run works, so a crashed holder elsewhere blocks for minutes at most. */
const LOCK_TTL_MS = 3 * 60_000;

/** Yesterday in UTC: the last day that has closed. */
export function defaultDate(now = Date.now()): string {
  return isoDay(now - DAY_MS);
}

/** Per class, the live share of the snapshot's value in percent (kept in the run's counts). */
function shareCounts(c: ReturnType<typeof compareWithSnapshot>): Record<string, number> {
  return Object.fromEntries(c.filter((r) => r.share !== null).map((r) => [r.assetClass, r.share!]));
}

/** What a run accumulates while it reads: counts per source, warnings, failed parts, a fatal error. */
interface ReadState {
  counts: Record<string, Record<string, number>>;
  warnings: string[];
  errors: string[];
  failures: Failure[];
  /** Assets valued at a price past its staleness bound (shown "stale since"). */
  stalePrices: StalePriceNote[];
  /** The chain a fatal error is about. */
  chain?: string;
  /** Set when the time budget ended the reading: why (budget.ts). */
  budgetSpent?: string;
  /** Steps a source left for after the first publish (the plan publishes twice), by the name their counts are kept under. */
  afterPublish: Array<{ name: string; step: () => Promise<Record<string, number>> }>;
}

/** A part that could not be read: recorded, and the run goes on without it. */
function failPart(st: ReadState, progress: (l: string) => void) {
  return (scope: { chain?: string; asset?: string }, raw: string) => {
    const reason = cleanOutsideText(raw);
    st.failures.push({ ...scope, reason });
    st.warnings.push(reason);
    progress(`  failed: ${reason}`);
  };
}

/**
 * Reads every selected source for each day. A part that fails (a chain, an asset) is recorded and
 * the run goes on; an error a source throws stops the reading.
 */
async function readSources(
  db: Database,
  registry: Registry,
  sources: Source[],
  opts: {
    plan: RunPlan;
    runId: number;
    env: NodeJS.ProcessEnv;
    dryRun: boolean;
    progress: (l: string) => void;
    renew: () => Promise<void>;
  },
  st: ReadState,
): Promise<void> {
  const { progress } = opts;
  const fail = failPart(st, progress);
  // Every text a source hands on may quote an outside answer: cleaned once here, before it is stored, printed or sent.
  const warn = (raw: string) => {
    const w = cleanOutsideText(raw);
    st.warnings.push(w);
    progress(`  warning: ${w}`);
  };
  const stalePrice = (asset: string, since: string, raw: string) => {
    const reason = cleanOutsideText(raw);
    st.stalePrices.push({ asset, since, reason });
    warn(reason);
  };
  // The sources that read the day's prices first: the others value their supply with them.
  const ordered = readOrder(sources);
  days: for (const date of opts.plan.dates) {
    const prices = new Map<string, number | null>();
    for (const source of ordered) {
      const spent = budgetSpent();
      if (spent) {
        warn(`${source.name} ${date}: not read: ${spent}`);
        st.budgetSpent = spent;
        break days;
      }
      progress(`${source.name}: ${date}`);
      try {
        const c = await source.run({
          db,
          registry,
          date,
          runId: opts.runId,
          env: opts.env,
          progress,
          warn,
          dryRun: opts.dryRun,
          fail,
          stalePrice,
          prices,
          plan: opts.plan,
          afterPublish: (name, step) => st.afterPublish.push({ name, step }),
        });
        const acc = (st.counts[source.name] ??= {});
        for (const [k, v] of Object.entries(c)) acc[k] = (acc[k] ?? 0) + v;
      } catch (e) {
        if (e instanceof ChainError) st.chain = e.chain;
        st.errors.push(cleanOutsideText(`${source.name} ${date}: ${(e as Error).message.split('\n')[0]}`));
        return;
      }
      await opts.renew();
    }
  }
  // Nothing read at all: every part failed. The run fails, naming the first part.
  const read = Object.values(st.counts).reduce((s, c) => s + (c.observations ?? 0), 0);
  if (!st.errors.length && st.failures.length && read === 0 && !opts.dryRun) {
    st.errors.push(st.failures[0].reason);
    st.chain = st.failures[0].chain;
  }
  if (!st.errors.length && st.budgetSpent && read === 0 && !opts.dryRun) st.errors.push(`nothing was read: ${st.budgetSpent}`);
}

/** The as-of date to publish: a backfill of older days adds history, it never moves the site back. */
async function publishDate(db: Database, asOf: string): Promise<string> {
  const published = await lastPublishedAsOf(db);
  return published && published > asOf ? published : asOf;
}

/**
 * After reading: the per-asset breaker, the derived figures, the totals' breaker, then publish (or
 * hold). Held cells and failed parts are never accepted as history.
 */
async function decide(
  db: Database,
  registry: Registry,
  env: NodeJS.ProcessEnv,
  runId: number,
  asOf: string,
  st: ReadState,
  progress: (l: string) => void,
  plan: RunPlan,
): Promise<Omit<IngestResult, 'counts' | 'warnings' | 'errors'>> {
  const publishAsOf = await publishDate(db, asOf);
  // The per-asset breaker first: a held cell keeps its previous figure, the rest goes on.
  const breaker = await breakerFor(db, env, runId, publishAsOf, plan.carryBack);
  const { held } = breaker;
  for (const why of held.values()) {
    st.warnings.push(why);
    progress(`  held: ${why}`);
  }
  const derived = await derive(db, registry, publishAsOf, {
    runId,
    failures: st.failures,
    held,
    stalePrices: st.stalePrices,
    carryBack: plan.carryBack,
  });
  const totalsHeld = breaker.checkTotals(derived.totals);
  const extra = { failures: st.failures, held: Object.fromEntries(held), stale: derived.stale, totals: derived.totals };
  if (totalsHeld) return { runId, status: 'held', asOf, reason: totalsHeld.why, heldTotal: totalsHeld.total, ...extra };
  const comparison = breaker.firstRun ? compareWithSnapshot(derived.classValues, snapshotClassValues()) : undefined;
  // The record keeps each class's share of the snapshot beside the sources' counts.
  const counts = comparison ? { ...st.counts, snapshotShare: shareCounts(comparison) } : st.counts;
  await db
    .update(ingestRuns)
    .set({ counts, warnings: st.warnings, errors: st.errors })
    .where(and(eq(ingestRuns.id, runId)));
  // Which rows stay unaccepted (held or covered by a failure) is the derive step's one rule (refusedCells).
  await writePublished(db, runId, derived, comparison);
  return { runId, status: 'published', asOf: publishAsOf, comparison, ...extra };
}

export async function runIngest(db: Database, opts: IngestOptions): Promise<IngestResult> {
  const env = opts.env ?? process.env;
  const progress = opts.progress ?? (() => {});
  const registry = opts.registry ?? loadRegistry(registryPath(env));
  const asOf = opts.dates.at(-1)!;
  const st: ReadState = { counts: {}, warnings: [], errors: [], failures: [], stalePrices: [], afterPublish: [] };
  const { counts, warnings, errors } = st;
  const SOURCES = allSources();
  const known = SOURCES.map((s) => s.name);
  for (const name of opts.sources ?? [])
    if (!known.includes(name)) throw new Error(`Unknown source "${name}" (known: ${known.join(', ')})`);
  const chosen = SOURCES.filter((s) => (opts.sources ? opts.sources.includes(s.name) : s.applies(registry)));
  const dryRun = !!opts.dryRun;
  const started = Date.now();
  const plan = planRun(opts.dates, !!opts.head, runDeadline(env, started));
  // A source that cannot read at a chain's head reads the plan's last closed day.
  const sources: Source[] = chosen.map((s) =>
    s.readsAtHead ? s : { ...s, run: (ctx) => s.run({ ...ctx, date: closedDay(plan, ctx.date) }) },
  );

  const owner = lockOwner();
  if (!(await acquireLock(db, owner, LOCK_TTL_MS)) && !(await takeOverDeadHolder(db, owner, LOCK_TTL_MS))) {
    const reason = `another ingest run holds the lock (${await lockHolder(db)})`;
    return { runId: 0, status: 'locked', asOf, reason, counts, warnings, errors, failures: [] };
  }
  if (opts.onlyIf && !(await opts.onlyIf(db))) {
    await releaseLock(db, owner);
    return { runId: 0, status: 'skipped', asOf, reason: 'not needed: the figures are current', counts, warnings, errors, failures: [] };
  }
  const heartbeat = setInterval(() => void renewLock(db, owner, LOCK_TTL_MS).catch(() => {}), LOCK_TTL_MS / 3);
  heartbeat.unref();
  let runId = 0;
  try {
    // A run that died (kill -9, a crashed host) left its record 'running': we hold the lock now, so it is over.
    await db
      .update(ingestRuns)
      .set({ status: 'failed', reason: 'interrupted (the process ended before the run finished)', finishedAt: new Date().toISOString() })
      .where(eq(ingestRuns.status, 'running'));
    if (!dryRun) {
      const [row] = await db
        .insert(ingestRuns)
        .values({ startedAt: new Date().toISOString(), status: 'running', asOf })
        .returning({ id: ingestRuns.id });
      runId = row.id;
    }
    const renew = () => renewLock(db, owner, LOCK_TTL_MS).then(() => {});
    // The reads, within the run's one time budget; deciding and publishing what was read always finish.
    await withinBudget(env, started, () => readSources(db, registry, sources, { plan, runId, env, dryRun, progress, renew }, st));
    const finish = async (status: RunStatus, reason?: string) => {
      if (runId)
        await db
          .update(ingestRuns)
          .set({ status, reason: reason ?? null, counts, warnings, errors, finishedAt: new Date().toISOString() })
          .where(eq(ingestRuns.id, runId));
    };
    if (errors.length) {
      // Every part unreachable: the machine is offline, and the record says so (offline.ts).
      const reason = offlineReason([...st.failures.map((f) => f.reason), ...errors]) ?? errors[0];
      await finish('failed', reason);
      return { runId, status: 'failed', asOf, reason, chain: st.chain, counts, warnings, errors, failures: st.failures };
    }
    if (dryRun) return { runId, status: 'dry-run', asOf, counts, warnings, errors, failures: st.failures };
    let result = await decide(db, registry, env, runId, asOf, st, progress, plan);
    if (result.status === 'held') await finish('held', result.reason);
    // A plan that publishes twice: the figures read are served now; then what the sources left
    // for after (the Transfer logs, within the time budget), and the same figures again with it.
    for (let n = 1; n < plan.publishes && result.status === 'published' && st.afterPublish.length; n++) {
      progress(`published: the figures read (run ${runId}); now the steps left for after`);
      for (const { name, step } of st.afterPublish.splice(0)) counts[name] = await withinBudget(env, started, step);
      result = await decide(db, registry, env, runId, asOf, st, progress, plan);
    }
    // Alerts: the events this publish shows, made from what it published; a run held whole makes its hold event.
    const { status } = result;
    // The public correction log: past days' published figures this run changed (corrections.ts), once
    // per run (a head-first run publishes twice, and the second publish is what stands).
    if (status === 'published') await recordCorrections(db, runId);
    if (status === 'published' || status === 'held') await recordAlerts(db, registry, { ...result, status }, progress);
    const done = { ...result, counts, warnings, errors };
    // A day closed on an earlier block is read again later: planned and recorded here, started by the runner.
    return opts.dates.length === 1 ? await planCloseRetry(db, asOf, done) : done;
  } catch (e) {
    const reason = cleanOutsideText((e as Error).message.split('\n')[0]);
    if (runId)
      await db
        .update(ingestRuns)
        .set({ status: 'failed', reason, counts, warnings, errors: [...errors, reason], finishedAt: new Date().toISOString() })
        .where(eq(ingestRuns.id, runId));
    return { runId, status: 'failed', asOf, reason, counts, warnings, errors: [...errors, reason], failures: [] };
  } finally {
    clearInterval(heartbeat);
    await releaseLock(db, owner);
  }
}
