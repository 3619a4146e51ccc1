import type { APIRoute } from 'astro';
import { handle, validate } from '@/lib/server/http';
import { publicJson } from '@/lib/server/public-json';
import { listTransfers } from '@/lib/server/analytics';
import { transfersQuerySchema } from '@/lib/shared/schemas/analytics';

export const prerender = false;

/** The largest transfers of the last `days` days before the as-of date, optionally within an amount range. */
export const GET: APIRoute = handle(async ({ url }) => {
  const p = url.searchParams;
  const query = validate(transfersQuerySchema, {
    days: p.get('days'),
    minUsd: p.get('minUsd'),
    maxUsd: p.get('maxUsd'),
    limit: p.get('limit'),
  });
  return publicJson(await listTransfers(query));
});
