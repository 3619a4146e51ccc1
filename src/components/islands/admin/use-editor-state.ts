import { useEffect, useRef, useState } from 'react';
import type { ContentItem, ContentKind } from '#lib/shared/content-types.ts';
import { clearDraft, loadDraft, saveDraft } from '#lib/client/drafts.ts';
import { valuesFromItem, type EditorValues } from './editor-values.ts';

/**
 * How long the localStorage draft may lag the form while typing goes on. Writing it on every key
 * (the whole form as JSON, stored synchronously) was a good part of a keystroke's work on a slow
 * machine; the page's hiding or leaving writes it at once, so a reload, a closed tab or a sign-in
 * redirect right after the last key still finds it.
 */
const DRAFT_WRITE_MS = 1000;

/**
 * The editor's values, backed by a localStorage draft (per kind and item, 'new' for a new one):
 * every change is kept in the browser until a save succeeds, so nothing typed is ever lost.
 */
export function useEditorState(kind: ContentKind, item: ContentItem | null) {
  const id = item?.id ?? null;
  const [values, setValues] = useState<EditorValues>(() => valuesFromItem(item));
  // The values as loaded, fixed for the editor's life (it is remounted per item).
  const pristine = useRef(values);
  // The same, as the render compares it (a ref is not read while rendering).
  const [pristineKey] = useState(() => JSON.stringify(values));
  const [restored, setRestored] = useState(false);
  /** Values not yet written to the draft, and the timer that writes them. */
  const pending = useRef<{ values: EditorValues | null; timer: ReturnType<typeof setTimeout> | null }>({ values: null, timer: null });

  /** Writes the values still pending (an unchanged form clears the draft instead). */
  function writeDraft() {
    const next = pending.current.values;
    dropPending();
    if (!next) return;
    if (JSON.stringify(next) === pristineKey) clearDraft(kind, id);
    else saveDraft(kind, id, next);
  }
  /** Drops what is pending: the draft is cleared or replaced by the caller. */
  function dropPending() {
    if (pending.current.timer) clearTimeout(pending.current.timer);
    pending.current = { values: null, timer: null };
  }
  const write = useRef(writeDraft);
  useEffect(() => {
    write.current = writeDraft;
  });

  // Read the draft after hydration (localStorage does not exist on the server).
  useEffect(() => {
    const draft = loadDraft<EditorValues>(kind, id);
    if (draft && JSON.stringify(draft) !== JSON.stringify(pristine.current)) {
      setValues({ ...pristine.current, ...draft });
      setRestored(true);
    }
  }, [kind, id]);

  // The page hidden (another tab, the phone's home screen) or left (reload, close, a link), or the
  // editor closed: what is pending is written at once.
  useEffect(() => {
    const flush = () => write.current();
    const onHidden = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
      flush();
    };
  }, []);

  function update(next: EditorValues) {
    setValues(next);
    pending.current.values = next;
    pending.current.timer ??= setTimeout(() => write.current(), DRAFT_WRITE_MS);
  }

  function discardDraft() {
    dropPending();
    clearDraft(kind, id);
    setValues(pristine.current);
    setRestored(false);
  }

  /** Changed from the item as it was opened (a restored draft counts): what leaving would not save. */
  const dirty = JSON.stringify(values) !== pristineKey;

  function forgetDraft() {
    dropPending();
    clearDraft(kind, id);
  }

  return { values, update, restored, dirty, discardDraft, forgetDraft };
}
