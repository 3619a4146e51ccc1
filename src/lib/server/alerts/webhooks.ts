/** The admin's webhooks (Settings): register, list with each delivery's log, remove. */
import { desc, eq, inArray } from 'drizzle-orm';
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
  const deliveries = hooks.length
    ? await db
        .select()
        .from(alertDeliveries)
        .where(
          inArray(
            alertDeliveries.webhookId,
            hooks.map((h) => h.id),
          ),
        )
        .orderBy(desc(alertDeliveries.id))
    : [];
  return hooks.map((h) => {
    const mine = deliveries.filter((d) => d.webhookId === h.id);
    return {
      ...h,
      counts: {
        delivered: mine.filter((d) => d.status === 'delivered').length,
        pending: mine.filter((d) => d.status === 'pending').length,
        failed: mine.filter((d) => d.status === 'failed').length,
      },
      deliveries: mine.slice(0, LOG_ROWS).map((d) => ({
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
