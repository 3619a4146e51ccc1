import { json } from './http';
import { CACHE } from './cache';

/** A JSON response that browsers and CDNs may cache (the `json()` default is no-store). */
export function publicJson(data: unknown): Response {
  return json(data, { headers: { 'Cache-Control': CACHE.dataApi } });
}
