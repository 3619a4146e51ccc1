import { createHash } from 'node:crypto';
import type { RenderedMarkup, RenderOptions } from '#lib/shared/markup/index.ts';
import { renderBounded } from './pool.ts';

/**
 * renderMarkup with a bounded in-memory cache keyed by the text and the options. The pipeline
 * (Markdown -> HTML -> parse5 -> sanitise) was most of a reading page's server time; the same
 * article's text renders to the same HTML, so an edit (new text) is a new key and nothing goes stale.
 * Rendering runs off the request loop with a time limit (pool.ts); views that arrive while a
 * text renders wait for that one rendering. A degraded rendering (the text was too slow) is kept for
 * DEGRADED_TTL_MS only, so a text that was merely unlucky on a busy machine gets another chance, while
 * a hostile one costs one time limit per period, not one per view. Callers must treat the result as read-only.
 */
const MAX_ENTRIES = 500;
const DEGRADED_TTL_MS = 5 * 60_000;
const cache = new Map<string, { rendered: RenderedMarkup; expires: number }>();
const inFlight = new Map<string, Promise<RenderedMarkup>>();

export function renderMarkupCached(source: string, options: RenderOptions = {}): Promise<RenderedMarkup> {
  const key = createHash('sha256')
    .update(JSON.stringify([options.after ?? null, options.reservedIds ?? null]))
    .update('\0')
    .update(source)
    .digest('base64');
  const hit = cache.get(key);
  if (hit && hit.expires > Date.now()) {
    // Most recently used last: the Map's insertion order is the eviction order.
    cache.delete(key);
    cache.set(key, hit);
    return Promise.resolve(hit.rendered);
  }
  const pending = inFlight.get(key);
  if (pending) return pending;
  const rendering = renderBounded(source, options).then(({ rendered, degraded }) => {
    inFlight.delete(key);
    cache.delete(key);
    cache.set(key, { rendered, expires: degraded ? Date.now() + DEGRADED_TTL_MS : Infinity });
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    return rendered;
  });
  inFlight.set(key, rendering);
  return rendering;
}
