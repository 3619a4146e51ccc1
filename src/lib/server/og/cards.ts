import { CACHE, cacheHeaders, type CachePolicy } from '#lib/server/cache/policy.ts';
import { renderCard, type CardContent } from './image.ts';

/**
 * Serving generated cards: a PNG answer with a long shared lifetime (its URL carries a version,
 * so a changed card has a new URL), drawn once per content and kept in a small in-process cache
 * (drawing takes some 40 ms; a crawler asks for the same few cards again and again).
 */
const MAX_ENTRIES = 64;
const drawn = new Map<string, Uint8Array>();

function cardBytes(content: CardContent): Uint8Array {
  const key = JSON.stringify(content);
  let png = drawn.get(key);
  if (png) {
    drawn.delete(key); // re-inserted below: most recently used last
  } else {
    png = renderCard(content);
  }
  drawn.set(key, png);
  if (drawn.size > MAX_ENTRIES) drawn.delete(drawn.keys().next().value!);
  return png;
}

export function cardResponse(content: CardContent, policy: CachePolicy = CACHE.generated): Response {
  const png = cardBytes(content);
  return new Response(png.slice().buffer, {
    headers: { 'Content-Type': 'image/png', 'Content-Length': String(png.byteLength), ...cacheHeaders(policy) },
  });
}

export const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...cacheHeaders(CACHE.none) } });
