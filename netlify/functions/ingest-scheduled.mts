/**
 * Netlify scheduled function (schedule in netlify.toml, hourly from 00:40 to 02:40 UTC): scheduled functions
 * stop after 30 seconds, and an ingest reads chains for longer, so this only starts the
 * background function (15 minutes), authenticated by INGEST_TRIGGER_SECRET because a function's
 * URL is public.
 *
 * A background function answers 202 before it runs, whatever then happens, so its answer proves
 * nothing. This function reads the runs in the database before and after starting it and reports
 * what it finds there (src/lib/server/ingest/run-check.ts): a run started (or already published), a
 * run that failed or was held, or no run at all.
 */
import { openDatabase } from '#db/client.ts';
import { ConfigError, parseConfig } from '#lib/server/config.ts';
import { lockHolder } from '#lib/server/ingest/lock.ts';
import { judgeTrigger, latestRun, runAfter } from '#lib/server/ingest/run-check.ts';
import { dayReadDue } from '#lib/server/ingest/close-retry.ts';
import { DAY_MS, isoDay } from '#lib/shared/utc-day.ts';

/** Yesterday in UTC, the day the background function reads (run.ts defaultDate, not imported: it brings every reader in). */
const defaultDate = () => isoDay(Date.now() - DAY_MS);

/** How long to wait for the background function to record its run: well inside the 30 s limit. */
const WAIT_MS = 20_000;

export default function ingestScheduled(): Promise<Response> {
  return triggerIngest();
}

/** The function's work; `waitMs` is how long it waits for the run to be recorded (tests shorten it). */
export async function triggerIngest(env: NodeJS.ProcessEnv = process.env, waitMs = WAIT_MS): Promise<Response> {
  let config;
  try {
    config = parseConfig(env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(`ingest-scheduled: ${e.message}`);
    return new Response('not configured', { status: 500 });
  }
  const secret = config.ingest.triggerSecret;
  const origin = config.netlifyUrl;
  if (!secret || !origin) {
    console.error('ingest-scheduled: set INGEST_TRIGGER_SECRET (and Netlify sets URL) to run the daily ingest');
    return new Response('not configured', { status: 500 });
  }
  const { client, db } = openDatabase(config.database);
  try {
    // Fired hourly after the close: yesterday is read once, and again only when its close was early (close-retry.ts).
    const day = await dayReadDue(db, defaultDate());
    if (!day.due) {
      console.log(`ingest-scheduled: no run started: ${day.why}`);
      return new Response(null, { status: 204 });
    }
    const previous = await latestRun(db);
    const res = await fetch(`${origin}/.netlify/functions/ingest-background`, { method: 'POST', headers: { 'x-ingest-secret': secret } });
    await res.body?.cancel();
    let started;
    const deadline = Date.now() + waitMs;
    while (res.ok && !started && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, Math.min(1000, waitMs / 4)));
      started = await runAfter(db, previous?.id ?? 0);
    }
    const lockHeld = !started && (await lockHolder(db)) !== undefined;
    const verdict = judgeTrigger({ answered: res.status, previous, started, lockHeld });
    (verdict.ok ? console.log : console.error)(`ingest-scheduled: ${verdict.message}`);
    return new Response(null, { status: verdict.ok ? 204 : 502 });
  } finally {
    client.close();
  }
}
