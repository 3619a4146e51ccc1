/**
 * The admin's webhooks (Settings): register, list with each delivery's log, rotate a secret, remove;
 * and what a start does to the stored ones (prepareWebhooks). A secret is answered once, when it is
 * made (registration, rotation); nothing lists it again, Settings shows a hint of it.
 */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { alertDeliveries, alertWebhooks } from '#db/schema/index.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { newSecret } from './sign.ts';
import { targetProblem } from './target.ts';
import { isSealed, secretHint, seal, toStored } from './secret-box.ts';

/** Deliveries shown per webhook in Settings (the newest). */
const LOG_ROWS = 50;

/** How long a rotated-out secret still signs, by default, and at most (hours). */
export const ROTATION_GRACE_HOURS = { default: 24, max: 168 };

export interface WebhookKeys {
  allowLoopback: boolean;
  /** ALERTS_WEBHOOK_KEY: secrets are stored sealed with it. */
  secretKey?: Buffer;
}

/**
 * A new webhook, and its secret (answered this once). A URL that breaks the target rule (target.ts:
 * the same rule every delivery keeps) is refused here (400); a name is checked again at every
 * delivery, after resolving it (its DNS may change after registration).
 */
export async function registerWebhook(db: Database, rawUrl: string, keys: WebhookKeys, now = new Date()) {
  const problem = targetProblem(rawUrl.trim(), keys.allowLoopback);
  if (problem)
    throw new HttpError(400, `Invalid webhook URL: ${problem}; deliveries go only to public https addresses`, { url: [problem] });
  const url = new URL(rawUrl.trim());
  const secret = newSecret();
  const [row] = await db
    .insert(alertWebhooks)
    .values({ url: url.href, secret: toStored(secret, keys.secretKey), secretHint: secretHint(secret), createdAt: now.toISOString() })
    .returning({ id: alertWebhooks.id, url: alertWebhooks.url, createdAt: alertWebhooks.createdAt });
  return { ...row, secret, secretHint: secretHint(secret) };
}

/**
 * A new secret for the webhook (answered this once). The one it replaces still signs, beside it, for
 * `graceHours` (0: not at all), so the receiver can move to the new one without refusing a delivery.
 */
export async function rotateSecret(db: Database, id: number, graceHours: number, keys: WebhookKeys, now = Date.now()) {
  const [hook] = await db.select().from(alertWebhooks).where(eq(alertWebhooks.id, id));
  if (!hook) throw new HttpError(404, 'No such webhook');
  const secret = newSecret();
  const graceUntil = graceHours > 0 ? now + graceHours * 3_600_000 : null;
  // Compare-and-set on the secret read: two rotations at once do not both keep "the previous" one.
  const done = await db
    .update(alertWebhooks)
    .set({
      secret: toStored(secret, keys.secretKey),
      secretHint: secretHint(secret),
      previousSecret: graceUntil === null ? null : hook.secret,
      previousSecretUntil: graceUntil,
    })
    .where(and(eq(alertWebhooks.id, id), eq(alertWebhooks.secret, hook.secret)))
    .returning({ id: alertWebhooks.id });
  if (!done.length) throw new HttpError(409, 'The secret was rotated meanwhile; reload and try again');
  return {
    id,
    secret,
    secretHint: secretHint(secret),
    previousSecretUntil: graceUntil === null ? null : new Date(graceUntil).toISOString(),
  };
}

/**
 * What a start does to the stored webhooks, safely on a database several servers share (each step is
 * a compare-and-set: a second server doing the same at once changes nothing the first did, and a step
 * done before is not done again):
 * - with a key, every secret still stored as made is sealed;
 * - a webhook whose URL breaks the target rule (registered before the rule) is disabled, with why.
 */
export async function prepareWebhooks(db: Database, keys: WebhookKeys): Promise<{ sealed: number; disabled: number }> {
  const hooks = await db.select().from(alertWebhooks);
  let sealed = 0;
  let disabled = 0;
  for (const h of hooks) {
    if (keys.secretKey && (!isSealed(h.secret) || (h.previousSecret !== null && !isSealed(h.previousSecret)))) {
      const changed = await db
        .update(alertWebhooks)
        .set({
          secret: isSealed(h.secret) ? h.secret : seal(h.secret, keys.secretKey),
          previousSecret:
            h.previousSecret === null || isSealed(h.previousSecret) ? h.previousSecret : seal(h.previousSecret, keys.secretKey),
          // A secret made before hints were kept gets its hint now (from the plain value, while it is at hand).
          secretHint: h.secretHint ?? (isSealed(h.secret) ? null : secretHint(h.secret)),
        })
        .where(
          and(
            eq(alertWebhooks.id, h.id),
            eq(alertWebhooks.secret, h.secret),
            h.previousSecret === null ? isNull(alertWebhooks.previousSecret) : eq(alertWebhooks.previousSecret, h.previousSecret),
          ),
        )
        .returning({ id: alertWebhooks.id });
      sealed += changed.length;
    }
    const problem = h.disabledReason === null ? targetProblem(h.url, keys.allowLoopback) : null;
    if (problem) disabled += (await disableWebhook(db, h.id, problem)) ? 1 : 0;
  }
  return { sealed, disabled };
}

/** Stops deliveries to the webhook, saying why (shown in Settings); false when it was disabled already. */
export async function disableWebhook(db: Database, id: number, reason: string): Promise<boolean> {
  const done = await db
    .update(alertWebhooks)
    .set({ disabledReason: `${reason}: registered before this rule, so disabled; register it again with an allowed URL` })
    .where(and(eq(alertWebhooks.id, id), isNull(alertWebhooks.disabledReason)))
    .returning({ id: alertWebhooks.id });
  return done.length > 0;
}

/** The webhooks that are sent events (not disabled). */
export const activeWebhooks = isNull(alertWebhooks.disabledReason);

export async function listWebhooks(db: Database) {
  const hooks = await db
    .select({
      id: alertWebhooks.id,
      url: alertWebhooks.url,
      createdAt: alertWebhooks.createdAt,
      secretHint: alertWebhooks.secretHint,
      previousSecretUntil: alertWebhooks.previousSecretUntil,
      disabledReason: alertWebhooks.disabledReason,
    })
    .from(alertWebhooks)
    .orderBy(desc(alertWebhooks.id));
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
      // The secret itself is never listed: the hint names it.
      secretHint: h.secretHint ?? 'whsec_…',
      previousSecretUntil:
        h.previousSecretUntil !== null && h.previousSecretUntil > Date.now() ? new Date(h.previousSecretUntil).toISOString() : null,
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
