/**
 * Who sends the webhooks: a long-lived Node server polls the outbox (scripts/serve.ts starts it),
 * and on Netlify a scheduled function drains it (netlify/functions/alerts-drain.mts). Both go
 * through deliverDue's lease, so any number of them on one database send each row once at a time.
 */
import { openDatabase } from '#db/client.ts';
import { configFor } from '#lib/server/config.ts';
import { deliverDue, type DeliveryPolicy } from './deliver.ts';

function deliveryPolicy(env: NodeJS.ProcessEnv = process.env): DeliveryPolicy {
  const c = configFor(env);
  return { ...c.alerts, origin: c.origin };
}

/** Polls at the first retry delay (at most every 30 s), never two passes at once in this process. */
export function keepDeliveringAlerts(env: NodeJS.ProcessEnv = process.env): void {
  const policy = deliveryPolicy(env);
  const { db } = openDatabase(configFor(env).database);
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    deliverDue(db, policy)
      .catch((e: unknown) => console.error(`  alerts: delivery pass failed: ${(e as Error).message}`))
      .finally(() => (busy = false));
  };
  setInterval(tick, Math.min(policy.backoffMs, 30_000)).unref();
  tick();
}
