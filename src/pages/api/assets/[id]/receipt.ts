import type { APIRoute } from 'astro';
import { publicGet } from '#lib/server/open-data/public-get.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { publicJson } from '#lib/server/http/public-json.ts';
import { loadAssetReceipt, receiptForApi } from '#lib/server/open-data/receipt-page.ts';

export const prerender = false;

/** What each of the asset's published figures was read from, and the command that repeats the read. */
export const GET: APIRoute = publicGet(async ({ params }) => {
  const receipt = await loadAssetReceipt(params.id ?? '');
  if (!receipt) throw new HttpError(404, 'No asset with this id.');
  return publicJson(receiptForApi(receipt));
});
