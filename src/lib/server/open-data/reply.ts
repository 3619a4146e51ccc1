/**
 * An endpoint's answer with more than its JSON (serve-endpoint.ts): the same rows as CSV when
 * format=csv asks for them, a file name when it is a download, and headers of its own. The JSON
 * keeps its type, so the route that returns a Reply is still checked against its schema.
 */
import { publicJson } from '#lib/server/http/public-json.ts';
import { attachment, csvResponse, type Format } from './download.ts';

interface ReplyOptions {
  /** The format asked for: with csv, the rows below are the answer. */
  format?: Format;
  /** The rows and the columns their CSV shows. */
  csv?: { rows: readonly object[]; columns: readonly string[] };
  /** Sent as a file (Content-Disposition) named `{view}-{asOf}.{json|csv}`. */
  file?: { view: string; asOf: string };
  /** Headers of its own (counts, a Link, CDN tags), on the JSON and the CSV alike. */
  headers?: (headers: Headers) => void;
}

export class Reply<T> {
  constructor(
    /** The JSON answer, of the endpoint's schema's output type. */
    readonly json: T,
    readonly options: ReplyOptions = {},
  ) {}

  /** The same answer with more options (the format and file name a download route knows). */
  with(options: ReplyOptions): Reply<T> {
    return new Reply(this.json, { ...this.options, ...options });
  }

  /** The answer as it leaves: JSON (of `media` when a feed's) or, when asked and given, CSV. */
  response(media?: string): Response {
    const { format, csv, file, headers } = this.options;
    const ext = format === 'csv' && csv ? 'csv' : 'json';
    const res = csv && ext === 'csv' ? csvResponse(csv.rows as readonly Record<string, unknown>[], csv.columns) : publicJson(this.json);
    if (ext === 'json' && media) res.headers.set('Content-Type', `${media}; charset=utf-8`);
    if (file) res.headers.set('Content-Disposition', attachment(file.view, file.asOf, ext));
    headers?.(res.headers);
    return res;
  }
}

/**
 * Rows as the JSON answer and as CSV (the columns checked against the rows' own keys), or with
 * `json` an answer standing for them in the JSON (the rows with their method and notes).
 */
export function table<T extends object>(rows: T[], columns: readonly (keyof T & string)[]): Reply<T[]>;
export function table<T extends object, J>(rows: T[], columns: readonly (keyof T & string)[], json: J): Reply<J>;
export function table<T extends object>(rows: T[], columns: readonly (keyof T & string)[], json?: unknown): Reply<unknown> {
  return new Reply(json === undefined ? rows : json, { csv: { rows, columns } });
}

/**
 * A list endpoint's rows, JSON or CSV as `format` asks; `download` names the file, `headers` adds its own.
 */
export function rowsReply<T extends object>(
  rows: T[],
  columns: readonly (keyof T & string)[],
  opts: { format: Format; view: string; asOf: string; download?: boolean; headers?: ReplyOptions['headers'] },
): Reply<T[]> {
  return table(rows, columns).with({
    format: opts.format,
    file: opts.download ? { view: opts.view, asOf: opts.asOf } : undefined,
    headers: opts.headers,
  });
}

/**
 * The same rows as a page's download link answers them (its `?format=` and file name): the Response of
 * rowsReply, so a page's file and the API's list follow one rule.
 */
export function rowsResponse<T extends object>(
  rows: T[],
  columns: readonly (keyof T & string)[],
  opts: { format: Format; view: string; asOf: string; download?: boolean },
): Response {
  return rowsReply(rows, columns, opts).response();
}
