import type { APIRoute } from 'astro';
import { publicGet } from '@/lib/server/open-data/public-get';
import { publicJson } from '@/lib/server/public-json';
import { openApiDocument } from '@/lib/server/open-data/openapi';
import { siteOrigin } from '@/lib/server/config';

export const prerender = false;

/** The OpenAPI 3.1 document, generated from the response schemas (no hand-written copy to drift). */
export const GET: APIRoute = publicGet(async () => publicJson(openApiDocument(siteOrigin())));
