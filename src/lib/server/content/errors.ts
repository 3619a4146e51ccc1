import { HttpError } from '../http.ts';
import { isArticleKind, type ArticleKind } from '../../shared/article-kinds.ts';

/** True for SQLite's UNIQUE constraint error, however deep libSQL / drizzle wrapped it. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const msg = String((e as { message?: unknown }).message ?? '');
    const code = String((e as { code?: unknown }).code ?? '');
    if (/UNIQUE constraint failed/i.test(msg) || code === 'SQLITE_CONSTRAINT_UNIQUE') return true;
  }
  return false;
}

/** Runs a write, turning a slug collision that slipped past the pre-check (a race) into 409. */
export async function withSlugConflict<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, message, { slug: [message] });
    throw err;
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);

/** Route ids are positive integers; anything else is an unknown id. */
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
