import { json } from './http';
import { CACHE } from './cache';
import { tagResponse, TAG } from './cdn';

/** A JSON response that browsers and CDNs may cache (the `json()` default is no-store). */
export function publicJson(data: unknown): Response {
  const response = json(data, { headers: { 'Cache-Control': CACHE.dataApi } });
  // The analytics JSON shows the figures: an ingest run that publishes purges it from the CDN.
  tagResponse(response.headers, [TAG.data]);
  return response;
}
