/** The admin's webhooks (Settings): register, list with each delivery's log, remove. */
import { count, desc, eq, inArray } from 'drizzle-orm';
import { isIP } from 'node:net';
import type { Database } from '#db/client.ts';
import { alertDeliveries, alertWebhooks } from '#db/schema/index.ts';
import { HttpError } from '#lib/server/http/handle.ts';
import { newSecret } from './sign.ts';
import { addressProblem, bareHost, parseTarget } from './target.ts';

/** Deliveries shown per webhook in Settings (the newest). */
const LOG_ROWS = 50;

/**
 * A new webhook. A URL naming an internal address is refused here (400), a name is checked again at
 * every delivery, after resolving it (its DNS may change after registration).
 */
export async function registerWebhook(db: Database, rawUrl: string, allowLoopback: boolean, now = new Date()) {
  let url: URL;
  try {
    url = parseTarget(rawUrl.trim());
  } catch (e) {
    throw new HttpError(400, `Invalid webhook URL: ${(e as Error).message}`, { url: [(e as Error).message] });
  }
  const host = bareHost(url);
  const problem = isIP(host)
    ? addressProblem(host, allowLoopback)
    : host === 'localhost' && !allowLoopback
      ? 'localhost is loopback'
      : null;
  if (problem) throw new HttpError(400, `Invalid webhook URL: ${problem}; deliveries go only to public addresses`, { url: [problem] });
  const [row] = await db.insert(alertWebhooks).values({ url: url.href, secret: newSecret(), createdAt: now.toISOString() }).returning();
  return row;
}

export async function listWebhooks(db: Database) {
  const hooks = await db.select().from(alertWebhooks).orderBy(desc(alertWebhooks.id));
  if (!hooks.length) return [];
  // The outbox only grows: counted by the database, and only the latest rows of each log read.
  const [tally, logs] = await Promise.all([
    db
      .select({ webhookId: alertDeliveries.webhookId, status: alertDeliveries.status, n: count() })
      .from(alertDeliveries)
      .where(
        inArray(
          alertDeliveries.webhookId,
          hooks.map((h) => h.id),
        ),
      )
      .groupBy(alertDeliveries.webhookId, alertDeliveries.status),
    Promise.all(
      hooks.map((h) =>
        db.select().from(alertDeliveries).where(eq(alertDeliveries.webhookId, h.id)).orderBy(desc(alertDeliveries.id)).limit(LOG_ROWS),
      ),
    ),
  ]);
  const counted = (webhookId: number, status: string) => tally.find((t) => t.webhookId === webhookId && t.status === status)?.n ?? 0;
  return hooks.map((h, i) => {
    return {
      ...h,
      counts: {
        delivered: counted(h.id, 'delivered'),
        pending: counted(h.id, 'pending'),
        failed: counted(h.id, 'failed'),
      },
      deliveries: logs[i].map((d) => ({
        id: d.id,
        eventId: d.eventId,
        status: d.status,
        attempts: d.attempts,
        nextAttemptAt: d.status === 'pending' ? new Date(d.nextAttemptAt).toISOString() : null,
        deliveredAt: d.deliveredAt,
        log: d.log,
      })),
    };
  });
}

export async function deleteWebhook(db: Database, id: number): Promise<void> {
  const gone = await db.delete(alertWebhooks).where(eq(alertWebhooks.id, id)).returning({ id: alertWebhooks.id });
  if (!gone.length) throw new HttpError(404, 'No such webhook');
}
