/**
 * Netlify scheduled function (every 5 minutes, netlify.toml): delivers the saves still open in the
 * git outbox. A save's own request pushes it (src/lib/server/content/acknowledge.ts holds the
 * function open with waitUntil); this is for the ones whose request ran out of time or met the
 * remote down. Scheduled functions stop after 30 s: one delivery within the function budget, and
 * what is left waits for the next run. Nothing to deliver costs one query.
 */
import { openDatabase } from '#db/client.ts';
import { ConfigError, parseConfig } from '#lib/server/config.ts';
import { functionHostProblem } from '#lib/server/content/host.ts';
import { deliverContent } from '#lib/server/content/outbox.ts';

export default async function contentDrain(): Promise<Response> {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(`content-drain: ${e.message}`);
    return new Response('not configured', { status: 500 });
  }
  const problem = functionHostProblem(config.content);
  if (problem) {
    console.error(`content-drain: ${problem}`);
    return new Response('not configured', { status: 500 });
  }
  const { client, db } = openDatabase(config.database);
  try {
    const delivered = await deliverContent(db, config.content, 'function');
    return new Response(null, { status: delivered ? 204 : 503 });
  } finally {
    client.close();
  }
}
