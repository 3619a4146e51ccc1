/** The largest transfers across the tracked assets. */
import * as R from '#lib/shared/schemas/responses.ts';
import { MAX_TRANSFER_LIMIT, TRANSFER_LIMIT } from '#lib/shared/transfers.ts';
import type { EndpointDefinition } from './definition.ts';
import { download, format } from './params.ts';

export const TRANSFERS = {
  path: '/api/transfers',
  tag: 'Transfers',
  description:
    "The largest transfers before the as-of date, largest first, within an optional amount range. usdAmount is a number in dollars (the field's original type, kept as it is).",
  summary: 'The largest transfers of the last 7, 30 or 90 days before the as-of date',
  component: 'Transfers',
  schema: R.transfersSchema,
  params: [
    { name: 'days', in: 'query', required: true, description: 'The window', schema: { type: 'integer', enum: [7, 30, 90] } },
    { name: 'minUsd', in: 'query', description: 'Inclusive lower bound in dollars', schema: { type: 'number', minimum: 0 } },
    { name: 'maxUsd', in: 'query', description: 'Exclusive upper bound in dollars', schema: { type: 'number', exclusiveMinimum: 0 } },
    {
      name: 'limit',
      in: 'query',
      description: `Rows, per amount range when no bound is given (default ${TRANSFER_LIMIT}, at most ${MAX_TRANSFER_LIMIT})`,
      schema: { type: 'integer', minimum: 1, maximum: MAX_TRANSFER_LIMIT, default: TRANSFER_LIMIT },
    },
    format,
    download,
  ],
  csv: true,
  example: '/api/transfers?days=30&minUsd=1000000',
} satisfies EndpointDefinition;
