/**
 * What an asset, network or issuer page starts with: its data, or the 404 it answers instead (not
 * cached: the entity may appear with the next run), and its caching set; then its breadcrumbs.
 */
import { CACHE, applyCache, cacheHeaders } from '#lib/server/cache/policy.ts';

export async function openEntityPage<P>(
  page: { params: Record<string, string | undefined>; response: { headers: Headers } },
  load: (id: string) => Promise<P | null | undefined>,
): Promise<P | Response> {
  const data = await load(page.params.id ?? '');
  if (!data) return new Response(null, { status: 404, headers: { ...cacheHeaders(CACHE.none) } });
  applyCache(page.response.headers, CACHE.dataPage);
  return data;
}

export interface Crumb {
  name: string;
  path: string;
}

/** Home, the section's index, this page. */
export const entityCrumbs = (section: Crumb, self: Crumb): Crumb[] => [{ name: 'Home', path: '/' }, section, self];
