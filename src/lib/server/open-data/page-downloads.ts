/**
 * The download route of an entity page (/api/{assets,networks,issuers}/{id}/{view}): each view is
 * one of the page's tables or its history series, an endpoint of its own (endpoints/*.ts) whose
 * path names the view, as JSON or CSV, named `{id}-{view}[-{range}]-{as-of}`. One route shape for
 * the three kinds, so a rule (a 404 text, the file name) is kept in one place.
 */
import type { APIContext } from 'astro';
import { HttpError } from '#lib/server/http/http-error.ts';
import { readFormat } from './download.ts';
import { readHistoryQuery, type HistoryQuery } from './history-query.ts';
import { publicGet } from './public-get.ts';
import type { Reply } from './reply.ts';
import type { EndpointDefinition } from './endpoints/definition.ts';
import { answerResponse, type AnswerOf } from './serve-endpoint.ts';

/** One view: its endpoint, its name (the path's last segment), and its rows from the loaded page. */
interface PageView<P> {
  definition: EndpointDefinition;
  name: string;
  reply: (page: P, q: HistoryQuery) => Reply<unknown>;
}

/** Makes the view that serves an endpoint: its JSON of the endpoint's schema's type (table, reply.ts). */
type ViewOf<P> = <D extends EndpointDefinition>(definition: D, reply: (page: P, q: HistoryQuery) => Reply<AnswerOf<D>>) => PageView<P>;

const view = <P>(definition: EndpointDefinition, reply: (page: P, q: HistoryQuery) => Reply<unknown>): PageView<P> => ({
  definition,
  name: definition.path.slice(definition.path.lastIndexOf('/') + 1),
  reply,
});

/** 'a', 'a or b', 'a, b or c'. */
const orList = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`);

export function pageDownloads<P extends { asOf: string }>(spec: {
  /** The entity's name in the 404 text: 'No {noun} with this id.' */
  noun: string;
  load: (id: string) => Promise<P | undefined>;
  idOf: (page: P) => string;
  /**
   * The views, each made by `view(ITS_DEFINITION, rows)`, in the order the 404 names them; a view
   * is named by its definition's last path segment, and `history` reads range, from and to.
   */
  views: (view: ViewOf<P>) => PageView<P>[];
}) {
  const views = spec.views(view);
  const names = views.map((v) => v.name);
  return publicGet(async ({ params, url }: APIContext) => {
    const asked = views.find((v) => v.name === params.view);
    if (!asked) throw new HttpError(404, `No such view: ${orList(names)}.`);
    const format = readFormat(url.searchParams);
    const q = readHistoryQuery(asked.name === 'history' ? url.searchParams : new URLSearchParams());
    const page = await spec.load(params.id ?? '');
    if (!page) throw new HttpError(404, `No ${spec.noun} with this id.`);
    const name = `${spec.idOf(page)}-${asked.name}${asked.name === 'history' ? `-${q.label}` : ''}`;
    return answerResponse(asked.definition, asked.reply(page, q).with({ format, file: { view: name, asOf: page.asOf } }));
  });
}
