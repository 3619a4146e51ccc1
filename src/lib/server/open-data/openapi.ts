/**
 * The OpenAPI 3.1 document of the public read API, built from the endpoints' definitions
 * (endpoints/list.ts): each one's path, words and parameters, and the zod schema of its answer,
 * which the route's answer is typed by and the contract test validates real answers against.
 */
import { z } from 'zod';
import { errorSchema } from '#lib/shared/schemas/responses.ts';
import { TAGS } from './endpoints/definition.ts';
import { ENDPOINTS } from './endpoints/list.ts';

/** Where the document itself is served (src/pages/api/openapi.json.ts). */
export const OPENAPI_PATH = '/api/openapi.json';

/**
 * The document's components: the error shape, then each endpoint's answer under its name. Two
 * endpoints may share a component (the alerts' list and its Atom feed) only with the same schema.
 */
function components(): Map<string, z.ZodType> {
  const named = new Map<string, z.ZodType>([['Error', errorSchema]]);
  for (const e of ENDPOINTS) {
    const known = named.get(e.component);
    if (known && known !== e.schema) throw new Error(`Two schemas are named ${e.component} (${e.path}).`);
    named.set(e.component, e.schema);
  }
  return named;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * The terms the figures are published under: free to reuse with attribution. An OpenAPI document
 * names a license, so a reuser knows the terms; the site's owner may set another here.
 */
const LICENSE = { name: 'CC BY 4.0', identifier: 'CC-BY-4.0' };

/** The document (pure: the same input gives the same document). */
export function openApiDocument(serverUrl: string) {
  const schemas = Object.fromEntries(
    [...components()].map(([name, schema]) => {
      const { $schema: _drop, ...json } = z.toJSONSchema(schema, {
        target: 'draft-2020-12',
        io: 'output',
        unrepresentable: 'any',
      });
      void _drop;
      return [name, json];
    }),
  );
  const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });
  const paths = Object.fromEntries(
    ENDPOINTS.map((e) => [
      e.path,
      {
        get: {
          tags: [e.tag],
          summary: e.summary,
          description: e.description,
          operationId: e.path
            .replace(/[{}]/g, '')
            .replace(/[^A-Za-z0-9]+/g, '_')
            .replace(/^_|_$/g, ''),
          parameters: e.params,
          // Public: no key, no cookie (an empty list overrides any document-wide requirement).
          security: [],
          responses: {
            '200': {
              description: 'OK. Sent with ETag and Cache-Control; open to any origin (Access-Control-Allow-Origin: *).',
              ...(e.headers ? { headers: e.headers } : {}),
              content:
                e.media === 'application/atom+xml'
                  ? { [e.media]: { schema: { type: 'string' } } }
                  : {
                      [e.media ?? 'application/json']: { schema: ref(e.component) },
                      ...(e.csv ? { 'text/csv': { schema: { type: 'string' } } } : {}),
                    },
            },
            '304': { description: 'Not modified: the If-None-Match header named the current ETag' },
            '400': errorResponse('Invalid query parameter'),
            ...(e.path.includes('{id}') ? { '404': errorResponse('No such id') } : {}),
            ...Object.fromEntries(Object.entries(e.errors ?? {}).map(([status, what]) => [status, errorResponse(what)])),
          },
        },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'RWA Analytics public API',
      version: '1.0.0',
      description: [
        'Free, open read access to every figure on the site. No key, no cookie: any origin may call it (CORS), and every answer has an ETag for a conditional GET (304).',
        'Money is a decimal string in dollars (e.g. "1234.5"; billions in /api/chart-data), for assets and networks; the one exception is a transfer\'s usdAmount, a number. Percents and counts are numbers unless the spec says otherwise (change7d, change30d). An unknown figure is null, never 0.',
        'Every error is {"message", "issues"?} with the HTTP status saying its kind.',
        `AI assistants reach the same figures as MCP tools at ${serverUrl}/mcp (Streamable HTTP, stateless; how to connect: ${serverUrl}/docs/mcp).`,
      ].join('\n\n'),
      contact: { name: 'RWA Analytics', url: `${serverUrl}/docs/api` },
      license: LICENSE,
    },
    servers: [{ url: serverUrl, description: 'This site' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: { schemas },
  };
}
