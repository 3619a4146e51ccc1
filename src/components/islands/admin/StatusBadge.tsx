import { formatDate } from './ui';

/** 'Draft' or 'Published', with the published date when there is one. */
export default function StatusBadge({ published, publishedAt }: { published: boolean; publishedAt: string | null }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ${
          published ? 'bg-positive/15 text-positive' : 'bg-surface-2 text-muted ring-1 ring-border'
        }`}
      >
        <span aria-hidden className={`size-1.5 rounded-full ${published ? 'bg-positive' : 'bg-muted'}`} />
        {published ? 'Published' : 'Draft'}
      </span>
      {publishedAt && <time dateTime={publishedAt}>{formatDate(publishedAt)}</time>}
    </span>
  );
}
