import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { OEMBED } from '#lib/server/open-data/endpoints/embeds.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { siteOrigin } from '#lib/server/config.ts';
import { loadEmbed } from '#lib/server/open-data/embeds.ts';
import { embedForPath, embedIframe, embedLayout, embedLinkText, embedPath, oembedWidth, readEmbedHeight } from '#lib/shared/embed.ts';
import { canonicalQuery } from '#lib/shared/route-params.ts';
import { SITE } from '#lib/shared/site.ts';
import type { OEmbed } from '#lib/shared/schemas/oembed.ts';

export const prerender = false;

/** Seconds a consumer may keep the answer: the figures change with a published run, at most daily. */
const CACHE_AGE = 3600;

const pixels = (name: string, value: string | null): number | undefined => {
  if (value === null) return undefined;
  if (!/^\d{1,5}$/.test(value) || Number(value) === 0)
    throw new HttpError(400, `${name} must be a whole number of pixels.`, { [name]: ['Not a positive integer.'] });
  return Number(value);
};

/**
 * oEmbed 1.0 (https://oembed.com): the chart of a page of this site (/, /assets/{id}, /networks/{id})
 * or of an /embed/ address, as a sized iframe. An address without a chart is a 404, XML a 501.
 */
export const GET = serveEndpoint(OEMBED, async ({ url }) => {
  const q = url.searchParams;
  const asked = q.get('url');
  if (!asked) throw new HttpError(400, 'url is required: the address of a page with a chart.', { url: ['Missing.'] });
  const format = q.get('format');
  if (format === 'xml') throw new HttpError(501, 'Only the json format is answered.', { format: ['xml is not implemented.'] });
  if (format !== null && format !== 'json') throw new HttpError(400, 'format must be json.', { format: ['Unknown format.'] });
  const maxwidth = pixels('maxwidth', q.get('maxwidth'));
  const maxheight = pixels('maxheight', q.get('maxheight'));
  let page: URL;
  try {
    page = new URL(asked);
  } catch {
    throw new HttpError(400, 'url must be an absolute address.', { url: ['Not a URL.'] });
  }
  const origin = siteOrigin();
  const target = page.origin === origin ? embedForPath(page.pathname) : undefined;
  if (!target) throw new HttpError(404, 'No chart to embed at that address: it is not a page of this site with a chart.');
  // The embed reads what its own route reads of the address (its range, metric, theme), as a visit would.
  const embedUrl = new URL(embedPath(target) + canonicalQuery(embedPath(target), page.search), origin);
  const data = await loadEmbed(target, embedUrl.searchParams);
  if (!data) throw new HttpError(404, 'No chart to embed at that address: no such asset or network.');
  const width = oembedWidth(maxwidth);
  // Above maxheight, the embed is asked to fit it (its chart gives up height; ?height=).
  const natural = embedLayout(data, width, embedLinkText(origin, target)).height;
  const bound = maxheight !== undefined && natural > maxheight ? readEmbedHeight(String(maxheight)) : undefined;
  const height = embedLayout(data, width, embedLinkText(origin, target), bound).height;
  embedUrl.searchParams.set('width', String(width));
  if (bound !== undefined) embedUrl.searchParams.set('height', String(bound));
  const answer: OEmbed = {
    type: 'rich',
    version: '1.0',
    html: embedIframe(embedUrl.href, data.title, width, height),
    width,
    height,
    title: data.title,
    provider_name: SITE.name,
    provider_url: origin,
    cache_age: CACHE_AGE,
  };
  return answer;
});
