/**
 * Who sends the webhooks: a long-lived Node server polls the outbox (scripts/serve.ts starts it),
 * and on Netlify a scheduled function drains it (netlify/functions/alerts-drain.mts). Both go
 * through deliverDue's lease, so any number of them on one database send each row once at a time.
 */
import { openDatabase } from '#db/client.ts';
import { configFor } from '#lib/server/config.ts';
import { deliveryPool, type DeliveryPolicy } from './deliver.ts';
import { prepareWebhooks } from './webhooks.ts';

function deliveryPolicy(env: NodeJS.ProcessEnv = process.env): DeliveryPolicy {
  const c = configFor(env);
  return { ...c.alerts, origin: c.origin };
}

/**
 * The start's step for the webhooks (prepareWebhooks: seal the secrets stored as made when there is a
 * key, disable a webhook whose URL breaks the target rule), then the senders: they look for due rows
 * at the first retry delay (at most every 30 s) and run side by side (deliveryPool): a look while some
 * are busy starts others for what they are not sending, so a receiver that hangs does not hold up the
 * deliveries to the others. Returns the start-up line about the secrets.
 */
export async function keepDeliveringAlerts(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const policy = deliveryPolicy(env);
  const { db } = openDatabase(configFor(env).database);
  let line: string;
  try {
    const { sealed, disabled } = await prepareWebhooks(db, policy);
    line = secretsLine(policy.secretKey !== undefined, sealed, disabled);
  } catch (e) {
    line = `  Alert webhooks: the start's check of the stored webhooks failed (${(e as Error).message.split('\n')[0]}); deliveries go on`;
  }
  const pool = deliveryPool(db, policy);
  setInterval(pool.fill, Math.min(policy.backoffMs, 30_000)).unref();
  pool.fill();
  return line;
}

/** What the start says about the webhooks' secrets (and what it did to them). */
function secretsLine(encrypted: boolean, sealed: number, disabled: number): string {
  const parts = [
    encrypted
      ? `webhook secrets are stored encrypted (ALERTS_WEBHOOK_KEY)${sealed ? `; ${sealed} stored before were encrypted now` : ''}`
      : 'ALERTS_WEBHOOK_KEY is not set: webhook secrets are stored unencrypted',
  ];
  if (disabled) parts.push(`${disabled} webhook(s) disabled: their URL breaks the delivery rule (Settings says why)`);
  return `  Alert webhooks: ${parts.join('; ')}`;
}
