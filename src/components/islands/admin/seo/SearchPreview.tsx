import { searchPreview, type SearchPreviewInput } from '#lib/shared/search-preview.ts';

/** How the article would read as a search result, from the fields as typed (updates as they change). */
export default function SearchPreview(props: SearchPreviewInput) {
  const p = searchPreview(props);
  const cut = [p.cut.title && 'title', p.cut.description && 'description'].filter(Boolean).join(' and ');
  return (
    <section aria-label="Search result preview" data-testid="search-preview" className="rounded-lg border border-border bg-bg p-4">
      <p className="mb-2 text-xs font-medium tracking-wide text-muted uppercase">Search result preview</p>
      <p className="truncate text-xs text-muted" data-testid="search-preview-url">
        {p.breadcrumb}
      </p>
      <p className="mt-0.5 text-lg leading-snug text-accent" data-testid="search-preview-title">
        {p.title}
      </p>
      <p className="mt-1 text-sm text-fg/80" data-testid="search-preview-description">
        {p.description}
      </p>
      {cut && <p className="mt-2 text-xs text-muted">The {cut} would be cut where a search result cuts it (…).</p>}
    </section>
  );
}
