import { json } from './handle.ts';
import { CACHE, cacheHeaders } from '#lib/server/cache/policy.ts';

/** A JSON response that browsers and CDNs may cache (the `json()` default is no-store). */
export function publicJson(data: unknown): Response {
  // The analytics JSON shows the figures: its policy carries the tag a published run purges.
  return json(data, { headers: cacheHeaders(CACHE.dataApi) });
}
