import type { BlogPost, ContentItem, ContentKind, DeletedItem, PreviewLink, ResearchArticle, Version } from '#lib/shared/content-types.ts';

export type { DeletedItem, PreviewLink, Version };
import { ARTICLE_KINDS } from '#lib/shared/article-kinds.ts';
import type { DiffLine } from '#lib/shared/line-diff.ts';
import { apiRequest } from './api.ts';

/** Per kind: where it lives in the API and the spec's exact texts (from article-kinds). */
export const KINDS = {
  blog: { endpoint: ARTICLE_KINDS.blog.endpoint, ...ARTICLE_KINDS.blog.texts },
  research: { endpoint: ARTICLE_KINDS.research.endpoint, ...ARTICLE_KINDS.research.texts },
} as const;

export async function listItems(kind: 'blog'): Promise<BlogPost[]>;
export async function listItems(kind: 'research'): Promise<ResearchArticle[]>;
export async function listItems(kind: ContentKind): Promise<ContentItem[]>;
/** Every item of a kind (drafts included for a signed-in admin), newest first. */
export async function listItems(kind: ContentKind): Promise<ContentItem[]> {
  const res = await apiRequest('GET', KINDS[kind].endpoint);
  return (await res.json()) as ContentItem[];
}

/** Create (no id) or update (id): the full editor fields, or only the SEO fields. */
export async function saveItem(kind: ContentKind, id: number | null, body: Record<string, unknown>): Promise<ContentItem> {
  const res = await apiRequest(id ? 'PUT' : 'POST', id ? `${KINDS[kind].endpoint}/${id}` : KINDS[kind].endpoint, body);
  return (await res.json()) as ContentItem;
}

export async function deleteItem(kind: ContentKind, id: number): Promise<void> {
  await apiRequest('DELETE', `${KINDS[kind].endpoint}/${id}`);
}

const itemApi = (kind: ContentKind, id: number) => `/api/content/${kind}/${id}`;

export async function listVersions(kind: ContentKind, id: number): Promise<Version[]> {
  return (await (await apiRequest('GET', `${itemApi(kind, id)}/history`)).json()) as Version[];
}

export async function versionDiff(kind: ContentKind, id: number, version: number): Promise<DiffLine[]> {
  return ((await (await apiRequest('GET', `${itemApi(kind, id)}/history/${version}`)).json()) as { lines: DiffLine[] }).lines;
}

export async function restoreVersion(kind: ContentKind, id: number, version: number): Promise<ContentItem> {
  return (await (await apiRequest('POST', `${itemApi(kind, id)}/history/${version}/restore`)).json()) as ContentItem;
}

export async function listDeleted(kind: ContentKind): Promise<DeletedItem[]> {
  return (await (await apiRequest('GET', `/api/content/${kind}/deleted`)).json()) as DeletedItem[];
}

export async function restoreDeleted(kind: ContentKind, revisionId: number): Promise<ContentItem> {
  return (await (await apiRequest('POST', `/api/content/${kind}/deleted/${revisionId}/restore`)).json()) as ContentItem;
}

export interface ServerDraft {
  fields: Record<string, unknown>;
  author: string;
  updatedAt: string;
}

/** The item's autosaved draft on the server, or null. */
export async function loadServerDraft(kind: ContentKind, id: number): Promise<ServerDraft | null> {
  return (await (await apiRequest('GET', `${itemApi(kind, id)}/draft`)).json()) as ServerDraft | null;
}

export async function discardServerDraft(kind: ContentKind, id: number): Promise<void> {
  await apiRequest('DELETE', `${itemApi(kind, id)}/draft`);
}

/** Autosave: the editor's fields become the item's server-side draft (what a preview shows). */
export async function autosaveDraft(kind: ContentKind, id: number, body: Record<string, unknown>): Promise<{ updatedAt: string }> {
  return (await (await apiRequest('PUT', `${itemApi(kind, id)}/draft`, body)).json()) as { updatedAt: string };
}

export async function listPreviewLinks(kind: ContentKind, id: number): Promise<PreviewLink[]> {
  return (await (await apiRequest('GET', `${itemApi(kind, id)}/preview-links`)).json()) as PreviewLink[];
}

export async function createPreviewLink(kind: ContentKind, id: number): Promise<PreviewLink & { url: string }> {
  return (await (await apiRequest('POST', `${itemApi(kind, id)}/preview-links`)).json()) as PreviewLink & { url: string };
}

export async function revokePreviewLink(kind: ContentKind, id: number, link: number): Promise<void> {
  await apiRequest('DELETE', `${itemApi(kind, id)}/preview-links/${link}`);
}

/** The signed-in admin's own preview of an item (its autosaved draft, else the saved item). */
export const adminPreviewUrl = (kind: ContentKind, id: number) => `/admin/preview/${kind}/${id}`;
