/**
 * The answer of a download link or `?format=csv`: the same rows as JSON or as RFC 4180 CSV, named
 * `{view}-{as-of}.{ext}` in Content-Disposition, cacheable and open to any origin like the API.
 */
import { recordsToCsv } from '#lib/shared/csv.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { CACHE, cacheHeaders } from '#lib/server/cache/policy.ts';

export type Format = 'json' | 'csv';

/** `format` from the query: json (default) or csv; anything else is a 400. */
export function readFormat(params: URLSearchParams): Format {
  const f = params.get('format');
  if (f === null || f === '' || f === 'json') return 'json';
  if (f === 'csv') return 'csv';
  throw new HttpError(400, 'format must be json or csv.', { format: [`Unknown format '${f.slice(0, 20)}'.`] });
}

/** `limit` from the query: absent is every row; otherwise a whole number from 1 to 1000, or a 400. */
export function readLimit(params: URLSearchParams): number | undefined {
  const v = params.get('limit');
  if (v === null || v === '') return undefined;
  const n = Number(v);
  if (!/^\d{1,4}$/.test(v) || n < 1 || n > 1000)
    throw new HttpError(400, 'limit must be a whole number from 1 to 1000.', { limit: [`Not a limit: '${v.slice(0, 20)}'.`] });
  return n;
}

/** A file name safe in a header: letters, digits, dot and dash only. */
const fileName = (view: string, asOf: string, ext: Format) => `${`${view}-${asOf}`.replace(/[^A-Za-z0-9.-]+/g, '-').slice(0, 120)}.${ext}`;

/** The Content-Disposition of a download, named `{view}-{as-of}.{ext}`. */
export const attachment = (view: string, asOf: string, ext: Format) => `attachment; filename="${fileName(view, asOf, ext)}"`;

/** Rows as RFC 4180 CSV with a header row of the columns, cacheable like the JSON. */
export function csvResponse<T extends object>(rows: readonly T[], columns: readonly (keyof T & string)[]): Response {
  return new Response(recordsToCsv(columns as readonly string[], rows as unknown as Record<string, unknown>[]), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8; header=present', ...cacheHeaders(CACHE.dataApi) },
  });
}
