import { useEffect, useRef, useState } from 'react';
import type { ContentItem, ContentKind } from '#lib/shared/content-types.ts';
import { ApiError } from '#lib/client/api.ts';
import { autosaveDraft, discardServerDraft, loadServerDraft, type ServerDraft } from '#lib/client/content-api.ts';
import { missingRequired, payloadFromValues, valuesFromItem, type EditorValues } from './editor-values.ts';

/** Idle time after the last keystroke before the draft goes to the server. */
const AUTOSAVE_IDLE_MS = 3000;

const keyOf = (kind: ContentKind, values: EditorValues) => JSON.stringify(payloadFromValues(kind, values));

/**
 * Autosave of an existing item: a few seconds after typing stops, the editor's fields are stored
 * on the server as the item's draft (not published, not committed; what a preview shows), so a
 * closed tab loses at most those seconds even on another device. A new item has no id yet: its
 * net is the localStorage draft until the first save.
 *
 * Two tabs or devices on one item: the server's draft is read before each autosave (and when the
 * tab comes back into view). One this editor did not write and has not seen is never overwritten
 * unasked: it is offered (`found`), and the writer takes it or keeps their own.
 */
export function useAutosave(kind: ContentKind, item: ContentItem | null, values: EditorValues) {
  const id = item?.id ?? null;
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Why the last autosave did not reach the server: the network, or the server's answer. */
  const [failed, setFailed] = useState<'offline' | 'refused' | null>(null);
  const [found, setFound] = useState<ServerDraft | null>(null);
  const latest = useRef({ values, found });
  useEffect(() => {
    latest.current = { values, found };
  });
  const lastSent = useRef(keyOf(kind, valuesFromItem(item)));
  // The same key as state, for the render to say whether the draft holds what is on screen.
  const [sentKey, setSentKey] = useState(() => keyOf(kind, valuesFromItem(item)));
  const markSent = (key: string) => {
    lastSent.current = key;
    setSentKey(key);
  };
  /** The server draft's date this editor wrote or has seen (and answered): a different one is news. */
  const known = useRef<string | null>(null);

  /** The server's draft when it is news to this editor and differs from what it holds. */
  async function newerElsewhere(): Promise<ServerDraft | null> {
    if (!id || !item) return null;
    const draft = await loadServerDraft(kind, id);
    if (!draft || draft.updatedAt === known.current) return null;
    const theirs = keyOf(kind, valuesFromItem({ ...item, ...draft.fields } as ContentItem));
    if (theirs === keyOf(kind, latest.current.values)) {
      known.current = draft.updatedAt;
      return null;
    }
    return draft;
  }

  async function flush(): Promise<void> {
    if (!id || latest.current.found || missingRequired(kind, latest.current.values)) return;
    const body = payloadFromValues(kind, latest.current.values);
    const key = JSON.stringify(body);
    if (key === lastSent.current) return;
    setBusy(true);
    try {
      const elsewhere = await newerElsewhere();
      if (elsewhere) return setFound(elsewhere);
      const saved = await autosaveDraft(kind, id, body);
      markSent(key);
      known.current = saved.updatedAt;
      setSavedAt(saved.updatedAt);
      setFailed(null);
    } catch (err) {
      // The localStorage draft still holds it; the next pause tries again.
      setFailed(err instanceof ApiError ? 'refused' : 'offline');
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (!id) return;
    const timer = setTimeout(() => void flush(), AUTOSAVE_IDLE_MS);
    return () => clearTimeout(timer);
  }, [values]); // eslint-disable-line react-hooks/exhaustive-deps

  // On opening, and whenever the tab is looked at again: a draft saved meanwhile elsewhere is offered.
  useEffect(() => {
    if (!id) return;
    const check = () => {
      if (latest.current.found) return;
      newerElsewhere().then(
        (draft) => draft && setFound(draft),
        () => undefined,
      );
    };
    check();
    const onVisible = () => document.visibilityState === 'visible' && check();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [kind, id]); // eslint-disable-line react-hooks/exhaustive-deps

  /** The other draft's values (the caller puts them in the form); it is then the one this editor holds. */
  function takeFound(): EditorValues | null {
    if (!found || !item) return null;
    const next = { ...valuesFromItem({ ...item, ...found.fields } as ContentItem), slugEdited: true, metaTitleEdited: true };
    known.current = found.updatedAt;
    markSent(keyOf(kind, next));
    setSavedAt(found.updatedAt);
    setFound(null);
    return next;
  }

  /**
   * This editor's text stays: the other draft is answered. With changes here, they replace it at
   * once; with none, it is discarded (the saved item is what this editor shows).
   */
  async function keepMine() {
    if (!found || !id) return;
    known.current = found.updatedAt;
    setFound(null);
    latest.current.found = null;
    if (keyOf(kind, latest.current.values) === keyOf(kind, valuesFromItem(item))) {
      await discardServerDraft(kind, id).catch(() => undefined);
    } else {
      lastSent.current = '';
      await flush();
    }
  }

  return { savedAt, busy, failed, flush, found, takeFound, keepMine, upToDate: !id || keyOf(kind, values) === sentKey };
}
