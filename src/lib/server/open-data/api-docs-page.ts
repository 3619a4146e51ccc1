/**
 * /docs/api as a read and a build: its examples name ids that exist now, so every example link
 * answers. `loadApiDocsSamples` reads them in one batch (an asset, a network, an issuer and the
 * newest alert); `apiExamples` is the pure step that fills an endpoint's example path with them.
 */
import { networksRead } from '#lib/server/figures/analytics.ts';
import { alertListRead } from '#lib/server/alerts/store.ts';
import { readAll } from '#lib/server/db/reads.ts';
import { catalogRead } from './catalog.ts';

/** The ids an example path may name, each the first the site has now (an alert only once there is one). */
export interface ApiSamples {
  '{asset}': string;
  '{network}': string;
  '{issuer}': string;
  '{alert}'?: string;
}

/** The samples from what the site holds: the first of each, or a tracked default before the first run. */
export function apiSamples(assetIds: string[], networkIds: string[], issuerIds: string[], alertIds: string[]): ApiSamples {
  return {
    '{asset}': assetIds[0] ?? 'buidl',
    '{network}': networkIds[0] ?? 'ethereum',
    '{issuer}': issuerIds[0] ?? 'blackrock',
    // Before any alert there is no id to show: that example is left out rather than a link that answers 404.
    '{alert}': alertIds[0],
  };
}

/** Every read of the page, in one round trip. */
export async function loadApiDocsSamples(): Promise<ApiSamples> {
  const [catalog, networks, alerts] = await readAll([catalogRead(), networksRead(), alertListRead({}, 1)]);
  return apiSamples(
    catalog.assets.map((a) => a.id),
    networks.map((n) => n.id),
    catalog.issuers.map((i) => i.id),
    alerts.map((a) => a.id),
  );
}

/** An endpoint's place on /docs/api: its article's id (get-api-assets-id). */
export const endpointAnchor = (path: string) =>
  `get-${path
    .replace(/[{}]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`.toLowerCase();

/**
 * An endpoint's example path with the samples filled in (`fill`), and whether a placeholder is left
 * that no sample fills (`unfilled`: the page shows the path without a link). A page of this site
 * named in an example (oEmbed's url) is named on `origin`, encoded as a query value.
 */
export function apiExamples(samples: ApiSamples, origin: string) {
  const fill = (path: string) =>
    path
      .replace(/\{(asset|network|issuer|alert)\}/g, (m) => samples[m as keyof ApiSamples] ?? m)
      .replace('{origin}', encodeURIComponent(origin));
  return { fill, unfilled: (path: string) => /\{\w+\}/.test(fill(path)) };
}
