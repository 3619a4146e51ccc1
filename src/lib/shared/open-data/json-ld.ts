/**
 * JSON-LD for the open-data pages (schema.org Dataset with a distribution per download, and
 * BreadcrumbList). Kept apart from the site-wide JSON-LD so the two merge without conflict. Pure.
 */
export interface Download {
  name: string;
  /** Path of the download, made absolute with the origin. */
  path: string;
  format: 'csv' | 'json';
}

export function datasetLd(input: { name: string; description: string; origin: string; path: string; asOf: string; downloads: Download[] }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: input.name,
    description: input.description,
    url: input.origin + input.path,
    dateModified: input.asOf,
    isAccessibleForFree: true,
    creator: { '@type': 'Organization', name: 'RWA Analytics', url: input.origin + '/' },
    distribution: input.downloads.map((d) => ({
      '@type': 'DataDownload',
      name: d.name,
      encodingFormat: d.format === 'csv' ? 'text/csv' : 'application/json',
      contentUrl: input.origin + d.path,
    })),
  };
}

export function breadcrumbLd(origin: string, items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: origin + it.path })),
  };
}

/** JSON for a <script type="application/ld+json">: '<' escaped so no text can close the element. */
export function ldText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Both formats of each view, as the page's download links give them. */
export function downloadsOf(views: { name: string; path: string; query?: Record<string, string> }[]): Download[] {
  return views.flatMap((v) =>
    (['csv', 'json'] as const).map((format) => ({
      name: `${v.name} (${format.toUpperCase()})`,
      format,
      path: `${v.path}?${new URLSearchParams({ ...(v.query ?? {}), format }).toString()}`,
    })),
  );
}
