/**
 * Webhook deliveries from the outbox (alert_deliveries): a row is claimed with a lease in the
 * database, so of several instances on one database (two Node servers, a Netlify function) only
 * one sends it at a time, and a row whose sender died (kill -9, a recycled function) is taken up
 * again once its lease has run out. Deliveries run side by side (CONCURRENCY per process), at most
 * PER_RECEIVER at once to one webhook across every instance (the live leases are counted in the same
 * statement that claims), so a receiver that hangs holds up only its own deliveries. A failed attempt
 * waits backoff x 2^(attempt-1) and is tried again, up to MAX_ATTEMPTS; a target refused for what it
 * is (an internal address) is given up at once. Every attempt is written to the row's log (Settings).
 * A receiver may still see an event twice if we die between its answer and our write: the
 * X-Alert-Event header carries the event id for it to drop the second.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { eq, and, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { alertDeliveries, alertWebhooks } from '#db/schema/index.ts';
import { getAlert } from './get-alert.ts';
import { postJson } from './post.ts';
import { RefusedTarget, targetProblem, type Resolver } from './target.ts';
import { openStored } from './secret-box.ts';
import { disableWebhook } from './webhooks.ts';
import { signatureHeader, SIGNATURE_HEADER } from './sign.ts';
import { payloadOf } from './payload.ts';

export const MAX_ATTEMPTS = 8;
/** Deliveries a process sends at once, and to one webhook at once across every instance. */
const CONCURRENCY = 8;
export const PER_RECEIVER = 2;
/** At most this much of a receiver's answer is read (and 500 characters of it kept in the log). */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface DeliveryPolicy {
  backoffMs: number;
  timeoutMs: number;
  allowLoopback: boolean;
  /** The site's origin: the event's page in the payload. */
  origin: string;
  /** ALERTS_WEBHOOK_KEY: opens the stored secrets that are sealed. */
  secretKey?: Buffer;
  /** Tests: answers DNS instead of the system's resolver. */
  resolve?: Resolver;
}

type LogEntry = { at: string; status?: number; error?: string; ms: number };

const owner = `${hostname()}:${process.pid}:${randomUUID()}`;

/**
 * The due rows: pending, past their backoff, not leased, and of a webhook with fewer than
 * PER_RECEIVER live leases (whoever holds them: the limit holds across instances).
 */
const due = (now: number) => sql`
  d.status = 'pending' AND d.next_attempt_at <= ${now} AND (d.lease_until IS NULL OR d.lease_until < ${now})
  AND (SELECT count(*) FROM alert_deliveries l
       WHERE l.webhook_id = d.webhook_id AND l.status = 'pending' AND l.lease_until >= ${now}) < ${PER_RECEIVER}`;

/** Takes one due row: a single UPDATE ... RETURNING, so two instances never both get it. */
async function claim(db: Database, leaseMs: number, now: number) {
  // A read first: an UPDATE takes the database's one write lock even when it matches nothing, and
  // every server polls, so an idle outbox would hold up ingest and content writes on a shared server.
  const found = await db.all(sql`SELECT 1 FROM alert_deliveries d WHERE ${due(now)} LIMIT 1`);
  if (!found.length) return undefined;
  const rows = await db.all<{ id: number; webhook_id: number; event_id: string; attempts: number; log: string }>(sql`
    UPDATE alert_deliveries SET lease_owner = ${owner}, lease_until = ${now + leaseMs}
    WHERE id = (SELECT d.id FROM alert_deliveries d WHERE ${due(now)} ORDER BY d.next_attempt_at, d.id LIMIT 1)
      AND status = 'pending' AND (lease_until IS NULL OR lease_until < ${now})
    RETURNING id, webhook_id, event_id, attempts, log`);
  return rows[0];
}

/** The delay before attempt n+1 after n failed ones. */
export const backoffAfter = (attempts: number, backoffMs: number) => backoffMs * 2 ** Math.max(0, attempts - 1);

/** The secrets that sign now: the current one, and the one it replaced while its grace period runs. */
function signingSecrets(hook: typeof alertWebhooks.$inferSelect, policy: DeliveryPolicy, now: number): string[] {
  const current = openStored(hook.secret, policy.secretKey);
  const graced = hook.previousSecret !== null && hook.previousSecretUntil !== null && hook.previousSecretUntil > now;
  return graced ? [current, openStored(hook.previousSecret!, policy.secretKey)] : [current];
}

async function attempt(db: Database, row: NonNullable<Awaited<ReturnType<typeof claim>>>, policy: DeliveryPolicy) {
  const [hook] = await db.select().from(alertWebhooks).where(eq(alertWebhooks.id, row.webhook_id));
  const event = await getAlert(db, row.event_id);
  const started = Date.now();
  const entry: LogEntry = { at: new Date(started).toISOString(), ms: 0 };
  let ok = false;
  // Nothing another attempt could change: the row is given up now.
  let final = false;
  const rule = hook && hook.disabledReason === null ? targetProblem(hook.url, policy.allowLoopback) : null;
  if (!hook || !event) {
    entry.error = 'the webhook or the event is gone';
    final = true;
  } else if (hook.disabledReason !== null) {
    entry.error = `the webhook is disabled: ${hook.disabledReason}`;
    final = true;
  } else if (rule) {
    // Registered before the rule: the webhook is disabled (Settings says why), this delivery given up.
    await disableWebhook(db, hook.id, rule);
    entry.error = `refused: ${rule}`;
    final = true;
  } else {
    const body = JSON.stringify(payloadOf(event, policy.origin));
    try {
      const answer = await postJson(
        hook.url,
        body,
        {
          'User-Agent': 'rwa-analytics-alerts/1',
          [SIGNATURE_HEADER]: signatureHeader(signingSecrets(hook, policy, started), body),
          'X-Alert-Event': event.id,
          'X-Alert-Delivery': String(row.id),
        },
        { allowLoopback: policy.allowLoopback, timeoutMs: policy.timeoutMs, maxBytes: MAX_ANSWER_BYTES, resolve: policy.resolve },
      );
      entry.status = answer.status;
      ok = answer.status >= 200 && answer.status < 300;
      if (!ok) entry.error = `answered ${answer.status}${answer.body ? `: ${answer.body.slice(0, 500)}` : ''}`;
    } catch (e) {
      entry.error = (e as Error).message.split('\n')[0].slice(0, 500);
      // An internal address (the name resolves to one now): trying again sends nothing either.
      if (e instanceof RefusedTarget) {
        entry.error = `refused: ${entry.error}`;
        final = true;
      }
    }
  }
  entry.ms = Date.now() - started;
  const attempts = row.attempts + 1;
  const log = [...(JSON.parse(row.log) as LogEntry[]), entry];
  const gaveUp = !ok && (attempts >= MAX_ATTEMPTS || final);
  await db
    .update(alertDeliveries)
    .set({
      status: ok ? 'delivered' : gaveUp ? 'failed' : 'pending',
      attempts,
      log,
      leaseOwner: null,
      leaseUntil: null,
      nextAttemptAt: ok || gaveUp ? Date.now() : Date.now() + backoffAfter(attempts, policy.backoffMs),
      deliveredAt: ok ? new Date().toISOString() : null,
    })
    // Only while the lease is ours: a sender that outlived its lease does not overwrite the next one's result.
    .where(and(eq(alertDeliveries.id, row.id), eq(alertDeliveries.leaseOwner, owner)));
  return ok;
}

/**
 * The senders of one process: up to `limit` at once, each taking due rows until none is left. One
 * looks when asked (fill); a sender that finds a row asks for another beside it before it sends, so
 * the process runs as many as there is due work, and a sender stuck on a slow receiver leaves the
 * others free for the rest.
 */
export function deliveryPool(db: Database, policy: DeliveryPolicy, limit = CONCURRENCY, until = () => Infinity) {
  // The lease outlasts one attempt (its timeout plus the database writes) with room to spare.
  const leaseMs = policy.timeoutMs * 2 + 10_000;
  let running = 0;
  let attempted = 0;
  let idle: Array<() => void> = [];
  const sender = async () => {
    try {
      while (Date.now() < until()) {
        const row = await claim(db, leaseMs, Date.now());
        if (!row) return;
        fill();
        await attempt(db, row, policy);
        attempted++;
      }
    } catch (e) {
      console.error(`  alerts: delivery failed: ${(e as Error).message.split('\n')[0]}`);
    } finally {
      running--;
      if (running === 0) {
        for (const done of idle) done();
        idle = [];
      }
    }
  };
  function fill() {
    if (running >= limit) return;
    running++;
    void sender();
  }
  return {
    fill,
    attempted: () => attempted,
    /** Resolves once no sender is running. */
    settled: () => (running === 0 ? Promise.resolve() : new Promise<void>((ok) => idle.push(ok))),
  };
}

/**
 * Sends what is due, side by side, until nothing is due or `budgetMs` has passed (no new row is taken
 * after it). Returns the number of rows attempted.
 */
export async function deliverDue(db: Database, policy: DeliveryPolicy, budgetMs = 20_000): Promise<number> {
  const end = Date.now() + budgetMs;
  const pool = deliveryPool(db, policy, CONCURRENCY, () => end);
  pool.fill();
  await pool.settled();
  return pool.attempted();
}
