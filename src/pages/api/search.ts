import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { SEARCH } from '#lib/server/open-data/endpoints/search.ts';
import { Reply } from '#lib/server/open-data/reply.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { tagResponse, listTags } from '#lib/server/cache/cdn.ts';
import { searchAnswer } from '#lib/server/search/site-search.ts';
import { MAX_QUERY_LENGTH } from '#lib/shared/search.ts';
import { searchQuerySchema } from '#lib/shared/schemas/queries.ts';

export const prerender = false;

/** The header box's suggestions: assets, issuers, networks, posts and research matching `q`, best first. */
export const GET = serveEndpoint(SEARCH, async ({ url }) => {
  const asked = searchQuerySchema.safeParse(url.searchParams.get('q') ?? '');
  if (!asked.success) throw new HttpError(400, `q must be 1 to ${MAX_QUERY_LENGTH} characters.`, { q: [asked.error.issues[0].message] });
  const query = asked.data;
  // Posts and articles are hits too: a published or withdrawn one purges the answer with the lists.
  return new Reply(await searchAnswer(query), { headers: (h) => tagResponse(h, listTags()) });
});
