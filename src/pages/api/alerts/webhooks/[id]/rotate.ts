import type { APIRoute } from 'astro';
import { z } from 'zod';
import { handle, json, parseBody } from '#lib/server/http/handle.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { requireUser } from '#lib/server/auth/require-user.ts';
import { getDb } from '#lib/server/db/client.ts';
import { config } from '#lib/server/config.ts';
import { ROTATION_GRACE_HOURS, rotateSecret } from '#lib/server/alerts/webhooks.ts';

export const prerender = false;

/**
 * A new secret for the webhook, answered this once (no-store). The previous one still signs beside it
 * for `graceHours` (default 24, 0 to 168; 0 ends it at once).
 */
export const POST: APIRoute = handle(async ({ locals, params, request }) => {
  requireUser(locals);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(400, 'Invalid webhook id');
  const { graceHours } = await parseBody(
    request,
    z.object({ graceHours: z.number().int().min(0).max(ROTATION_GRACE_HOURS.max).default(ROTATION_GRACE_HOURS.default) }),
    1024,
  );
  const rotated = await rotateSecret(getDb(), id, graceHours, config().alerts);
  return json(rotated, { headers: { 'Cache-Control': 'no-store' } });
});
