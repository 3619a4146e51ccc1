import { Eye, Loader2, Save } from 'lucide-react';
import { primaryButton, secondaryButton } from './ui.ts';

/** A clock time as the admin shows times: '16:02 UTC'. */
const utcClock = (iso: string) => `${iso.slice(11, 16)} UTC`;

interface SaveStateInput {
  /** The Save button's request is under way. */
  saving: boolean;
  /** Changed from the item as opened. */
  dirty: boolean;
  online: boolean;
  /** The item exists (it autosaves a server draft); a new one keeps its draft in this browser only. */
  saved: boolean;
  autosave: { busy: boolean; failed: 'offline' | 'refused' | null; savedAt: string | null; upToDate: boolean };
}

/** The one line that says where the writing is. */
export function saveState({ saving, dirty, online, saved, autosave }: SaveStateInput): string {
  if (saving || autosave.busy) return 'Saving...';
  if (!online || autosave.failed === 'offline') return dirty ? 'Offline: kept on this device' : 'Offline';
  if (!dirty) return 'No unsaved changes';
  if (autosave.failed === 'refused') return 'Draft not saved: kept on this device';
  if (saved && autosave.upToDate && autosave.savedAt) return `Draft saved ${utcClock(autosave.savedAt)}`;
  return 'Unsaved changes';
}

interface Props {
  state: string;
  saving: boolean;
  onCancel: () => void;
  onPreview: () => void;
  previewHint: string;
}

/**
 * The editor's bar: the save state, Preview, Cancel and Save. It stays on screen at the foot of the
 * viewport (sticky), on a phone too, so the state and Save are in sight wherever the writer is.
 * Nearly opaque, without a backdrop blur: the editor scrolls and changes under the bar with every
 * key, and a blur behind it was drawn again for each of those frames.
 */
export default function SaveBar({ state, saving, onCancel, onPreview, previewHint }: Props) {
  return (
    <div
      data-testid="save-bar"
      className="sticky bottom-0 z-30 -mx-4 flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-border bg-bg/95 px-4 py-3 sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8"
    >
      <p className="min-w-0 flex-1 basis-full truncate text-sm text-muted sm:basis-auto" role="status" data-testid="autosave-status">
        {state}
      </p>
      <div className="flex flex-1 justify-end gap-2 sm:flex-none">
        <button type="button" onClick={onPreview} className={secondaryButton} title={previewHint}>
          <Eye aria-hidden className="size-4" /> Preview
        </button>
        <button type="button" onClick={onCancel} className={secondaryButton}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Save aria-hidden className="size-4" />}
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </div>
  );
}
