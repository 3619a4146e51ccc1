import type { ContentKind } from './content-types.ts';

/**
 * The editors' addresses: /admin/blog/{id}, /admin/research/{id}, and /admin/{kind}/new for one
 * not saved yet. The editor still opens in place of the list (the admin panel shows one or the
 * other); the address lets a reload, a shared link and the browser's Back find it.
 */
export type EditorAddress = { kind: ContentKind; id: number | null };

export const ADMIN_LIST_PATH = '/admin';

export const editorPath = (kind: ContentKind, id: number | null) => `/admin/${kind}/${id ?? 'new'}`;

/** The editor an address names, or null for any other path (the list among them). */
export function parseEditorPath(path: string): EditorAddress | null {
  const m = /^\/admin\/(blog|research)\/(new|[1-9]\d{0,15})$/.exec(path);
  if (!m) return null;
  return { kind: m[1] as ContentKind, id: m[2] === 'new' ? null : Number(m[2]) };
}
