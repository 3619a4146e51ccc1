import { useEffect, useState } from 'react';
import { Eye, Link2, X } from 'lucide-react';
import type { ContentKind } from '#lib/shared/content-types.ts';
import { getErrorMessage } from '#lib/client/api.ts';
import { adminPreviewUrl, createPreviewLink, listPreviewLinks, revokePreviewLink, type PreviewLink } from '#lib/client/content-api.ts';
import { toast } from '#lib/client/stores/toast.ts';
import { formatTimestamp } from '#lib/shared/format.ts';
import { card, secondaryButton } from './ui.ts';

interface Props {
  kind: ContentKind;
  id: number;
  /** Saves the unsaved changes as the server-side draft first, so the preview shows them. */
  flushDraft: () => Promise<void>;
}

/** Preview the draft (unsaved changes included) as the public would see it, and share it through revocable links. */
export default function PreviewPanel({ kind, id, flushDraft }: Props) {
  const [links, setLinks] = useState<PreviewLink[]>([]);
  const [fresh, setFresh] = useState<string | null>(null);

  useEffect(() => {
    listPreviewLinks(kind, id).then(setLinks, () => setLinks([]));
  }, [kind, id]);

  async function preview() {
    // Open the tab in the click's own turn (popup blockers), then point it at the preview once the draft is stored.
    const tab = window.open('about:blank', '_blank');
    await flushDraft().catch(() => undefined);
    if (tab) tab.location.href = adminPreviewUrl(kind, id);
    else location.assign(adminPreviewUrl(kind, id));
  }

  async function share() {
    try {
      await flushDraft().catch(() => undefined);
      const link = await createPreviewLink(kind, id);
      setFresh(new URL(link.url, location.origin).href);
      setLinks((l) => [link, ...l]);
    } catch (err) {
      toast({ title: 'Error', description: getErrorMessage(err), variant: 'destructive' });
    }
  }

  async function revoke(link: PreviewLink) {
    try {
      await revokePreviewLink(kind, id, link.id);
      setLinks((l) => l.map((x) => (x.id === link.id ? { ...x, revoked: true } : x)));
      if (link.url && fresh?.endsWith(link.url)) setFresh(null);
    } catch (err) {
      toast({ title: 'Error', description: getErrorMessage(err), variant: 'destructive' });
    }
  }

  const live = links.filter((l) => !l.revoked);
  return (
    <section className={`${card} space-y-3 p-4 sm:p-5`} aria-labelledby="preview-title" data-testid="preview-panel">
      <h2 id="preview-title" className="text-sm font-semibold tracking-wide text-muted uppercase">
        Preview
      </h2>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={() => void preview()}>
          <Eye aria-hidden className="size-4" /> Preview
        </button>
        <button type="button" className={secondaryButton} onClick={() => void share()}>
          <Link2 aria-hidden className="size-4" /> Create preview link
        </button>
      </div>
      {fresh && (
        <p className="text-xs">
          Anyone with this link sees the draft until you revoke it:{' '}
          <input
            readOnly
            className="mt-1 block w-full rounded border border-border bg-bg px-2 py-1 font-mono"
            value={fresh}
            aria-label="Preview link"
            data-testid="preview-url"
            onFocus={(e) => e.currentTarget.select()}
          />
        </p>
      )}
      {live.length > 0 && (
        <ul className="space-y-1 text-xs text-muted">
          {live.map((l) => (
            <li key={l.id} className="flex items-center justify-between gap-2">
              <span>Link created {formatTimestamp(l.createdAt)}</span>
              <button type="button" className="inline-flex items-center gap-1 text-negative hover:underline" onClick={() => void revoke(l)}>
                <X aria-hidden className="size-3" /> Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
