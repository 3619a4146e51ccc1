/**
 * How a route serves its endpoint (endpoints/*.ts): `serveEndpoint(ITS_DEFINITION, handler)`. The
 * handler gives the answer's JSON, typed as the definition's schema's output, so a route cannot
 * answer other than what the OpenAPI document says; or a Reply of that JSON (reply.ts: the rows
 * as CSV, a file name, headers); only a feed that is not JSON (Atom) gives its own Response. The
 * answer leaves under the public read API's rules (public-get.ts): open to any origin, an ETag
 * and 304, the one error shape.
 */
import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import type { NamedFields } from '#lib/shared/schemas/named-fields.ts';
import type { EndpointDefinition } from './endpoints/definition.ts';
import { publicGet } from './public-get.ts';
import { Reply } from './reply.ts';

/**
 * The JSON an endpoint answers: its schema's output type, its named fields (the extra fields a
 * loose or catch-all object allows go unchecked: named-fields.ts).
 */
export type AnswerOf<D extends EndpointDefinition> = NamedFields<z.output<D['schema']>>;

/** What a handler of the endpoint may return: its JSON, a Reply of it, or (an Atom feed) the Response itself. */
export type Answer<D extends EndpointDefinition> = D extends { media: 'application/atom+xml' }
  ? Response
  : AnswerOf<D> | Reply<AnswerOf<D>>;

/** The Response of a handler's answer. */
export function answerResponse(definition: EndpointDefinition, answer: unknown): Response {
  if (answer instanceof Response) return answer;
  return (answer instanceof Reply ? answer : new Reply(answer)).response(definition.media);
}

export function serveEndpoint<D extends EndpointDefinition>(
  definition: D,
  handler: (ctx: APIContext) => Promise<Answer<D>> | Answer<D>,
): APIRoute {
  return publicGet(async (ctx: APIContext) => answerResponse(definition, await handler(ctx)));
}
