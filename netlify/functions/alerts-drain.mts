/**
 * Netlify scheduled function (every minute, netlify.toml): sends the alert webhooks that are due
 * from the outbox (a retry after a failure, a delivery the ingest's function had no time for).
 * Scheduled functions stop after 30 s: one pass of at most 20 s, the rest waits for the next minute.
 */
import { openDatabase } from '#db/client.ts';
import { ConfigError, parseConfig } from '#lib/server/config.ts';
import { deliverDue } from '#lib/server/alerts/deliver.ts';
import { prepareWebhooks } from '#lib/server/alerts/webhooks.ts';

export default async function alertsDrain(): Promise<Response> {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(`alerts-drain: ${e.message}`);
    return new Response('not configured', { status: 500 });
  }
  const { client, db } = openDatabase(config.database);
  try {
    // The start's step, as a Node server's start does it (each step a compare-and-set: safe beside them).
    await prepareWebhooks(db, config.alerts);
    const sent = await deliverDue(db, { ...config.alerts, origin: config.origin }, 20_000);
    return new Response(null, { status: sent ? 200 : 204 });
  } finally {
    client.close();
  }
}
