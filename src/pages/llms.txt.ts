import type { APIRoute } from 'astro';
import { CACHE, cacheHeaders } from '#lib/server/cache/policy.ts';
import { llmsIndex } from '#lib/server/mcp/llms-txt.ts';
import { llmsSources } from '#lib/server/mcp/llms-sources.ts';

export const prerender = false;

/** What the site is, how its figures are made, and where the API, the OpenAPI document, the feeds and the MCP endpoint are (llmstxt.org). */
export const GET: APIRoute = () =>
  new Response(llmsIndex(llmsSources()), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...cacheHeaders(CACHE.dataPage) },
  });
