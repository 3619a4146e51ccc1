/**
 * The first run by itself: a server that has no published run, or whose last published
 * figures are older than yesterday's close, starts an ingest in the background, so a fresh install
 * shows today's market without `npm run ingest`. INGEST_AUTO=off turns it off. The Node server starts
 * it at start (auto-child.ts); on Netlify, where no process stays up, the first request
 * an instance serves starts the background function (firstRequestTrigger below). Either way the run's
 * own lock keeps two of them from running at once.
 */
import type { Database } from '#db/client.ts';
import { configFor } from '#lib/server/config.ts';
import { acquireLock, lockHolder, lockOwner } from './lock.ts';
import { lastPublishedAsOf, servedRun } from '#lib/server/figures/run-state.ts';
// Not run.ts's defaultDate: the middleware imports this module, and run.ts brings every reader (viem) into a cold start.
import { DAY_MS, isoDay } from '#lib/shared/utc-day.ts';

/** Why a run is due now, or undefined when it is not (INGEST_AUTO=off, or the figures are current). */
export async function autoRunDue(db: Database, env: NodeJS.ProcessEnv, now = Date.now()): Promise<string | undefined> {
  if (!configFor(env).ingest.auto) return undefined;
  if (!(await servedRun(db))) return 'no run has been published';
  const last = await lastPublishedAsOf(db);
  const yesterday = isoDay(now - DAY_MS);
  if (!last || last < yesterday) return `the last published run is as of ${last ?? '?'}, before ${yesterday}`;
  return undefined;
}

/** How long one trigger holds off the next (other instances, later requests) while no run is published. */
const TRIGGER_EVERY_MS = 30 * 60_000;
let triggered = false;

/**
 * Netlify: on the first request an instance serves, start the background function when a run is
 * due and none is running. A lease in the lock table (its own name) lets one instance in half an
 * hour send the request, so a deploy's many cold instances start it once; the run's lock covers the
 * rest. Never throws and never delays the request (the caller hands the promise to waitUntil).
 */
export async function firstRequestTrigger(db: Database, env: NodeJS.ProcessEnv, log: (line: string) => void = console.log): Promise<void> {
  if (triggered) return;
  triggered = true;
  const cfg = configFor(env);
  const secret = cfg.ingest.triggerSecret;
  if (!cfg.ingest.auto || !secret || !cfg.netlifyUrl) return;
  try {
    const why = await autoRunDue(db, env);
    if (!why || (await lockHolder(db))) return;
    if (!(await acquireLock(db, lockOwner(), TRIGGER_EVERY_MS, 'auto-trigger'))) return;
    // Head first (?head=1): the first run serves today's figures at once, like the Node server's.
    const res = await fetch(`${cfg.netlifyUrl}/.netlify/functions/ingest-background?head=1`, {
      method: 'POST',
      headers: { 'x-ingest-secret': secret },
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel();
    log(`ingest (auto): ${why}; the background function answered ${res.status}`);
  } catch (e) {
    log(`ingest (auto): could not start the background function: ${(e as Error).message.split('\n')[0]}`);
  }
}
