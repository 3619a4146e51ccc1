import type { APIRoute } from 'astro';
import { answerMcp } from '#lib/server/mcp/endpoint.ts';

export const prerender = false;

/** The MCP endpoint (Streamable HTTP, stateless, JSON answers): the public figures as tools for AI assistants. */
export const ALL: APIRoute = ({ request, clientAddress }) => answerMcp(request, clientAddress);
