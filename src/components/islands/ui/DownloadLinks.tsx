import { downloadHref } from '#lib/shared/open-data/download-link.ts';

interface Props {
  href: string;
  query?: Record<string, string>;
  label: string;
}

const linkClass =
  'inline-flex min-h-7 min-w-7 items-center justify-center rounded border border-border px-2 py-1 text-accent hover:bg-surface-2';

/**
 * Downloads.astro's links, drawn by an island from its own state: after the visitor changes a filter
 * in place, the files still hold exactly the rows the view shows. Plain links in the server HTML too.
 */
export default function DownloadLinks({ href, query = {}, label }: Props) {
  return (
    <p className="flex items-center gap-2 text-xs" data-testid="downloads">
      <span className="text-muted">Download</span>
      <a href={downloadHref(href, query, 'csv')} download className={linkClass} aria-label={`${label} as CSV`}>
        CSV
      </a>
      <a href={downloadHref(href, query, 'json')} download className={linkClass} aria-label={`${label} as JSON`}>
        JSON
      </a>
    </p>
  );
}
