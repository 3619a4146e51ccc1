import type { APIRoute } from 'astro';
import { z } from 'zod';
import { handle, json, parseBody } from '#lib/server/http/handle.ts';
import { requireUser } from '#lib/server/auth/require-user.ts';
import { getDb } from '#lib/server/db/client.ts';
import { config } from '#lib/server/config.ts';
import { listWebhooks, registerWebhook } from '#lib/server/alerts/webhooks.ts';

export const prerender = false;

/** The admin's webhooks, each with its delivery log (Settings). */
export const GET: APIRoute = handle(async ({ locals }) => {
  requireUser(locals);
  return json(await listWebhooks(getDb()));
});

/**
 * Registers a webhook: every event made from now on is delivered to it, signed with the secret
 * answered. This answer is the only one that holds the secret (no-store: nothing keeps a copy).
 */
export const POST: APIRoute = handle(async ({ locals, request }) => {
  requireUser(locals);
  const { url } = await parseBody(request, z.object({ url: z.string().min(1).max(2000) }), 4096);
  const row = await registerWebhook(getDb(), url, config().alerts);
  return json(row, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});
