import { json } from './http.ts';
import { CACHE } from './cache.ts';
import { tagResponse, TAG } from './cdn.ts';

/** A JSON response that browsers and CDNs may cache (the `json()` default is no-store). */
export function publicJson(data: unknown): Response {
  const response = json(data, { headers: { 'Cache-Control': CACHE.dataApi } });
  // The analytics JSON shows the figures: an ingest run that publishes purges it from the CDN.
  tagResponse(response.headers, [TAG.data]);
  return response;
}
