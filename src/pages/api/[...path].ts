import type { APIRoute } from 'astro';
import { apiError, toResponse } from '#lib/server/http/api-answers.ts';

export const prerender = false;

/** Any /api/ address no route serves, by any method: the JSON 404 (not the site's HTML page). */
export const ALL: APIRoute = () => toResponse(apiError(404, 'No such API address. The public API is described at /api/openapi.json.'));
