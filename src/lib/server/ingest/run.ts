/**
 * One ingest run: take the lock, read every selected source for each day, then derive and publish
 * (or hold, or fail) and record what happened. Shared by `npm run ingest`, the in-process schedule
 * and the Netlify scheduled function.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client.ts';
import { ingestRuns } from '../../../../db/schema/index.ts';
import { acquireLock, lockHolder, lockOwner, releaseLock, renewLock, takeOverDeadHolder } from './lock.ts';
import { checkBreaker, derive, maxChange, writePublished } from './publish.ts';
import { loadRegistry, registryPath, type Registry } from './registry.ts';
import { ChainError } from './rpc.ts';
import { SOURCES } from './sources/index.ts';
import { DAY_MS } from './sources/types.ts';

export type RunStatus = 'published' | 'held' | 'failed' | 'dry-run' | 'locked';

export interface IngestOptions {
  /** Days to measure, oldest first (one for a daily run, many for a backfill). */
  dates: string[];
  /** Source names to read (default: every source the registry uses). */
  sources?: string[];
  dryRun?: boolean;
  env?: NodeJS.ProcessEnv;
  registry?: Registry;
  progress?: (line: string) => void;
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
}

/** The lease is short and renewed while the run works, so a crashed holder elsewhere blocks for minutes at most. */
const LOCK_TTL_MS = 3 * 60_000;

/** Yesterday in UTC: the last day that has closed. */
export function defaultDate(now = Date.now()): string {
  return new Date(now - DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, inclusive. */
export function dateRange(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(from + 'T00:00:00Z'); t <= Date.parse(to + 'T00:00:00Z'); t += DAY_MS)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export async function runIngest(db: Database, opts: IngestOptions): Promise<IngestResult> {
  const env = opts.env ?? process.env;
  const progress = opts.progress ?? (() => {});
  const registry = opts.registry ?? loadRegistry(registryPath(env));
  const asOf = opts.dates.at(-1)!;
  const warnings: string[] = [];
  const errors: string[] = [];
  const counts: Record<string, Record<string, number>> = {};
  const known = SOURCES.map((s) => s.name);
  for (const name of opts.sources ?? [])
    if (!known.includes(name)) throw new Error(`Unknown source "${name}" (known: ${known.join(', ')})`);
  const sources = SOURCES.filter((s) => (opts.sources ? opts.sources.includes(s.name) : s.applies(registry)));
  const dryRun = !!opts.dryRun;

  const owner = lockOwner();
  if (!(await acquireLock(db, owner, LOCK_TTL_MS)) && !(await takeOverDeadHolder(db, owner, LOCK_TTL_MS))) {
    return {
      runId: 0,
      status: 'locked',
      asOf,
      reason: `another ingest run holds the lock (${await lockHolder(db)})`,
      counts,
      warnings,
      errors,
    };
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
    let chain: string | undefined;
    outer: for (const date of opts.dates) {
      for (const source of sources) {
        progress(`${source.name}: ${date}`);
        try {
          const c = await source.run({
            db,
            registry,
            date,
            runId,
            env,
            progress,
            warn: (w) => (warnings.push(w), progress(`  warning: ${w}`)),
            dryRun,
          });
          const acc = (counts[source.name] ??= {});
          for (const [k, v] of Object.entries(c)) acc[k] = (acc[k] ?? 0) + v;
        } catch (e) {
          if (e instanceof ChainError) chain = e.chain;
          errors.push(`${source.name} ${date}: ${(e as Error).message.split('\n')[0]}`);
          break outer;
        }
        await renewLock(db, owner, LOCK_TTL_MS);
      }
    }
    const finish = async (status: RunStatus, reason?: string) => {
      if (runId)
        await db
          .update(ingestRuns)
          .set({ status, reason: reason ?? null, counts, warnings, errors, finishedAt: new Date().toISOString() })
          .where(eq(ingestRuns.id, runId));
    };
    if (errors.length) {
      await finish('failed', errors[0]);
      return { runId, status: 'failed', asOf, reason: errors[0], chain, counts, warnings, errors };
    }
    if (dryRun) return { runId, status: 'dry-run', asOf, counts, warnings, errors };
    // A backfill of older days adds history; it never moves the site back to an older as-of date.
    const [published] = await db
      .select({ asOf: ingestRuns.asOf })
      .from(ingestRuns)
      .where(eq(ingestRuns.status, 'published'))
      .orderBy(desc(ingestRuns.asOf))
      .limit(1);
    const publishAsOf = published && published.asOf > asOf ? published.asOf : asOf;
    const derived = await derive(db, registry, publishAsOf);
    const breaker = await checkBreaker(db, derived.totals, maxChange(env));
    if (!breaker.ok) {
      await finish('held', breaker.reason);
      return { runId, status: 'held', asOf, reason: breaker.reason, counts, warnings, errors, totals: derived.totals };
    }
    await db
      .update(ingestRuns)
      .set({ counts, warnings, errors })
      .where(and(eq(ingestRuns.id, runId)));
    await writePublished(db, runId, derived);
    return { runId, status: 'published', asOf: publishAsOf, counts, warnings, errors, totals: derived.totals };
  } catch (e) {
    const reason = (e as Error).message.split('\n')[0];
    if (runId)
      await db
        .update(ingestRuns)
        .set({ status: 'failed', reason, counts, warnings, errors: [...errors, reason], finishedAt: new Date().toISOString() })
        .where(eq(ingestRuns.id, runId));
    return { runId, status: 'failed', asOf, reason, counts, warnings, errors: [...errors, reason] };
  } finally {
    clearInterval(heartbeat);
    await releaseLock(db, owner);
  }
}
