import type { ContentKind } from '#lib/shared/content-types.ts';

/**
 * Unsaved editor work, kept in localStorage per kind and item ('new' for a new one) until it is
 * saved, so a failed save, a closed tab or an expired session loses nothing.
 */
const key = (kind: ContentKind, id: number | null) => `rwa:draft:${kind}:${id ?? 'new'}`;

export function loadDraft<T>(kind: ContentKind, id: number | null): T | null {
  try {
    const raw = localStorage.getItem(key(kind, id));
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function saveDraft(kind: ContentKind, id: number | null, value: unknown): void {
  try {
    localStorage.setItem(key(kind, id), JSON.stringify(value));
  } catch {
    // Storage full or unavailable: the form itself still holds the text.
  }
}

export function clearDraft(kind: ContentKind, id: number | null): void {
  try {
    localStorage.removeItem(key(kind, id));
  } catch {
    // nothing to clear
  }
}
