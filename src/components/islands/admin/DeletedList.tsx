import { ArchiveRestore } from 'lucide-react';
import type { DeletedItem } from '#lib/client/content-api.ts';
import { formatTimestamp } from '#lib/shared/format.ts';
import { card, secondaryButton } from './ui.ts';

interface Props {
  items: DeletedItem[];
  onRestore: (item: DeletedItem) => void;
}

/** Deleted items of one kind, each with its last text kept in the history: restore brings it back. */
export default function DeletedList({ items, onRestore }: Props) {
  if (!items.length) return null;
  return (
    <section aria-labelledby="deleted-title" className="mt-6 space-y-2" data-testid="deleted-list">
      <h2 id="deleted-title" className="text-sm font-semibold tracking-wide text-muted uppercase">
        Recently deleted
      </h2>
      <ul className={`${card} divide-y divide-border`}>
        {items.map((d) => (
          <li key={d.revisionId} className="flex items-center gap-3 px-4 py-3 sm:px-5" data-testid="deleted-row">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-fg">{d.title}</p>
              <p className="mt-0.5 text-xs text-muted">
                /{d.slug} · deleted {formatTimestamp(d.deletedAt)} by {d.author}
              </p>
            </div>
            <button type="button" className={`${secondaryButton} shrink-0`} onClick={() => onRestore(d)} aria-label={`Restore ${d.title}`}>
              <ArchiveRestore aria-hidden className="size-4" /> Restore
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
