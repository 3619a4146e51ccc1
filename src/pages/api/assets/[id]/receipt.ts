import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { ASSET_RECEIPT } from '#lib/server/open-data/endpoints/assets.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { loadAssetReceipt, receiptForApi } from '#lib/server/open-data/receipt-page.ts';

export const prerender = false;

/** What each of the asset's published figures was read from, and the command that repeats the read. */
export const GET = serveEndpoint(ASSET_RECEIPT, async ({ params }) => {
  const receipt = await loadAssetReceipt(params.id ?? '');
  if (!receipt) throw new HttpError(404, 'No asset with this id.');
  return receiptForApi(receipt);
});
