/**
 * Netlify scheduled function (schedule in netlify.toml, daily by default): scheduled functions
 * stop after 30 seconds, and an ingest reads chains for longer, so this only starts the
 * background function (15 minutes), authenticated by INGEST_TRIGGER_SECRET because a function's
 * URL is public.
 */
import { ConfigError, parseConfig } from '../../src/lib/server/config';

export default async function ingestScheduled(): Promise<Response> {
  let secret, origin;
  try {
    const config = parseConfig(process.env);
    secret = config.ingest.triggerSecret;
    origin = config.netlifyUrl;
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(`ingest-scheduled: ${e.message}`);
    return new Response('not configured', { status: 500 });
  }
  if (!secret || !origin) {
    console.error('ingest-scheduled: set INGEST_TRIGGER_SECRET (and Netlify sets URL) to run the daily ingest');
    return new Response('not configured', { status: 500 });
  }
  const res = await fetch(`${origin}/.netlify/functions/ingest-background`, { method: 'POST', headers: { 'x-ingest-secret': secret } });
  console.log(`ingest-scheduled: background function answered ${res.status}`);
  return new Response(null, { status: res.status === 202 ? 204 : 502 });
}
