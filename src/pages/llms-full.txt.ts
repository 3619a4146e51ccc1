import type { APIRoute } from 'astro';
import { CACHE, cacheHeaders } from '#lib/server/cache/policy.ts';
import { llmsFull } from '#lib/server/mcp/llms-txt.ts';
import { llmsSources } from '#lib/server/mcp/llms-sources.ts';

export const prerender = false;

/** The method and the API in plain text, for language models. */
export const GET: APIRoute = () =>
  new Response(llmsFull(llmsSources()), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...cacheHeaders(CACHE.dataPage) },
  });
