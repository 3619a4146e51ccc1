import { HttpError } from '#lib/server/http/http-error.ts';

/** True for SQLite's UNIQUE constraint error, however deep libSQL / drizzle wrapped it. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { message, code } = e as { message?: unknown; code?: unknown };
    const msg = typeof message === 'string' ? message : '';
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
