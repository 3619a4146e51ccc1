import { useEffect, useState } from 'react';
import { Copy, Eye, Link2, X } from 'lucide-react';
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

/** Opens the admin's preview of the item in a new tab, once its unsaved changes are stored as its draft. */
export async function openPreview(kind: ContentKind, id: number, flushDraft: () => Promise<void>) {
  // Open the tab in the click's own turn (popup blockers), then point it at the preview once the draft is stored.
  const tab = window.open('about:blank', '_blank');
  await flushDraft().catch(() => undefined);
  if (tab) tab.location.href = adminPreviewUrl(kind, id);
  else location.assign(adminPreviewUrl(kind, id));
}

/** Preview the draft (unsaved changes included) as the public would see it, and share it through revocable links. */
export default function PreviewPanel({ kind, id, flushDraft }: Props) {
  const [links, setLinks] = useState<PreviewLink[]>([]);
  const [fresh, setFresh] = useState<string | null>(null);

  useEffect(() => {
    listPreviewLinks(kind, id).then(setLinks, () => setLinks([]));
  }, [kind, id]);

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

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link Copied', description: 'Preview link copied to clipboard' });
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link is selected to copy by hand.
      document.querySelector<HTMLInputElement>('[data-testid="preview-url"]')?.select();
      toast({ title: 'Copy the link', description: 'Select the link and copy it (Ctrl+C or ⌘C).' });
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
        <button type="button" className={secondaryButton} onClick={() => void openPreview(kind, id, flushDraft)}>
          <Eye aria-hidden className="size-4" /> Preview
        </button>
        <button type="button" className={secondaryButton} onClick={() => void share()}>
          <Link2 aria-hidden className="size-4" /> Create preview link
        </button>
      </div>
      {fresh && (
        <div className="text-xs">
          <p>Anyone with this link sees the draft until you revoke it:</p>
          <div className="mt-1 flex gap-2">
            <input
              readOnly
              className="block min-w-0 flex-1 rounded border border-border bg-bg px-2 py-1 font-mono"
              value={fresh}
              aria-label="Preview link"
              data-testid="preview-url"
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" className={secondaryButton} onClick={() => void copy(fresh)}>
              <Copy aria-hidden className="size-4" /> Copy
            </button>
          </div>
        </div>
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
