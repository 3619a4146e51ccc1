/**
 * The address of a "CSV" or "JSON" download link: the endpoint, the view's own query (range,
 * filters), then the format. One rule for the server-rendered links (Downloads.astro) and the ones
 * an island draws from its state (DownloadLinks.tsx), so both name the same rows.
 */
export type DownloadFormat = 'csv' | 'json';

export const downloadHref = (href: string, query: Record<string, string>, format: DownloadFormat) =>
  `${href}?${new URLSearchParams({ ...query, format }).toString()}`;
