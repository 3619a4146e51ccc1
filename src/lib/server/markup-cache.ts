import { createHash } from 'node:crypto';
import { renderMarkup, type RenderedMarkup, type RenderOptions } from '@/lib/shared/markup';

/**
 * renderMarkup with a bounded in-memory cache keyed by the text and the options. The pipeline
 * (Markdown -> HTML -> parse5 -> sanitise) was most of a reading page's server time; the same
 * article's text renders to the same HTML, so an edit (new text) is a new key and nothing goes stale.
 * Callers must treat the result as read-only.
 */
const MAX_ENTRIES = 500;
const cache = new Map<string, RenderedMarkup>();

export function renderMarkupCached(source: string, options: RenderOptions = {}): RenderedMarkup {
  const key = createHash('sha256')
    .update(JSON.stringify([options.after ?? null, options.reservedIds ?? null]))
    .update('\0')
    .update(source)
    .digest('base64');
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last: the Map's insertion order is the eviction order.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const rendered = renderMarkup(source, options);
  cache.set(key, rendered);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return rendered;
}
