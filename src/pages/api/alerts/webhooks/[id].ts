import type { APIRoute } from 'astro';
import { handle } from '#lib/server/http/handle.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { requireUser } from '#lib/server/auth/require-user.ts';
import { getDb } from '#lib/server/db/client.ts';
import { deleteWebhook } from '#lib/server/alerts/webhooks.ts';

export const prerender = false;

/** Removes a webhook and its delivery log; its pending deliveries are dropped with it. */
export const DELETE: APIRoute = handle(async ({ locals, params }) => {
  requireUser(locals);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(400, 'Invalid webhook id');
  await deleteWebhook(getDb(), id);
  return new Response(null, { status: 204 });
});
