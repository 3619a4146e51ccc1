/** oEmbed: the site's charts as iframes for other pages. */
import { oembedSchema } from '#lib/shared/schemas/oembed.ts';
import type { EndpointDefinition } from './definition.ts';
import { query } from './params.ts';

export const OEMBED = {
  path: '/api/oembed',
  tag: 'Embeds',
  description:
    'oEmbed 1.0 (https://oembed.com) for the site\'s charts: url is a page with a chart (/ for the class totals, /assets/{id} for an asset\'s history, /networks/{id} for a network\'s share) or an /embed/ address (/embed/assets/{id}/concentration for holder concentration; ?theme=light|dark). The answer is a rich embed: an iframe of the server-drawn chart, which needs no script and carries its as-of date, origin and a link back. Pages with a chart name this endpoint in a <link rel="alternate" type="application/json+oembed">.',
  summary: 'An iframe of a chart, for embedding in another page',
  component: 'OEmbed',
  schema: oembedSchema,
  params: [
    {
      name: 'url',
      in: 'query',
      required: true,
      description: 'The address of a page of this site with a chart, or of an /embed/ page',
      schema: { type: 'string', format: 'uri' },
    },
    query('maxwidth', 'The widest iframe the consumer takes, in pixels (the chart is drawn 280 to 640 wide)', {
      type: 'integer',
      minimum: 1,
    }),
    query('maxheight', 'The tallest iframe the consumer takes, in pixels', { type: 'integer', minimum: 1 }),
    query('format', 'json (the default); xml is not answered (501)', { type: 'string', enum: ['json', 'xml'] }),
  ],
  errors: {
    '404': 'No chart at that address (not this site, no such page, asset or network)',
    '501': 'The xml format is not implemented',
  },
  example: '/api/oembed?url={origin}%2F',
} satisfies EndpointDefinition;
