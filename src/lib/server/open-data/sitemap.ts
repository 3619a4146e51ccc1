/**
 * The open-data pages for the sitemap, each with the data's as-of date as lastmod. Kept apart from
 * sitemap.xml.ts's own list so the two merge without conflict. One catalog read plus the networks.
 */
import { listNetworks } from '#lib/server/figures/analytics.ts';
import { getAsOf } from '#lib/server/figures/run-state.ts';
import { loadCatalog } from './catalog.ts';
import { networkUrl } from '#lib/shared/open-data/ids.ts';

export async function openDataEntries(origin: string): Promise<{ loc: string; lastmod?: Date }[]> {
  const [catalog, networks, asOf] = await Promise.all([loadCatalog(), listNetworks(), getAsOf()]);
  const lastmod = new Date(asOf + 'T00:00:00Z');
  const paths = [
    '/assets',
    '/issuers',
    '/docs/api',
    '/docs/mcp',
    '/corrections',
    ...catalog.assets.map((a) => a.url),
    ...networks.map((n) => networkUrl(n.id)),
    ...catalog.issuers.map((i) => i.url),
  ];
  return paths.map((p) => ({ loc: origin + p, lastmod: Number.isFinite(lastmod.getTime()) ? lastmod : undefined }));
}
