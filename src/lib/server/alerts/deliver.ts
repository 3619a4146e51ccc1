/**
 * Webhook deliveries from the outbox (alert_deliveries): a row is claimed with a lease in the
 * database, so of several instances on one database (two Node servers, a Netlify function) only
 * one sends it at a time, and a row whose sender died (kill -9, a recycled function) is taken up
 * again once its lease has run out. A failed attempt waits backoff x 2^(attempt-1) and is tried
 * again, up to MAX_ATTEMPTS; every attempt is written to the row's log (shown in Settings).
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
import { signatureHeader, SIGNATURE_HEADER } from './sign.ts';
import { payloadOf } from './payload.ts';

export const MAX_ATTEMPTS = 8;
/** At most this much of a receiver's answer is read (and 500 characters of it kept in the log). */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface DeliveryPolicy {
  backoffMs: number;
  timeoutMs: number;
  allowLoopback: boolean;
  /** The site's origin: the event's page in the payload. */
  origin: string;
}

type LogEntry = { at: string; status?: number; error?: string; ms: number };

const owner = `${hostname()}:${process.pid}:${randomUUID()}`;

/** Takes one due row: a single UPDATE ... RETURNING, so two instances never both get it. */
async function claim(db: Database, leaseMs: number, now: number) {
  // A read first: an UPDATE takes the database's one write lock even when it matches nothing, and
  // every server polls, so an idle outbox would hold up ingest and content writes on a shared server.
  const due = await db.all(sql`
    SELECT 1 FROM alert_deliveries
    WHERE status = 'pending' AND next_attempt_at <= ${now} AND (lease_until IS NULL OR lease_until < ${now})
    LIMIT 1`);
  if (!due.length) return undefined;
  const rows = await db.all<{ id: number; webhook_id: number; event_id: string; attempts: number; log: string }>(sql`
    UPDATE alert_deliveries SET lease_owner = ${owner}, lease_until = ${now + leaseMs}
    WHERE id = (
      SELECT id FROM alert_deliveries
      WHERE status = 'pending' AND next_attempt_at <= ${now} AND (lease_until IS NULL OR lease_until < ${now})
      ORDER BY next_attempt_at, id LIMIT 1
    ) AND status = 'pending' AND (lease_until IS NULL OR lease_until < ${now})
    RETURNING id, webhook_id, event_id, attempts, log`);
  return rows[0];
}

/** The delay before attempt n+1 after n failed ones. */
export const backoffAfter = (attempts: number, backoffMs: number) => backoffMs * 2 ** Math.max(0, attempts - 1);

async function attempt(db: Database, row: NonNullable<Awaited<ReturnType<typeof claim>>>, policy: DeliveryPolicy) {
  const [hook] = await db.select().from(alertWebhooks).where(eq(alertWebhooks.id, row.webhook_id));
  const event = await getAlert(db, row.event_id);
  const started = Date.now();
  const entry: LogEntry = { at: new Date(started).toISOString(), ms: 0 };
  let ok = false;
  if (!hook || !event) entry.error = 'the webhook or the event is gone';
  else {
    const body = JSON.stringify(payloadOf(event, policy.origin));
    try {
      const answer = await postJson(
        hook.url,
        body,
        {
          'User-Agent': 'rwa-analytics-alerts/1',
          [SIGNATURE_HEADER]: signatureHeader(hook.secret, body),
          'X-Alert-Event': event.id,
          'X-Alert-Delivery': String(row.id),
        },
        { allowLoopback: policy.allowLoopback, timeoutMs: policy.timeoutMs, maxBytes: MAX_ANSWER_BYTES },
      );
      entry.status = answer.status;
      ok = answer.status >= 200 && answer.status < 300;
      if (!ok) entry.error = `answered ${answer.status}${answer.body ? `: ${answer.body.slice(0, 500)}` : ''}`;
    } catch (e) {
      entry.error = (e as Error).message.split('\n')[0].slice(0, 500);
    }
  }
  entry.ms = Date.now() - started;
  const attempts = row.attempts + 1;
  const log = [...(JSON.parse(row.log) as LogEntry[]), entry];
  const gaveUp = !ok && (attempts >= MAX_ATTEMPTS || !hook || !event);
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
 * Sends what is due, one row at a time, until nothing is due or `budgetMs` has passed. Returns the
 * number of rows attempted.
 */
export async function deliverDue(db: Database, policy: DeliveryPolicy, budgetMs = 20_000): Promise<number> {
  const end = Date.now() + budgetMs;
  // The lease outlasts one attempt (its timeout plus the database writes) with room to spare.
  const leaseMs = policy.timeoutMs * 2 + 10_000;
  let n = 0;
  while (Date.now() < end) {
    const row = await claim(db, leaseMs, Date.now());
    if (!row) break;
    await attempt(db, row, policy);
    n++;
  }
  return n;
}
