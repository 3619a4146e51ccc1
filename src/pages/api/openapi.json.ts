import type { APIRoute } from 'astro';
import { publicGet } from '#lib/server/open-data/public-get.ts';
import { publicJson } from '#lib/server/http/public-json.ts';
import { openApiDocument } from '#lib/server/open-data/openapi.ts';
import { siteOrigin } from '#lib/server/config.ts';

export const prerender = false;

/** The OpenAPI 3.1 document, generated from the response schemas (no hand-written copy to drift). */
export const GET: APIRoute = publicGet(() => publicJson(openApiDocument(siteOrigin())));
