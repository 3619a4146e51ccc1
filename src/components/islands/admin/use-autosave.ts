import { useEffect, useRef, useState } from 'react';
import type { ContentItem, ContentKind } from '#lib/shared/content-types.ts';
import { autosaveDraft, discardServerDraft, loadServerDraft, type ServerDraft } from '#lib/client/content-api.ts';
import { missingRequired, payloadFromValues, valuesFromItem, type EditorValues } from './editor-values.ts';

/** Idle time after the last keystroke before the draft goes to the server. */
const AUTOSAVE_IDLE_MS = 3000;

/**
 * Autosave of an existing item: a few seconds after typing stops, the editor's fields are stored
 * on the server as the item's draft (not published, not committed; what a preview shows), so a
 * closed tab loses at most those seconds even on another device. A new item has no id yet: its
 * net is the localStorage draft until the first save.
 */
export function useAutosave(kind: ContentKind, item: ContentItem | null, values: EditorValues) {
  const id = item?.id ?? null;
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  });
  const lastSent = useRef(JSON.stringify(payloadFromValues(kind, valuesFromItem(item))));

  async function flush(): Promise<void> {
    if (!id || missingRequired(kind, latest.current)) return;
    const body = payloadFromValues(kind, latest.current);
    const key = JSON.stringify(body);
    if (key === lastSent.current) return;
    try {
      const saved = await autosaveDraft(kind, id, body);
      lastSent.current = key;
      setSavedAt(saved.updatedAt);
      setFailed(false);
    } catch {
      setFailed(true); // the localStorage draft still holds it; the next pause tries again
    }
  }

  useEffect(() => {
    if (!id) return;
    const timer = setTimeout(() => void flush(), AUTOSAVE_IDLE_MS);
    return () => clearTimeout(timer);
  }, [values]); // eslint-disable-line react-hooks/exhaustive-deps

  // A draft autosaved earlier (a closed tab, another device) that this browser does not hold: offered back.
  const [found, setFound] = useState<ServerDraft | null>(null);
  useEffect(() => {
    if (!id || !item) return;
    loadServerDraft(kind, id).then(
      (draft) => {
        if (!draft) return;
        const values = valuesFromItem({ ...item, ...draft.fields });
        if (JSON.stringify(payloadFromValues(kind, values)) !== JSON.stringify(payloadFromValues(kind, latest.current))) setFound(draft);
      },
      () => undefined,
    );
  }, [kind, id]); // eslint-disable-line react-hooks/exhaustive-deps

  /** The found draft's values (the caller puts them in the form), and it is no longer offered. */
  function takeFound(): EditorValues | null {
    if (!found || !item) return null;
    setFound(null);
    return { ...valuesFromItem({ ...item, ...found.fields }), slugEdited: true, metaTitleEdited: true };
  }

  async function dropFound() {
    setFound(null);
    if (id) await discardServerDraft(kind, id).catch(() => undefined);
  }

  return { savedAt, failed, flush, found, takeFound, dropFound };
}
