import { json } from './http';

/** Analytics data is public and changes only with a new snapshot: cache at the edge, revalidate in the background. */
export const PUBLIC_CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=86400';

/** A JSON response that browsers and CDNs may cache (the `json()` default is no-store). */
export function publicJson(data: unknown): Response {
  return json(data, { headers: { 'Cache-Control': PUBLIC_CACHE } });
}
