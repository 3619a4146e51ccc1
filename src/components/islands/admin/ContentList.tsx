import { Pencil, Star } from 'lucide-react';
import type { ContentItem, ContentKind } from '#lib/shared/content-types.ts';
import { KINDS } from '#lib/client/content-api.ts';
import ConfirmDelete from './ConfirmDelete.tsx';
import StatusBadge from './StatusBadge.tsx';
import { card, iconButton } from './ui.ts';

interface Props {
  kind: ContentKind;
  items: ContentItem[];
  loading: boolean;
  onEdit: (item: ContentItem) => void;
  onDelete: (item: ContentItem) => void;
}

/** One kind's items, newest first: title, status and date, edit and delete. */
export default function ContentList({ kind, items, loading, onEdit, onDelete }: Props) {
  const texts = KINDS[kind];
  if (!items.length) {
    return (
      <div className={`${card} px-6 py-12 text-center text-sm text-muted`} role="status">
        {loading ? 'Loading...' : texts.empty}
      </div>
    );
  }
  return (
    <ul className={`${card} divide-y divide-border`} aria-label={texts.listLabel} aria-busy={loading}>
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-3 px-4 py-3.5 sm:px-5" data-testid="content-row">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <h2 className="truncate text-base font-medium text-fg">{item.title}</h2>
              {'featured' in item && item.featured && (
                <span className="inline-flex items-center gap-1 rounded-full bg-warning/15 px-2 py-0.5 text-xs font-medium text-warning">
                  <Star aria-hidden className="size-3" /> Featured
                </span>
              )}
            </div>
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
              <StatusBadge published={item.published} publishedAt={item.publishedAt} />
              {'category' in item && <span>{item.category}</span>}
              <span className="truncate">/{item.slug}</span>
            </div>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <button type="button" className={iconButton} aria-label={`Edit ${item.title}`} onClick={() => onEdit(item)}>
              <Pencil aria-hidden className="size-4" />
            </button>
            <ConfirmDelete question={texts.confirmDelete} itemTitle={item.title} onConfirm={() => onDelete(item)} />
          </div>
        </li>
      ))}
    </ul>
  );
}
