/**
 * The download route of an entity page (/api/{assets,networks,issuers}/{id}/{view}): each view is
 * one of the page's tables or its history series, as JSON or CSV, named `{id}-{view}[-{range}]-{as-of}`.
 * One route shape for the three kinds, so a rule (a 404 text, the file name) is kept in one place.
 */
import type { APIContext } from 'astro';
import { HttpError } from '#lib/server/http/http-error.ts';
import { readFormat, rowsResponse, type Format } from './download.ts';
import { readHistoryQuery, type HistoryQuery } from './history-query.ts';
import { publicGet } from './public-get.ts';

/** Rows with the columns a CSV shows (checked against the rows' own keys), ready to answer as a file. */
export interface Table {
  respond: (opts: { format: Format; view: string; asOf: string; download: true }) => Response;
}

/** `json`: what the JSON download gives instead of the bare rows (an answer with its method and notes); the CSV stays the rows. */
export const table = <T extends object>(rows: T[], columns: readonly (keyof T & string)[], json?: unknown): Table => ({
  respond: (opts) => rowsResponse(rows, columns, { ...opts, json }),
});

/** 'a', 'a or b', 'a, b or c'. */
const orList = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`);

export function pageDownloads<P extends { asOf: string }>(spec: {
  /** The entity's name in the 404 text: 'No {noun} with this id.' */
  noun: string;
  load: (id: string) => Promise<P | undefined>;
  idOf: (page: P) => string;
  /** The views, in the order the 404 names them; `history` reads range, from and to. */
  views: { history: (page: P, q: HistoryQuery) => Table } & Record<string, (page: P, q: HistoryQuery) => Table>;
}) {
  const names = Object.keys(spec.views);
  return publicGet(async ({ params, url }: APIContext) => {
    const view = params.view ?? '';
    if (!Object.hasOwn(spec.views, view)) throw new HttpError(404, `No such view: ${orList(names)}.`);
    const format = readFormat(url.searchParams);
    const q = readHistoryQuery(view === 'history' ? url.searchParams : new URLSearchParams());
    const page = await spec.load(params.id ?? '');
    if (!page) throw new HttpError(404, `No ${spec.noun} with this id.`);
    const name = `${spec.idOf(page)}-${view}${view === 'history' ? `-${q.label}` : ''}`;
    return spec.views[view](page, q).respond({ format, asOf: page.asOf, download: true, view: name });
  });
}
