import { HttpError } from '#lib/server/http/http-error.ts';
import { isArticleKind, type ArticleKind } from '#lib/shared/article-kinds.ts';
import { notFound } from './errors.ts';

/** The `[id]` of a content route: a positive integer; anything else is an unknown item (404). */
export function parseId(raw: string | undefined, what: string): number {
  const id = Number(raw);
  if (!raw || !/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw notFound(what);
  return id;
}

/** The `[kind]` route segment: 'blog' or 'research', anything else is an unknown route (404). */
export function parseKind(raw: string | undefined): ArticleKind {
  if (!isArticleKind(raw)) throw new HttpError(404, 'Unknown content kind');
  return raw;
}
