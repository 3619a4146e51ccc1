import { useEffect, useRef, useState } from 'react';
import type { ContentItem, ContentKind } from '#lib/shared/content-types.ts';
import { clearDraft, loadDraft, saveDraft } from '#lib/client/drafts.ts';
import { valuesFromItem, type EditorValues } from './editor-values.ts';

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

  // Read the draft after hydration (localStorage does not exist on the server).
  useEffect(() => {
    const draft = loadDraft<EditorValues>(kind, id);
    if (draft && JSON.stringify(draft) !== JSON.stringify(pristine.current)) {
      setValues({ ...pristine.current, ...draft });
      setRestored(true);
    }
  }, [kind, id]);

  function update(next: EditorValues) {
    setValues(next);
    if (JSON.stringify(next) === JSON.stringify(pristine.current)) clearDraft(kind, id);
    else saveDraft(kind, id, next);
  }

  function discardDraft() {
    clearDraft(kind, id);
    setValues(pristine.current);
    setRestored(false);
  }

  /** Changed from the item as it was opened (a restored draft counts): what leaving would not save. */
  const dirty = JSON.stringify(values) !== pristineKey;

  return { values, update, restored, dirty, discardDraft, forgetDraft: () => clearDraft(kind, id) };
}
