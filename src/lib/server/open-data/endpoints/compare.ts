/** Products side by side (/compare's table and histories). */
import { compareSchema } from '#lib/shared/schemas/compare.ts';
import { MAX_COMPARE } from '#lib/shared/compare.ts';
import { RANGES } from '#lib/shared/open-data/range.ts';
import type { EndpointDefinition } from './definition.ts';
import { download, format, query } from './params.ts';

export const COMPARE = {
  path: '/api/compare',
  tag: 'Compare',
  description: `The table of /compare: each product's value, price or NAV (in dollars; priceCurrency names a NAV struck in another currency), yields, holders, concentration and supply per chain, each as its asset page shows it, an unknown figure null with why (unknown). view=history gives instead one row per date with each product's market cap, in dollars or (scale=indexed) as an index of 100 on the first date all of them have. More than ${MAX_COMPARE} products, or an unknown id, is a 400.`,
  summary: 'Up to five products side by side, or their histories',
  component: 'Compare',
  schema: compareSchema,
  params: [
    {
      name: 'assets',
      in: 'query',
      required: true,
      description: `1 to ${MAX_COMPARE} asset ids, separated by commas (case, order and repeats do not matter)`,
      schema: { type: 'string' },
    },
    query('view', 'table (default): one row per product; history: one row per date', { type: 'string', enum: ['table', 'history'] }),
    query('scale', 'With view=history: absolute (default, dollars) or indexed (100 on the first common date)', {
      type: 'string',
      enum: ['absolute', 'indexed'],
    }),
    query('range', 'With view=history: the last 30d, 90d (default), 1y, or all', { type: 'string', enum: [...RANGES] }),
    format,
    download,
  ],
  csv: true,
  example: '/api/compare?assets={asset}',
} satisfies EndpointDefinition;
