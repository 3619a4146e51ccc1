/**
 * What a search engine's result for an article would show, from the SEO fields as typed: the
 * title and description it falls back to when a field is empty, cut where the result cuts them,
 * and the address as a breadcrumb. Pure, so the editor's preview and its test agree.
 */
import { META_DESCRIPTION_LIMIT, META_TITLE_LIMIT, defaultMetaDescription } from './article-rules.ts';

export interface SearchPreviewInput {
  metaTitle: string;
  metaDescription: string;
  canonicalUrl: string;
  title: string;
  excerpt: string;
  content: string;
  /** The site's origin and the article's own path, the address when no canonical URL is set. */
  origin: string;
  path: string;
}

export interface SearchPreview {
  title: string;
  description: string;
  url: string;
  /** 'host › blog › slug', as results print an address. */
  breadcrumb: string;
  /** True when a text was cut to fit (the editor says so beside the preview). */
  cut: { title: boolean; description: boolean };
}

/** Cuts at the last space within the limit (a word is never split) and marks the cut with '…'. */
export function cutAt(text: string, limit: number): { text: string; cut: boolean } {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= limit) return { text: t, cut: false };
  const head = t.slice(0, limit - 1);
  const space = head.lastIndexOf(' ');
  return { text: `${(space > limit / 2 ? head.slice(0, space) : head).trimEnd()}…`, cut: true };
}

function address(canonical: string, own: string): URL {
  try {
    const u = new URL(canonical.trim());
    if (u.protocol === 'http:' || u.protocol === 'https:') return u;
  } catch {
    // Not an address (or still being typed): the article's own address stands.
  }
  return new URL(own);
}

export function searchPreview(i: SearchPreviewInput): SearchPreview {
  const title = cutAt(i.metaTitle.trim() || i.title, META_TITLE_LIMIT);
  const description = cutAt(i.metaDescription.trim() || defaultMetaDescription(i.excerpt, i.content), META_DESCRIPTION_LIMIT);
  const url = address(i.canonicalUrl, i.origin + i.path);
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponentSafe);
  return {
    title: title.text,
    description: description.text,
    url: url.href,
    breadcrumb: [url.host, ...segments].join(' › '),
    cut: { title: title.cut, description: description.cut },
  };
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
