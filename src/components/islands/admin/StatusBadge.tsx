import { isScheduled } from '#lib/shared/article-kinds.ts';
import { formatTimestamp } from '#lib/shared/format.ts';
import { formatDate } from './ui.ts';

/**
 * 'Draft', 'Published' with its date, or 'Scheduled' with the date it goes live (published, with a
 * publish date still ahead: the public does not see it yet).
 */
export default function StatusBadge({ published, publishedAt }: { published: boolean; publishedAt: string | null }) {
  const scheduled = isScheduled({ published, publishedAt, createdAt: publishedAt ?? '' }, new Date());
  const label = scheduled ? 'Scheduled' : published ? 'Published' : 'Draft';
  const tone = scheduled
    ? 'bg-warning/15 text-warning'
    : published
      ? 'bg-positive/15 text-positive'
      : 'bg-surface-2 text-muted ring-1 ring-border';
  const dot = scheduled ? 'bg-warning' : published ? 'bg-positive' : 'bg-muted';
  return (
    <span className="inline-flex items-center gap-2" data-testid="status">
      <span className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>
        <span aria-hidden className={`size-1.5 rounded-full ${dot}`} />
        {label}
      </span>
      {publishedAt && <time dateTime={publishedAt}>{scheduled ? formatTimestamp(publishedAt) : formatDate(publishedAt)}</time>}
    </span>
  );
}
